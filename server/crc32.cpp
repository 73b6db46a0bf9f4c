#include "server/crc32.h"

#include <zlib.h>

#include <algorithm>
#include <cstddef>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace minnow::server {

namespace {

// zlib's CRC-32 of `data` after `crc` (zlib's running value), in pieces its uInt length takes.
std::uint32_t zlib_crc32(std::uint32_t crc, const unsigned char* p, std::size_t n) {
  uLong c = crc;
  while (n > 0) {
    const auto piece = static_cast<uInt>(std::min<std::size_t>(n, std::size_t{1} << 30));
    c = ::crc32(c, p, piece);
    p += piece;
    n -= piece;
  }
  return static_cast<std::uint32_t>(c);
}

#if defined(__x86_64__)
__attribute__((target("pclmul,sse4.1"), always_inline)) inline __m128i load_lane(const unsigned char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// One 128-bit lane folded 512 bits (k: k1k2) or 128 bits (k3k4) ahead onto `next`.
__attribute__((target("pclmul,sse4.1"), always_inline)) inline __m128i fold_lane(__m128i lane, __m128i k, __m128i next) {
  return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(lane, k, 0x11), _mm_clmulepi64_si128(lane, k, 0x00)), next);
}

// The CRC of `len` bytes (a multiple of 16, at least 64) by carry-less multiplication, folding
// four 128-bit lanes at a time: Intel's "Fast CRC Computation for Generic Polynomials Using
// PCLMULQDQ Instruction" with the bit-reflected constants of CRC-32's polynomial (those of
// Linux's crc32-pclmul and Chromium's zlib). `crc` is the inverted running value, as zlib keeps
// it inside.
__attribute__((target("pclmul,sse4.1"))) std::uint32_t folded_crc32(std::uint32_t crc, const unsigned char* buf,
                                                                std::size_t len) {
  alignas(16) static const std::uint64_t k1k2[] = {0x0154442bd4, 0x01c6e41596};
  alignas(16) static const std::uint64_t k3k4[] = {0x01751997d0, 0x00ccaa009e};
  alignas(16) static const std::uint64_t k5k0[] = {0x0163cd6124, 0x0000000000};
  alignas(16) static const std::uint64_t poly[] = {0x01db710641, 0x01f7011641};
  __m128i x1 = _mm_xor_si128(load_lane(buf), _mm_cvtsi32_si128(static_cast<int>(crc)));
  __m128i x2 = load_lane(buf + 16), x3 = load_lane(buf + 32), x4 = load_lane(buf + 48);
  buf += 64;
  len -= 64;
  __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(k1k2));
  for (; len >= 64; buf += 64, len -= 64) {
    x1 = fold_lane(x1, k, load_lane(buf));
    x2 = fold_lane(x2, k, load_lane(buf + 16));
    x3 = fold_lane(x3, k, load_lane(buf + 32));
    x4 = fold_lane(x4, k, load_lane(buf + 48));
  }
  k = _mm_load_si128(reinterpret_cast<const __m128i*>(k3k4));
  x1 = fold_lane(x1, k, x2);
  x1 = fold_lane(x1, k, x3);
  x1 = fold_lane(x1, k, x4);
  for (; len >= 16; buf += 16, len -= 16) x1 = fold_lane(x1, k, load_lane(buf));
  // 128 bits to 64, then Barrett's reduction to 32.
  const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
  __m128i x2b = _mm_clmulepi64_si128(x1, k, 0x10);
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), x2b);
  k = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(k5k0));
  x2b = _mm_srli_si128(x1, 4);
  x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, low32), k, 0x00), x2b);
  k = _mm_load_si128(reinterpret_cast<const __m128i*>(poly));
  x2b = _mm_clmulepi64_si128(_mm_and_si128(x1, low32), k, 0x10);
  x2b = _mm_clmulepi64_si128(_mm_and_si128(x2b, low32), k, 0x00);
  return static_cast<std::uint32_t>(_mm_extract_epi32(_mm_xor_si128(x1, x2b), 1));
}

bool has_carryless_multiply() {
  static const bool has = [] {
    __builtin_cpu_init();  // the check may run before the constructor that fills in the CPU's features
    return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
  }();
  return has;
}
#endif

}  // namespace

std::uint32_t crc32(std::string_view data) {
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  std::size_t n = data.size();
  std::uint32_t crc = 0;
#if defined(__x86_64__)
  if (n >= 64 && has_carryless_multiply()) {
    const std::size_t folded = n & ~std::size_t{15};
    crc = ~folded_crc32(~crc, p, folded);
    p += folded;
    n -= folded;
  }
#endif
  return zlib_crc32(crc, p, n);
}

}  // namespace minnow::server
