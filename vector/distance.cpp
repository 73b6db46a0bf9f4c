// Compiled with -ffp-contract=off (CMakeLists.txt): a fused multiply-add would change the bits.
#include "vector/distance.h"

#include <algorithm>
#include <cmath>

namespace minnow::vector {

namespace {

double dot(const float* q, const float* x, std::size_t dims) {
  double s = 0;
  for (std::size_t i = 0; i < dims; ++i) s += static_cast<double>(q[i]) * static_cast<double>(x[i]);
  return s;
}

double squared_norm(const float* v, std::size_t dims) { return dot(v, v, dims); }

}  // namespace

double norm(const float* v, std::size_t dims) { return std::sqrt(squared_norm(v, dims)); }

double exact_score(Distance distance, const float* q, const float* x, std::size_t dims) {
  switch (distance) {
    case Distance::DotProduct:
      return dot(q, x, dims);
    case Distance::Euclidean: {
      double s = 0;
      for (std::size_t i = 0; i < dims; ++i) {
        double d = static_cast<double>(q[i]) - static_cast<double>(x[i]);
        s += d * d;
      }
      return std::sqrt(s);
    }
    case Distance::Cosine: {
      double norms = std::sqrt(squared_norm(q, dims)) * std::sqrt(squared_norm(x, dims));
      if (norms == 0) return 1;
      return std::clamp(1 - dot(q, x, dims) / norms, 0.0, 2.0);
    }
  }
  return 0;
}

}  // namespace minnow::vector
