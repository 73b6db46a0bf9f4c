// GZIP and ZSTD round trips, several members or frames, corrupt and truncated input, and the
// bound on decompressed size (a small bomb is refused, not inflated).
#include "transfer/compression.h"

#include <catch2/catch.hpp>
#include <string>

#include "transfer/checksum.h"

namespace compression_test {

using namespace minnow::transfer;

TEST_CASE("compressed files decompress to what was compressed") {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "{\"Item\":{\"pk\":{\"S\":\"" + std::to_string(i) + "\"}}}\n";
  std::string out;
  CHECK(decompress(Compression::Gzip, gzip(text), out, 1 << 30) == DecompressStatus::Ok);
  CHECK(out == text);
  CHECK(decompress(Compression::Zstd, zstd(text), out, 1 << 30) == DecompressStatus::Ok);
  CHECK(out == text);
  CHECK(decompress(Compression::None, text, out, 1 << 30) == DecompressStatus::Ok);
  CHECK(out == text);
  // gzip(1) and zstd(1) may write several members / frames one after the other.
  CHECK(decompress(Compression::Gzip, gzip("ab") + gzip("cd"), out, 100) == DecompressStatus::Ok);
  CHECK(out == "abcd");
  CHECK(decompress(Compression::Zstd, zstd("ab") + zstd("cd"), out, 100) == DecompressStatus::Ok);
  CHECK(out == "abcd");
}

TEST_CASE("corrupt, truncated and mislabelled files are refused") {
  const std::string text(10000, 'x');
  const std::string gz = gzip(text), zs = zstd(text);
  std::string out;
  CHECK(decompress(Compression::Gzip, gz.substr(0, gz.size() / 2), out, 1 << 20) == DecompressStatus::Corrupt);
  CHECK(decompress(Compression::Zstd, zs.substr(0, zs.size() - 3), out, 1 << 20) == DecompressStatus::Corrupt);
  CHECK(decompress(Compression::Gzip, zs, out, 1 << 20) == DecompressStatus::Corrupt);
  CHECK(decompress(Compression::Zstd, gz, out, 1 << 20) == DecompressStatus::Corrupt);
  CHECK(decompress(Compression::Gzip, "not gzip at all", out, 1 << 20) == DecompressStatus::Corrupt);
  CHECK(decompress(Compression::Gzip, "", out, 1 << 20) == DecompressStatus::Corrupt);
}

TEST_CASE("decompression stops at its bound") {
  const std::string big(8 << 20, '\0');
  std::string out;
  CHECK(decompress(Compression::Gzip, gzip(big), out, 1 << 20) == DecompressStatus::TooLarge);
  CHECK(decompress(Compression::Zstd, zstd(big), out, 1 << 20) == DecompressStatus::TooLarge);
  CHECK(decompress(Compression::None, big, out, 1 << 20) == DecompressStatus::TooLarge);
}

TEST_CASE("names and checksums") {
  CHECK(parse_compression("GZIP") == Compression::Gzip);
  CHECK(parse_compression("ZSTD") == Compression::Zstd);
  CHECK(parse_compression("NONE") == Compression::None);
  CHECK_FALSE(parse_compression("gzip"));
  CHECK(md5_hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(md5_base64("") == "1B2M2Y8AsgTpgAmY7PhCfg==");
}

}  // namespace compression_test
