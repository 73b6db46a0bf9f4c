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

// One stream from the start of `in`; what follows it is reported through `consumed`.
DecodeResult inflate_one(std::string_view in, transfer::ZlibWrapper wrapper, std::size_t limit, std::string& out,
                         std::size_t& consumed) {
  consumed = 0;
  switch (transfer::inflate_stream(in, wrapper, limit, out, consumed)) {
    case transfer::DecompressStatus::Ok:
      return DecodeResult::kOk;
    case transfer::DecompressStatus::TooLarge:
      return DecodeResult::kTooLarge;
    case transfer::DecompressStatus::Corrupt:
      break;
  }
  return DecodeResult::kCorrupt;
}

// gzip's magic bytes and its one compression method, as Java's GZIPInputStream checks a header.
bool starts_gzip_member(std::string_view bytes) { return bytes.size() >= 3 && bytes.substr(0, 3) == "\x1f\x8b\x08"; }

// Every member of a gzip body (RFC 1952 lets a file be several, and DynamoDB reads them all);
// bytes after a member that do not start another are ignored, as DynamoDB ignores them.
DecodeResult gunzip_members(std::string_view in, std::size_t limit, std::string& out) {
  out.clear();
  do {
    std::size_t consumed = 0;
    const DecodeResult member = inflate_one(in, transfer::ZlibWrapper::Gzip, limit, out, consumed);
    if (member != DecodeResult::kOk) return member;
    in.remove_prefix(consumed);
  } while (starts_gzip_member(in));
  return DecodeResult::kOk;
}

// A deflate body is one stream; as for gzip, what follows it is ignored.
DecodeResult inflate_deflate(std::string_view in, transfer::ZlibWrapper wrapper, std::size_t limit, std::string& out) {
  out.clear();
  std::size_t consumed = 0;
  return inflate_one(in, wrapper, limit, out, consumed);
}

// ";q=0.5" (the only parameter Accept-Encoding has); 1 when absent or when it does not parse
// as a number (DynamoDB reads "q=0.x" as 1).
double quality(std::string_view parameters) {
  const std::size_t q = parameters.find("q=");
  if (q == std::string_view::npos) return 1.0;
  const std::string_view text = trim(parameters.substr(q + 2));
  double value = 1.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? value : 1.0;
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
  if (coding == Coding::kGzip) return gunzip_members(in, limit, out);
  const DecodeResult zlib = inflate_deflate(in, transfer::ZlibWrapper::Zlib, limit, out);
  // HTTP's deflate is the zlib format; a raw deflate stream fails on its first bytes.
  return zlib == DecodeResult::kCorrupt ? inflate_deflate(in, transfer::ZlibWrapper::Raw, limit, out) : zlib;
}

// DynamoDB's reading of Accept-Encoding: only "gzip" and "deflate" count (any case; "x-gzip" does
// not); the highest q wins, and on equal q the coding listed first; "*" gives its q to a coding
// not listed, which then loses ties to listed ones; a q that does not parse counts as 1; a coding
// listed more than once takes its highest q; q=0 refuses.
Coding choose_response_coding(std::string_view accept_encoding) {
  struct Candidate {
    Coding coding;
    double q = -1;                    // -1: not listed
    std::size_t position = SIZE_MAX;  // of its first listing
  };
  Candidate gzip{Coding::kGzip}, deflate{Coding::kDeflate};
  double any = -1;
  for (std::size_t position = 0; !accept_encoding.empty(); ++position) {
    const std::size_t comma = accept_encoding.find(',');
    std::string_view item = accept_encoding.substr(0, comma);
    accept_encoding = comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
    const std::size_t semicolon = item.find(';');
    const std::string_view name = trim(item.substr(0, semicolon));
    const double q = semicolon == std::string_view::npos ? 1.0 : quality(item.substr(semicolon + 1));
    for (Candidate* candidate : {&gzip, &deflate}) {
      if (!iequals(name, coding_name(candidate->coding))) continue;
      candidate->q = std::max(candidate->q, q);
      candidate->position = std::min(candidate->position, position);
    }
    if (name == "*") any = std::max(any, q);
  }
  for (Candidate* candidate : {&gzip, &deflate})
    if (candidate->q < 0) candidate->q = any;  // position stays last: listed codings win ties
  const Candidate& best =
      deflate.q > gzip.q || (deflate.q == gzip.q && deflate.position < gzip.position) ? deflate : gzip;
  return best.q > 0 ? best.coding : Coding::kIdentity;
}

std::string encode(std::string_view in, Coding coding) {
  const auto wrapper = coding == Coding::kGzip ? transfer::ZlibWrapper::Gzip : transfer::ZlibWrapper::Zlib;
  return transfer::deflate_stream(in, wrapper, transfer::kZlibFastest).value_or(std::string());
}

}  // namespace minnow::server
