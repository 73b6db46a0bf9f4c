#include "model/md5.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace minnow::model {

namespace {

constexpr uint32_t kShift[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
                                 14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
                                 4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

// floor(abs(sin(i + 1)) * 2^32), RFC 1321's table T.
constexpr uint32_t kSine[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

uint32_t rotate_left(uint32_t x, uint32_t n) { return (x << n) | (x >> (32 - n)); }

// One step of a round: `f` is the round's function of b, c, d; `g` the message word it takes.
inline void step(uint32_t& a, uint32_t& b, uint32_t& c, uint32_t& d, uint32_t f, uint32_t word, uint32_t i) {
  const uint32_t rotated = rotate_left(a + f + kSine[i] + word, kShift[i]);
  a = d;
  d = c;
  c = b;
  b += rotated;
}

// The four rounds as four loops of sixteen steps: no branch per step, so the compiler unrolls them.
void compress(uint32_t state[4], const unsigned char* block) {
  uint32_t m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = uint32_t(block[4 * i]) | uint32_t(block[4 * i + 1]) << 8 | uint32_t(block[4 * i + 2]) << 16 |
           uint32_t(block[4 * i + 3]) << 24;
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  for (uint32_t i = 0; i < 16; ++i) step(a, b, c, d, (b & c) | (~b & d), m[i], i);
  for (uint32_t i = 16; i < 32; ++i) step(a, b, c, d, (d & b) | (~d & c), m[(5 * i + 1) & 15], i);
  for (uint32_t i = 32; i < 48; ++i) step(a, b, c, d, b ^ c ^ d, m[(3 * i + 5) & 15], i);
  for (uint32_t i = 48; i < 64; ++i) step(a, b, c, d, c ^ (b | ~d), m[(7 * i) & 15], i);
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

}  // namespace

Md5Digest md5(std::initializer_list<std::string_view> parts) {
  uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  unsigned char block[64];
  std::size_t filled = 0;
  uint64_t total = 0;
  auto feed = [&](const unsigned char* p, std::size_t n) {
    total += n;
    while (n > 0) {
      const std::size_t take = std::min(n, sizeof block - filled);
      std::memcpy(block + filled, p, take);
      filled += take;
      p += take;
      n -= take;
      if (filled == sizeof block) {
        compress(state, block);
        filled = 0;
      }
    }
  };
  for (std::string_view part : parts) feed(reinterpret_cast<const unsigned char*>(part.data()), part.size());
  const uint64_t bits = total * 8;
  // 0x80, then zeros up to 56 bytes into a block (the next one when fewer than 9 bytes are left).
  static constexpr unsigned char kPadding[64] = {0x80};
  feed(kPadding, filled < 56 ? 56 - filled : 120 - filled);
  unsigned char length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<unsigned char>(bits >> (8 * i));
  feed(length, 8);
  Md5Digest digest;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) digest[4 * i + j] = static_cast<uint8_t>(state[i] >> (8 * j));
  return digest;
}

}  // namespace minnow::model
