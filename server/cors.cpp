#include "server/cors.h"

#include <algorithm>
#include <utility>

namespace minnow::server {

namespace {

// DynamoDB's Access-Control-Max-Age (two days).
constexpr std::string_view kMaxAge = "172800";
// The response headers a page may read. DynamoDB sends the header; its list is not captured, so
// this is the one AWS's JSON services commonly expose. Not x-amz-crc32: a browser hands the
// page a decompressed body, which the checksum of the bytes sent would not match.
constexpr std::string_view kExposedHeaders = "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";

void append_header(std::string_view name, std::string_view value, std::string& out) {
  out.append(name).append(": ").append(value).append("\r\n");
}

}  // namespace

CorsPolicy::CorsPolicy(std::vector<std::string> origins) : origins_(std::move(origins)) {
  any_ = origins_.empty() || std::find(origins_.begin(), origins_.end(), "*") != origins_.end();
}

std::vector<std::string> CorsPolicy::parse_list(std::string_view value) {
  std::vector<std::string> out;
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    std::string_view item = value.substr(0, comma);
    value = comma == std::string_view::npos ? std::string_view() : value.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
  }
  return out;
}

bool CorsPolicy::allows(std::string_view origin) const {
  return any_ || std::find(origins_.begin(), origins_.end(), origin) != origins_.end();
}

void CorsPolicy::append_response_headers(std::string_view origin, std::string& out) const {
  if (!allows(origin)) return;
  if (any_) {
    append_header("Access-Control-Allow-Origin", "*", out);
  } else {
    append_header("Access-Control-Allow-Origin", origin, out);
    append_header("Vary", "Origin", out);
  }
  append_header("Access-Control-Expose-Headers", kExposedHeaders, out);
}

void CorsPolicy::append_preflight_headers(std::string_view origin, std::string_view method, std::string_view headers,
                                          std::string& out) const {
  if (!allows(origin)) return;
  append_response_headers(origin, out);
  if (!headers.empty()) append_header("Access-Control-Allow-Headers", headers, out);
  if (!method.empty()) append_header("Access-Control-Allow-Methods", method, out);
  append_header("Access-Control-Max-Age", kMaxAge, out);
}

}  // namespace minnow::server
