#include "server/content_coding.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

namespace minnow::server {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

constexpr int kGzipWindow = 16 + MAX_WBITS;  // zlib's way of asking for a gzip wrapper
constexpr int kRawWindow = -MAX_WBITS;

DecodeResult inflate_with(std::string_view in, int window_bits, std::size_t limit, std::string& out) {
  z_stream stream{};
  if (inflateInit2(&stream, window_bits) != Z_OK) return DecodeResult::kCorrupt;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  stream.avail_in = static_cast<uInt>(in.size());
  out.clear();
  char chunk[64 * 1024];
  DecodeResult result = DecodeResult::kCorrupt;
  for (;;) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    const int status = inflate(&stream, Z_NO_FLUSH);
    const std::size_t produced = sizeof chunk - stream.avail_out;
    if (out.size() + produced > limit) {
      result = DecodeResult::kTooLarge;
      break;
    }
    out.append(chunk, produced);
    if (status == Z_STREAM_END) {
      // Trailing bytes after the stream are not part of any valid body.
      result = stream.avail_in == 0 ? DecodeResult::kOk : DecodeResult::kCorrupt;
      break;
    }
    if (status != Z_OK || (stream.avail_in == 0 && produced == 0)) break;  // broken, or cut short
  }
  inflateEnd(&stream);
  return result;
}

double quality(std::string_view parameters) {
  // ";q=0.5" (the only parameter Accept-Encoding has); 1 when absent.
  const std::size_t q = parameters.find("q=");
  if (q == std::string_view::npos) return 1.0;
  const std::string value(trim(parameters.substr(q + 2)));
  return std::strtod(value.c_str(), nullptr);
}

}  // namespace

Coding parse_content_encoding(std::string_view value) {
  value = trim(value);
  if (value.empty() || iequals(value, "identity")) return Coding::kIdentity;
  if (iequals(value, "gzip") || iequals(value, "x-gzip")) return Coding::kGzip;
  if (iequals(value, "deflate")) return Coding::kDeflate;
  return Coding::kUnknown;
}

std::string_view coding_name(Coding coding) {
  switch (coding) {
    case Coding::kGzip:
      return "gzip";
    case Coding::kDeflate:
      return "deflate";
    default:
      return "identity";
  }
}

DecodeResult decode(std::string_view in, Coding coding, std::size_t limit, std::string& out) {
  if (coding == Coding::kGzip) return inflate_with(in, kGzipWindow, limit, out);
  const DecodeResult zlib = inflate_with(in, MAX_WBITS, limit, out);
  // HTTP's deflate is the zlib format; a raw deflate stream fails on its first bytes.
  return zlib == DecodeResult::kCorrupt ? inflate_with(in, kRawWindow, limit, out) : zlib;
}

Coding choose_response_coding(std::string_view accept_encoding) {
  double gzip = -1, deflate = -1, any = -1;  // -1: not named
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    std::string_view item = accept_encoding.substr(0, comma);
    accept_encoding = comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
    const std::size_t semicolon = item.find(';');
    const std::string_view name = trim(item.substr(0, semicolon));
    const double q = semicolon == std::string_view::npos ? 1.0 : quality(item.substr(semicolon + 1));
    if (iequals(name, "gzip") || iequals(name, "x-gzip")) gzip = q;
    if (iequals(name, "deflate")) deflate = q;
    if (name == "*") any = q;
  }
  if (gzip > 0 || (gzip < 0 && any > 0)) return Coding::kGzip;
  if (deflate > 0) return Coding::kDeflate;
  return Coding::kIdentity;
}

std::string encode(std::string_view in, Coding coding) {
  z_stream stream{};
  const int window = coding == Coding::kGzip ? kGzipWindow : MAX_WBITS;
  if (deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&stream, static_cast<uLong>(in.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  stream.avail_in = static_cast<uInt>(in.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return status == Z_STREAM_END ? out : std::string();
}

}  // namespace minnow::server
