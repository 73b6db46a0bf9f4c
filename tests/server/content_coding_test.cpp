#include "server/content_coding.h"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <string>

namespace content_coding_test {

using namespace minnow::server;

namespace {

// zlib's own one-shot compress(): the zlib (RFC 1950) wrapper, as HTTP's "deflate" means it.
std::string zlib_compress(const std::string& in) {
  uLongf size = compressBound(static_cast<uLong>(in.size()));
  std::string out(size, '\0');
  REQUIRE(compress(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(in.data()),
                   static_cast<uLong>(in.size())) == Z_OK);
  out.resize(size);
  return out;
}

}  // namespace

TEST_CASE("content coding: names") {
  CHECK(parse_content_encoding("") == Coding::kIdentity);
  CHECK(parse_content_encoding("identity") == Coding::kIdentity);
  CHECK(parse_content_encoding(" GZIP ") == Coding::kGzip);
  CHECK(parse_content_encoding("x-gzip") == Coding::kGzip);
  CHECK(parse_content_encoding("Deflate") == Coding::kDeflate);
  CHECK(parse_content_encoding("br") == Coding::kUnknown);
  CHECK(parse_content_encoding("gzip, deflate") == Coding::kUnknown);
}

TEST_CASE("content coding: gzip and deflate round trips") {
  const std::string body = R"({"TableName":"Music","Item":{"pk":{"S":")" + std::string(5000, 'x') + R"("}}})";
  for (Coding coding : {Coding::kGzip, Coding::kDeflate}) {
    const std::string compressed = encode(body, coding);
    CHECK(compressed.size() < body.size() / 10);
    std::string out;
    CHECK(decode(compressed, coding, body.size(), out) == DecodeResult::kOk);
    CHECK(out == body);
  }
  // gzip's magic bytes; HTTP deflate is zlib-wrapped.
  CHECK(encode(body, Coding::kGzip).substr(0, 2) == "\x1f\x8b");
  std::string out;
  CHECK(decode(zlib_compress(body), Coding::kDeflate, body.size(), out) == DecodeResult::kOk);
  CHECK(out == body);
}

TEST_CASE("content coding: raw deflate, as some clients send it, is read too") {
  const std::string body(3000, 'y');
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string raw(deflateBound(&stream, body.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(raw.data());
  stream.avail_out = static_cast<uInt>(raw.size());
  REQUIRE(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  raw.resize(stream.total_out);
  deflateEnd(&stream);
  std::string out;
  CHECK(decode(raw, Coding::kDeflate, body.size(), out) == DecodeResult::kOk);
  CHECK(out == body);
}

TEST_CASE("content coding: the limit applies to the decoded size (no zip bombs)") {
  // 64 MiB of zeros compress to under 300 KiB at zlib's fastest level; decoding stops at the limit.
  const std::string bomb = encode(std::string(64u << 20, '\0'), Coding::kGzip);
  CHECK(bomb.size() < 300u * 1024);
  std::string out;
  CHECK(decode(bomb, Coding::kGzip, 16u << 20, out) == DecodeResult::kTooLarge);
  CHECK(out.size() <= 16u << 20);
  // Exactly at the limit is fine.
  const std::string exact = encode(std::string(1000, 'a'), Coding::kGzip);
  CHECK(decode(exact, Coding::kGzip, 1000, out) == DecodeResult::kOk);
  CHECK(decode(exact, Coding::kGzip, 999, out) == DecodeResult::kTooLarge);
}

TEST_CASE("content coding: broken or truncated bodies are corrupt") {
  const std::string good = encode(std::string(2000, 'z'), Coding::kGzip);
  std::string out;
  CHECK(decode("not compressed at all", Coding::kGzip, 1 << 20, out) == DecodeResult::kCorrupt);
  CHECK(decode(good.substr(0, good.size() / 2), Coding::kGzip, 1 << 20, out) == DecodeResult::kCorrupt);
  CHECK(decode("", Coding::kGzip, 1 << 20, out) == DecodeResult::kCorrupt);
  CHECK(decode("{\"TableName\":\"x\"}", Coding::kDeflate, 1 << 20, out) == DecodeResult::kCorrupt);
  // A second member that starts as gzip but breaks off.
  CHECK(decode(good + good.substr(0, 12), Coding::kGzip, 1 << 20, out) == DecodeResult::kCorrupt);
}

TEST_CASE("content coding: every gzip member is read, bytes after the last ignored (as DynamoDB reads them)") {
  std::string out;
  const std::string members = encode("{\"Lim", Coding::kGzip) + encode("it\":5}", Coding::kGzip);
  CHECK(decode(members, Coding::kGzip, 1 << 20, out) == DecodeResult::kOk);
  CHECK(out == "{\"Limit\":5}");
  CHECK(decode(encode("{}", Coding::kGzip) + "junk", Coding::kGzip, 1 << 20, out) == DecodeResult::kOk);
  CHECK(out == "{}");
  CHECK(decode(encode("{}", Coding::kDeflate) + "junk", Coding::kDeflate, 1 << 20, out) == DecodeResult::kOk);
  CHECK(out == "{}");
  // The limit counts every member.
  const std::string half = encode(std::string(600, 'a'), Coding::kGzip);
  CHECK(decode(half + half, Coding::kGzip, 1000, out) == DecodeResult::kTooLarge);
}

TEST_CASE("content coding: Accept-Encoding as DynamoDB reads it") {
  CHECK(choose_response_coding("") == Coding::kIdentity);
  CHECK(choose_response_coding("identity") == Coding::kIdentity);
  CHECK(choose_response_coding("gzip") == Coding::kGzip);
  CHECK(choose_response_coding("gzip, deflate, br") == Coding::kGzip);
  CHECK(choose_response_coding("deflate") == Coding::kDeflate);
  CHECK(choose_response_coding("br;q=1.0, deflate;q=0.5") == Coding::kDeflate);
  CHECK(choose_response_coding("gzip;q=0, deflate") == Coding::kDeflate);
  CHECK(choose_response_coding("gzip;q=0") == Coding::kIdentity);
  CHECK(choose_response_coding("GZIP ; q=0.8") == Coding::kGzip);
  // Only gzip and deflate count.
  CHECK(choose_response_coding("x-gzip") == Coding::kIdentity);
  CHECK(choose_response_coding("br, compress") == Coding::kIdentity);
  // The highest q wins; on equal q, the first listed.
  CHECK(choose_response_coding("deflate;q=0.5, gzip;q=0.2") == Coding::kDeflate);
  CHECK(choose_response_coding("br, identity, deflate, gzip") == Coding::kDeflate);
  // "*" stands for the codings not listed, which lose ties to listed ones.
  CHECK(choose_response_coding("*") == Coding::kGzip);
  CHECK(choose_response_coding("*, deflate") == Coding::kDeflate);
  CHECK(choose_response_coding("*, gzip;q=0.5") == Coding::kDeflate);
  CHECK(choose_response_coding("*, gzip;q=0") == Coding::kDeflate);
  CHECK(choose_response_coding("*;q=0, gzip;q=0") == Coding::kIdentity);
  // A q that does not parse counts as 1; a coding listed twice takes its highest q.
  CHECK(choose_response_coding("gzip;q=0.x, deflate;q=0.9") == Coding::kGzip);
  CHECK(choose_response_coding("deflate;q=0. x, gzip;q=0.9") == Coding::kDeflate);
  CHECK(choose_response_coding("gzip;q=0, gzip;q=1, gzip;q=0") == Coding::kGzip);
}

}  // namespace content_coding_test
