// DynamoDB's answers to a request whose SigV4 signature is missing, incomplete or wrong
// (com.amazon.coral.service#...). Texts as dynalite recorded them from DynamoDB (its index.js
// quotes each); auth/signature.h decides which applies.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/errors.h"

namespace minnow::model {

// ---- Before any secret is looked at --------------------------------------------------------
inline constexpr FixedError kBothQueryAndHeaderSignature{
    ErrorCode::InvalidSignatureException,
    "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header."};
// IncompleteSignatureException: "'PAIR' not a valid key=value pair (missing equal-sign) in
// Authorization header: 'HEADER'."
Error authorization_pair_without_equals(std::string_view pair, std::string_view header);
// IncompleteSignatureException: each problem below, then "Authorization=HEADER".
std::string authorization_parameter_missing(std::string_view name);  // "Authorization header requires 'X' parameter. "
inline constexpr const char* kAuthorizationDateMissing =
    "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
Error incomplete_authorization_header(std::string problems, std::string_view header);
// IncompleteSignatureException: each problem below, then "Re-examine the query-string parameters."
std::string query_parameter_missing(std::string_view name);  // "AWS query-string parameters must include 'X'. "
Error incomplete_query_signature(std::string problems);

// ---- Verification (--verify-signatures) ------------------------------------------------------
// IncompleteSignatureException: "Date must be in ISO-8601 'basic format'. Got 'D'. See
// http://en.wikipedia.org/wiki/ISO_8601"
Error date_not_iso8601(std::string_view date);
// InvalidSignatureException: "Signature expired: D is now earlier than EARLIEST (NOW - 15 min.)"
// and "Signature not yet current: D is still later than LATEST (NOW + 15 min.)"; `window` is
// how the bound was computed ("15 min.").
Error signature_expired(std::string_view date, std::string_view earliest, std::string_view now,
                        std::string_view window);
// The windows as DynamoDB states them: the clock skew a signed header may have, and a presigned
// URL's lifetime (X-Amz-Expires seconds).
inline constexpr const char* kClockSkewWindow = "15 min.";
std::string presigned_window(std::int64_t seconds);  // "N sec."
Error signature_not_yet_current(std::string_view date, std::string_view latest, std::string_view now,
                                std::string_view window);
inline constexpr FixedError kHostNotSigned{ErrorCode::InvalidSignatureException,
                                           "'Host' must be a 'SignedHeader' in the AWS Authorization."};
// IncompleteSignatureException: "Unsupported AWS 'algorithm': 'A' (only AWS4-HMAC-SHA256 for now). "
Error unsupported_algorithm(std::string_view algorithm);
// IncompleteSignatureException: "Credential must have exactly 5 slash-delimited elements, e.g.
// keyid/date/region/service/term, got 'C'"
Error credential_elements(std::string_view credential);
// InvalidSignatureException: the problems below, joined by spaces.
std::string credential_region_invalid(
    std::string_view region);  // "Credential should be scoped to a valid region, not 'R'."
std::string credential_service_wrong(
    std::string_view expected);  // "Credential should be scoped to correct service: 'S'."
std::string credential_terminator_wrong(
    std::string_view terminator);  // "... valid terminator: 'aws4_request', not 'T'."
// "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: 'D' != 'YYYYMMDD', from
// 'STAMP'."
std::string credential_date_mismatch(std::string_view scope_date, std::string_view request_day,
                                     std::string_view request_timestamp);
Error credential_scope_invalid(std::string problems);
// An unknown access key, and (without the period, as DynamoDB words it) a session token that
// does not match.
inline constexpr FixedError kUnrecognizedAccessKey{ErrorCode::UnrecognizedClientException,
                                                   "The security token included in the request is invalid."};
inline constexpr FixedError kInvalidSecurityToken{ErrorCode::UnrecognizedClientException,
                                                  "The security token included in the request is invalid"};
// InvalidSignatureException: "The request signature we calculated does not match the signature
// you provided. ..." with the canonical request and string to sign Minnow computed.
Error signature_mismatch(std::string_view canonical_request, std::string_view string_to_sign);

}  // namespace minnow::model
