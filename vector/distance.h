// The three distance functions of DynamoDB's vector indexes, and the exact score of one vector.
//
// AWS's score convention (SearchVectors' documentation): COSINE is 1 - cosine similarity, from
// 0 (identical) to 2 (opposite), lower is more similar; EUCLIDEAN is the Euclidean distance,
// lower is more similar; DOT_PRODUCT is the dot product, higher is more similar.
//
// The exact score is what SearchVectors returns: the vectors' float32 elements widened to double,
// combined in element order with IEEE double arithmetic and nothing fused (this file is compiled
// with -ffp-contract=off), so that a client computing in doubles, in the same order, gets the
// same bits (conformance tests do):
//   DOT_PRODUCT  s = sum(q[i] * x[i])
//   EUCLIDEAN    s = sqrt(sum((q[i] - x[i])^2))
//   COSINE       s = 1 - sum(q[i] * x[i]) / (sqrt(sum(q[i]^2)) * sqrt(sum(x[i]^2))), clamped to [0, 2];
//                1 (no similarity) when either vector is all zeros, where the cosine is undefined.
// Pure functions; thread-safe.
#pragma once

#include <cstddef>

namespace minnow::vector {

enum class Distance { Cosine, Euclidean, DotProduct };

// DOT_PRODUCT ranks the highest scores first; COSINE and EUCLIDEAN the lowest.
constexpr bool higher_is_better(Distance d) { return d == Distance::DotProduct; }

// The exact score of `x` against the query `q`, both `dims` long.
double exact_score(Distance distance, const float* q, const float* x, std::size_t dims);

// sqrt(sum(v[i]^2)) in double, in element order.
double norm(const float* v, std::size_t dims);

}  // namespace minnow::vector
