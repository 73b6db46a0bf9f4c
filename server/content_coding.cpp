#include "server/content_coding.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "transfer/compression.h"

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

// The stream must be the whole body: trailing bytes after it are not part of any valid body.
DecodeResult inflate_body(std::string_view in, transfer::ZlibWrapper wrapper, std::size_t limit, std::string& out) {
  out.clear();
  std::size_t consumed = 0;
  switch (transfer::inflate_stream(in, wrapper, limit, out, consumed)) {
    case transfer::DecompressStatus::Ok:
      return consumed == in.size() ? DecodeResult::kOk : DecodeResult::kCorrupt;
    case transfer::DecompressStatus::TooLarge:
      return DecodeResult::kTooLarge;
    case transfer::DecompressStatus::Corrupt:
      break;
  }
  return DecodeResult::kCorrupt;
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
  if (coding == Coding::kGzip) return inflate_body(in, transfer::ZlibWrapper::Gzip, limit, out);
  const DecodeResult zlib = inflate_body(in, transfer::ZlibWrapper::Zlib, limit, out);
  // HTTP's deflate is the zlib format; a raw deflate stream fails on its first bytes.
  return zlib == DecodeResult::kCorrupt ? inflate_body(in, transfer::ZlibWrapper::Raw, limit, out) : zlib;
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
  const auto wrapper = coding == Coding::kGzip ? transfer::ZlibWrapper::Gzip : transfer::ZlibWrapper::Zlib;
  return transfer::deflate_stream(in, wrapper, transfer::kZlibFastest).value_or(std::string());
}

}  // namespace minnow::server
