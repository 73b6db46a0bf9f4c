// The float32 loops a search spends its time in: one pass over consecutive stored vectors,
// giving each one's dot product or squared Euclidean distance with the query.
//
// Vectors are stored `stride` floats apart, stride a multiple of kLanes, zero padded (zeros add
// nothing to either sum). Each sum is kept in kLanes partial sums, four vectors at a time, which
// the compiler turns into SIMD registers; the code is built for the baseline x86-64 and again
// for AVX2+FMA and AVX-512, and the best the CPU supports is chosen once, at start-up (so the
// binary stays portable). Results are approximate: callers bound the error (max_rounding_steps)
// and rescore exactly (vector/distance.h). Thread-safe.
#pragma once

#include <cstddef>

namespace minnow::vector {

inline constexpr std::size_t kLanes = 16;

// `dims` rounded up to a multiple of kLanes.
constexpr std::size_t padded_dims(std::size_t dims) { return (dims + kLanes - 1) / kLanes * kLanes; }

enum class Sum { Dot, SquaredDistance };

// out[r] = the sum for the vector at rows + r * stride, for r < count.
void sums(Sum sum, const float* q, const float* rows, std::size_t count, std::size_t stride, float* out);

// The longest chain of float32 roundings behind one result of sums() (products, differences,
// lane sums, the final reduction): the factor of the unit roundoff in its error bound.
constexpr std::size_t max_rounding_steps(std::size_t stride) { return stride / kLanes + kLanes + 4; }

// "avx512", "avx2" or "baseline": the code sums() runs.
const char* kernel_name();

}  // namespace minnow::vector
