#include "vector/kernels.h"

namespace minnow::vector {

namespace {

// Four vectors at a time: the query is loaded once for four, and the 4 x kLanes partial sums
// are independent, so the additions overlap.
// The sum of the kLanes partial sums, pairwise (shuffles of one register, not a serial chain).
[[gnu::always_inline]] inline float reduce(float* a) {
  for (std::size_t width = kLanes / 2; width > 0; width /= 2)
    for (std::size_t j = 0; j < width; ++j) a[j] += a[j + width];
  return a[0];
}

template <Sum kSum>
[[gnu::always_inline]] inline void sums_body(const float* q, const float* rows, std::size_t count, std::size_t stride,
                                             float* out) {
  std::size_t r = 0;
  for (; r + 4 <= count; r += 4) {
    const float* x0 = rows + r * stride;
    const float* x1 = x0 + stride;
    const float* x2 = x1 + stride;
    const float* x3 = x2 + stride;
    float a0[kLanes] = {}, a1[kLanes] = {}, a2[kLanes] = {}, a3[kLanes] = {};
    for (std::size_t i = 0; i < stride; i += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) {
        const float qj = q[i + j];
        if constexpr (kSum == Sum::Dot) {
          a0[j] += qj * x0[i + j];
          a1[j] += qj * x1[i + j];
          a2[j] += qj * x2[i + j];
          a3[j] += qj * x3[i + j];
        } else {
          const float d0 = qj - x0[i + j], d1 = qj - x1[i + j], d2 = qj - x2[i + j], d3 = qj - x3[i + j];
          a0[j] += d0 * d0;
          a1[j] += d1 * d1;
          a2[j] += d2 * d2;
          a3[j] += d3 * d3;
        }
      }
    }
    out[r] = reduce(a0);
    out[r + 1] = reduce(a1);
    out[r + 2] = reduce(a2);
    out[r + 3] = reduce(a3);
  }
  for (; r < count; ++r) {
    const float* x = rows + r * stride;
    float a[kLanes] = {};
    for (std::size_t i = 0; i < stride; i += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) {
        if constexpr (kSum == Sum::Dot) {
          a[j] += q[i + j] * x[i + j];
        } else {
          const float d = q[i + j] - x[i + j];
          a[j] += d * d;
        }
      }
    }
    out[r] = reduce(a);
  }
}

using SumsFn = void (*)(Sum, const float*, const float*, std::size_t, std::size_t, float*);

void sums_baseline(Sum sum, const float* q, const float* rows, std::size_t count, std::size_t stride, float* out) {
  if (sum == Sum::Dot) return sums_body<Sum::Dot>(q, rows, count, stride, out);
  sums_body<Sum::SquaredDistance>(q, rows, count, stride, out);
}

#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("avx2,fma")]] void sums_avx2(Sum sum, const float* q, const float* rows, std::size_t count,
                                           std::size_t stride, float* out) {
  if (sum == Sum::Dot) return sums_body<Sum::Dot>(q, rows, count, stride, out);
  sums_body<Sum::SquaredDistance>(q, rows, count, stride, out);
}

[[gnu::target("avx512f,avx512vl,avx2,fma")]] void sums_avx512(Sum sum, const float* q, const float* rows,
                                                              std::size_t count, std::size_t stride, float* out) {
  if (sum == Sum::Dot) return sums_body<Sum::Dot>(q, rows, count, stride, out);
  sums_body<Sum::SquaredDistance>(q, rows, count, stride, out);
}
#endif

struct Kernel {
  SumsFn fn;
  const char* name;
};

Kernel choose() {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return {sums_avx512, "avx512"};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return {sums_avx2, "avx2"};
#endif
  return {sums_baseline, "baseline"};
}

const Kernel& kernel() {
  static const Kernel k = choose();
  return k;
}

}  // namespace

void sums(Sum sum, const float* q, const float* rows, std::size_t count, std::size_t stride, float* out) {
  kernel().fn(sum, q, rows, count, stride, out);
}

const char* kernel_name() { return kernel().name; }

}  // namespace minnow::vector
