#include "persist/checksum.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace minnow::persist {

namespace {

constexpr uint32_t kPolynomial = 0x82f63b78;  // CRC-32C, reflected

std::array<uint32_t, 256> make_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = c & 1 ? (c >> 1) ^ kPolynomial : c >> 1;
    table[i] = c;
  }
  return table;
}

uint32_t crc32c_table(const unsigned char* p, std::size_t n, uint32_t crc) {
  static const std::array<uint32_t, 256> table = make_table();
  for (; n > 0; --n, ++p) crc = table[(crc ^ *p) & 0xff] ^ (crc >> 8);
  return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) uint32_t crc32c_sse42(const unsigned char* p, std::size_t n, uint32_t crc) {
  uint64_t c = crc;
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
  }
  uint32_t c32 = static_cast<uint32_t>(c);
  for (; n > 0; --n, ++p) c32 = _mm_crc32_u8(c32, *p);
  return c32;
}

bool has_sse42() {
  static const bool has = __builtin_cpu_supports("sse4.2");
  return has;
}
#endif

}  // namespace

uint32_t crc32c(std::string_view bytes, uint32_t crc) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  crc = ~crc;
#if defined(__x86_64__)
  if (has_sse42()) return ~crc32c_sse42(p, bytes.size(), crc);
#endif
  return ~crc32c_table(p, bytes.size(), crc);
}

}  // namespace minnow::persist
