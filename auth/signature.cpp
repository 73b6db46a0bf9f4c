#include "auth/signature.h"

#include <time.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <utility>

#include "model/errors.h"
#include "model/signature_errors.h"

namespace minnow::auth {

namespace {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";
constexpr std::int64_t kSkewSeconds = 15 * 60;

// The value of query parameter `name` (case-sensitive, as AWS reads them), still encoded;
// nullopt when absent.
std::optional<std::string_view> query_param(std::string_view query, std::string_view name) {
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view param = query.substr(start, end - start);
    const std::size_t eq = param.find('=');
    if (param.substr(0, eq) == name) return eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1);
    start = end + 1;
  }
  return std::nullopt;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string_view date_header(const HttpRequestView& request) {
  std::string_view date = find_header(request.headers, "x-amz-date");
  return date.empty() ? find_header(request.headers, "date") : date;
}

SignatureParams read_header_signature(const HttpRequestView& request, std::string_view header) {
  SignatureParams params;
  params.header = header;
  std::string_view rest = trim(header);
  const std::size_t space = rest.find_first_of(" ,");
  params.algorithm = rest.substr(0, space);
  rest = space == std::string_view::npos ? std::string_view() : rest.substr(space);
  // Then key=value pairs separated by commas and/or spaces.
  while (!rest.empty()) {
    const std::size_t start = rest.find_first_not_of(" ,");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find_first_of(" ,"), rest.size());
    const std::string_view pair = rest.substr(0, end);
    rest.remove_prefix(end);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) throw model::authorization_pair_without_equals(pair, header);
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (key == "Credential") params.credential = value;
    if (key == "SignedHeaders") params.signed_headers = value;
    if (key == "Signature") params.signature = value;
  }
  params.date = date_header(request);
  params.security_token = find_header(request.headers, "x-amz-security-token");
  std::string problems;
  if (params.credential.empty()) problems += model::authorization_parameter_missing("Credential");
  if (params.signature.empty()) problems += model::authorization_parameter_missing("Signature");
  // SignedHeaders may be empty here (DynamoDB then finds Host unsigned), but must be there.
  if (params.signed_headers.data() == nullptr) problems += model::authorization_parameter_missing("SignedHeaders");
  if (params.date.empty()) problems += model::kAuthorizationDateMissing;
  if (!problems.empty()) throw model::incomplete_authorization_header(std::move(problems), header);
  return params;
}

SignatureParams read_query_signature(std::string_view query) {
  static constexpr std::array<std::string_view, 7> kNames = {
      "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature",     "X-Amz-SignedHeaders",
      "X-Amz-Date",      "X-Amz-Expires",    "X-Amz-Security-Token"};
  constexpr std::size_t kRequired = 5;
  SignatureParams params;
  params.presigned = true;
  params.decoded_query = std::make_unique<std::array<std::string, 7>>();
  std::string problems;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    const auto value = query_param(query, kNames[i]);
    if (value) (*params.decoded_query)[i] = uri_decode(*value);
    if (i < kRequired && (*params.decoded_query)[i].empty()) problems += model::query_parameter_missing(kNames[i]);
  }
  if (!problems.empty()) throw model::incomplete_query_signature(std::move(problems));
  const auto& decoded = *params.decoded_query;
  params.algorithm = decoded[0];
  params.credential = decoded[1];
  params.signature = decoded[2];
  params.signed_headers = decoded[3];
  params.date = decoded[4];
  params.expires = decoded[5];
  params.security_token = decoded[6];
  return params;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool is_region(std::string_view region) {
  // Any plausible name: AWS's (us-east-1), and the "local" or "localhost" many set for emulators.
  return !region.empty() && std::all_of(region.begin(), region.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// Constant time, so that the comparison does not tell how much of a guess was right.
bool same_signature(std::string_view expected, std::string_view given) {
  if (expected.size() != given.size()) return false;
  unsigned char difference = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    difference |= static_cast<unsigned char>(expected[i] ^ static_cast<char>(std::tolower(given[i])));
  }
  return difference == 0;
}

bool signs_host(std::string_view signed_headers) {
  for (std::string_view name : split(signed_headers, ';')) {
    if (name.size() == 4 && std::tolower(name[0]) == 'h' && std::tolower(name[1]) == 'o' &&
        std::tolower(name[2]) == 's' && std::tolower(name[3]) == 't') {
      return true;
    }
  }
  return false;
}

std::optional<int> digits(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string_view SignatureParams::access_key() const { return credential.substr(0, credential.find('/')); }

std::string_view SignatureParams::region() const {
  // keyid/date/region/service/aws4_request: the third element, found without split's vector
  // (every request asks).
  std::string_view rest = credential;
  for (int skipped = 0; skipped < 2; ++skipped) {
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos) return {};
    rest.remove_prefix(slash + 1);
  }
  return rest.substr(0, rest.find('/'));
}

SignatureParams read_signature(const HttpRequestView& request) {
  const std::string_view header = find_header(request.headers, "authorization");
  const bool in_query = query_param(request.query, "X-Amz-Algorithm").has_value();
  if (!header.empty() && in_query) throw model::Error(model::kBothQueryAndHeaderSignature);
  if (in_query) return read_query_signature(request.query);
  if (!trim(header).starts_with("AWS4-")) throw model::Error(model::kMissingAuthenticationToken);
  return read_header_signature(request, header);
}

std::string iso8601_basic(std::int64_t seconds) {
  const time_t t = static_cast<time_t>(seconds);
  tm parts{};
  gmtime_r(&t, &parts);
  char text[72];  // room for any int the compiler can imagine
  std::snprintf(text, sizeof text, "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                parts.tm_hour, parts.tm_min, parts.tm_sec);
  return text;
}

std::optional<std::int64_t> parse_request_date(std::string_view text) {
  tm parts{};
  if (text.size() == 16 && text[8] == 'T' && text[15] == 'Z') {
    const auto year = digits(text.substr(0, 4)), month = digits(text.substr(4, 2)), day = digits(text.substr(6, 2));
    const auto hour = digits(text.substr(9, 2)), minute = digits(text.substr(11, 2)),
               second = digits(text.substr(13, 2));
    if (!year || !month || !day || !hour || !minute || !second) return std::nullopt;
    if (*month < 1 || *month > 12 || *day < 1 || *day > 31 || *hour > 23 || *minute > 59 || *second > 60) {
      return std::nullopt;
    }
    parts.tm_year = *year - 1900;
    parts.tm_mon = *month - 1;
    parts.tm_mday = *day;
    parts.tm_hour = *hour;
    parts.tm_min = *minute;
    parts.tm_sec = *second;
  } else {
    // An HTTP date: "Tue, 01 Dec 2026 13:27:01 GMT".
    const std::string copy(text);
    const char* end = strptime(copy.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &parts);
    if (end == nullptr || *end != '\0') return std::nullopt;
  }
  return static_cast<std::int64_t>(timegm(&parts));
}

void verify_signature(const HttpRequestView& request, const SignatureParams& params, std::string_view payload_hash,
                      const Credentials& credentials, std::int64_t now_seconds, std::string_view service) {
  // The date, then how far it is from now.
  const auto date = parse_request_date(params.date);
  if (!date) throw model::date_not_iso8601(params.date);
  const std::string timestamp = iso8601_basic(*date);
  const std::string now = iso8601_basic(now_seconds);
  std::int64_t lifetime = kSkewSeconds;
  std::string window(model::kClockSkewWindow);
  if (params.presigned && !params.expires.empty()) {
    if (const auto expires = digits(params.expires); expires && *expires > 0) {
      lifetime = *expires;
      window = model::presigned_window(*expires);
    }
  }
  if (*date < now_seconds - lifetime) {
    throw model::signature_expired(params.date, iso8601_basic(now_seconds - lifetime), now, window);
  }
  if (*date > now_seconds + kSkewSeconds) {
    throw model::signature_not_yet_current(params.date, iso8601_basic(now_seconds + kSkewSeconds), now,
                                           model::kClockSkewWindow);
  }
  if (!signs_host(params.signed_headers)) throw model::Error(model::kHostNotSigned);
  if (params.algorithm != kAlgorithm) throw model::unsupported_algorithm(params.algorithm);

  // The credential scope: keyid/date/region/service/aws4_request (trailing slashes ignored).
  std::string_view credential = params.credential;
  while (credential.ends_with('/')) credential.remove_suffix(1);
  const auto scope = split(credential, '/');
  if (scope.size() != 5) throw model::credential_elements(credential);
  std::string problems;
  const auto add = [&](std::string problem) { problems += (problems.empty() ? "" : " ") + problem; };
  if (!is_region(scope[2])) add(model::credential_region_invalid(scope[2]));
  if (scope[3] != service) add(model::credential_service_wrong(service));
  if (scope[4] != "aws4_request") add(model::credential_terminator_wrong(scope[4]));
  if (scope[1] != std::string_view(timestamp).substr(0, 8)) {
    add(model::credential_date_mismatch(scope[1], std::string_view(timestamp).substr(0, 8), timestamp));
  }
  if (!problems.empty()) throw model::credential_scope_invalid(std::move(problems));

  const Secret* secret = credentials.find(scope[0]);
  if (!secret) throw model::Error(model::kUnrecognizedAccessKey);

  const std::string canonical = canonical_request(request, params.signed_headers, payload_hash, params.presigned);
  const std::string scope_text = std::string(credential.substr(credential.find('/') + 1));
  const std::string to_sign = string_to_sign(timestamp, scope_text, canonical);
  const std::string expected = signature(signing_key(secret->secret_access_key, scope[1], scope[2], scope[3]), to_sign);
  if (!same_signature(expected, params.signature)) throw model::signature_mismatch(canonical, to_sign);
  if (params.security_token != secret->session_token) throw model::Error(model::kInvalidSecurityToken);
}

}  // namespace minnow::auth
