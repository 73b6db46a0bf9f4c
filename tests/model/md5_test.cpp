// MD5 against RFC 1321's test suite, whole and in pieces.
#include "model/md5.h"

#include <catch2/catch.hpp>
#include <string>
#include <utility>

namespace md5_test {

using minnow::model::md5;

std::string hex(const minnow::model::Md5Digest& d) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : d) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

TEST_CASE("md5: RFC 1321's test suite", "[md5]") {
  CHECK(hex(md5({""})) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex(md5({"a"})) == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(hex(md5({"abc"})) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex(md5({"message digest"})) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hex(md5({"abcdefghijklmnopqrstuvwxyz"})) == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(hex(md5({"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"})) ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  const std::string eighty = "12345678901234567890123456789012345678901234567890123456789012345678901234567890";
  CHECK(hex(md5({eighty})) == "57edf4a22be3c955ac49da2e2107b67a");
  // Pieces digest as their concatenation, across the 64-byte blocks and the padding's edge.
  CHECK(hex(md5({eighty.substr(0, 3), eighty.substr(3, 60), eighty.substr(63)})) == "57edf4a22be3c955ac49da2e2107b67a");
  // Lengths at the padding's edges: it stays in the last block up to 55 bytes, takes another from 56
  // (digests from Python's hashlib).
  const std::pair<std::size_t, const char*> edges[] = {
      {55, "ef1772b6dff9a122358552954ad0df65"},  {56, "3b0c8ac703f828b04c6c197006d17218"},
      {63, "b06521f39153d618550606be297466d5"},  {64, "014842d480b571495a4a0363793f7367"},
      {119, "8a7bd0732ed6a28ce75f6dabc90e1613"}, {120, "5f61c0ccad4cac44c75ff505e1f1e537"}};
  for (const auto& [n, digest] : edges) CHECK(hex(md5({std::string(n, 'a')})) == digest);
  for (std::size_t n : {55u, 56u, 63u, 64u, 65u}) {
    const std::string text(n, 'x');
    CHECK(md5({text}) == md5({text.substr(0, n / 2), text.substr(n / 2)}));
  }
}

}  // namespace md5_test
