#include "auth/sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

namespace minnow::auth {

namespace {

constexpr char kHex[] = "0123456789abcdef";
constexpr char kHexUpper[] = "0123456789ABCDEF";

std::string to_hex(std::span<const unsigned char> bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char byte : bytes) {
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 0xF]);
  }
  return out;
}

// ASCII only, as header names are, and what std::tolower is in the C locale without its call.
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

bool is_unreserved(unsigned char c) { return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~'; }

// RFC 3986 encoding as SigV4 wants it: every byte but the unreserved ones as %XY (upper case).
void uri_encode(std::string_view text, std::string& out) {
  for (unsigned char c : text) {
    if (is_unreserved(c)) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHexUpper[c >> 4]);
      out.push_back(kHexUpper[c & 0xF]);
    }
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The path with empty, "." and ".." segments resolved (a trailing '/' kept), each segment
// URI-encoded.
std::string canonical_uri(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view segment = path.substr(start, end - start);
    if (segment == "..") {
      if (!segments.empty()) segments.pop_back();
    } else if (!segment.empty() && segment != ".") {
      segments.push_back(segment);
    }
    start = end + 1;
  }
  const bool trailing_slash =
      !segments.empty() && (path.ends_with('/') || path.ends_with("/.") || path.ends_with("/.."));
  std::string out;
  for (std::string_view segment : segments) {
    out.push_back('/');
    uri_encode(segment, out);
  }
  if (out.empty() || trailing_slash) out.push_back('/');
  return out;
}

std::string canonical_query(std::string_view query, bool presigned) {
  std::vector<std::pair<std::string, std::string>> params;
  std::size_t start = 0;
  while (start < query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view param = query.substr(start, end - start);
    start = end + 1;
    if (param.empty()) continue;
    const std::size_t eq = param.find('=');
    std::string name, value;
    uri_encode(uri_decode(param.substr(0, eq)), name);
    if (eq != std::string_view::npos) uri_encode(uri_decode(param.substr(eq + 1)), value);
    if (presigned && name == "X-Amz-Signature") continue;
    params.emplace_back(std::move(name), std::move(value));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out.push_back('&');
    out.append(name).append(1, '=').append(value);
  }
  return out;
}

// Leading and trailing white space removed, every inner run of it (line folds included) one space.
void append_trimmed(std::string_view value, std::string& out) {
  bool space = false, any = false;
  for (char c : value) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      space = any;
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    any = true;
    out.push_back(c);
  }
}

}  // namespace

std::string sha256_hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return to_hex(digest);
}

Digest hmac_sha256(std::span<const unsigned char> key, std::string_view data) {
  Digest out{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), out.data(), &length);
  return out;
}

std::string_view find_header(std::span<const Header> headers, std::string_view name) {
  for (const Header& header : headers) {
    if (iequals(header.name, name)) return header.value;
  }
  return {};
}

std::string uri_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high >= 0 && low >= 0) {
        out.push_back(static_cast<char>(high * 16 + low));
        i += 2;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

std::string canonical_request(const HttpRequestView& request, std::string_view signed_headers,
                              std::string_view payload_hash, bool presigned) {
  std::string out;
  out.append(request.method).push_back('\n');
  out.append(canonical_uri(request.path)).push_back('\n');
  out.append(canonical_query(request.query, presigned)).push_back('\n');
  std::size_t start = 0;
  while (start < signed_headers.size()) {
    std::size_t end = signed_headers.find(';', start);
    if (end == std::string_view::npos) end = signed_headers.size();
    const std::string_view name = signed_headers.substr(start, end - start);
    start = end + 1;
    for (char c : name) out.push_back(lower(c));
    out.push_back(':');
    bool first = true;
    for (const Header& header : request.headers) {
      if (!iequals(header.name, name)) continue;
      if (!first) out.push_back(',');
      first = false;
      append_trimmed(header.value, out);
    }
    out.push_back('\n');
  }
  out.push_back('\n');
  out.append(signed_headers).push_back('\n');
  out.append(payload_hash);
  return out;
}

std::string string_to_sign(std::string_view timestamp, std::string_view scope, std::string_view canonical_request) {
  std::string out = "AWS4-HMAC-SHA256\n";
  out.append(timestamp).push_back('\n');
  out.append(scope).push_back('\n');
  out.append(sha256_hex(canonical_request));
  return out;
}

Digest signing_key(std::string_view secret, std::string_view date, std::string_view region, std::string_view service) {
  std::string first_key = "AWS4";
  first_key.append(secret);
  Digest key = hmac_sha256(std::span(reinterpret_cast<const unsigned char*>(first_key.data()), first_key.size()), date);
  key = hmac_sha256(key, region);
  key = hmac_sha256(key, service);
  return hmac_sha256(key, "aws4_request");
}

std::string signature(const Digest& signing_key, std::string_view string_to_sign) {
  return to_hex(hmac_sha256(signing_key, string_to_sign));
}

}  // namespace minnow::auth
