// DynamoDB's authentication of a request: the Authorization header or the query-string
// (presigned) form of SigV4, checked in DynamoDB's order with DynamoDB's errors
// (model/signature_errors.h; wording recorded from DynamoDB by dynalite).
//
// read_signature makes the checks DynamoDB makes before it looks at any secret (a token at all,
// its key=value pairs, the parameters and a date); Minnow applies them to every request.
// verify_signature goes on, when signatures are verified (--verify-signatures): the date and its
// 15-minute skew, the signed Host, the algorithm, the credential scope, the access key and the
// signature itself.
// Pure and thread-safe; errors are thrown as model::Error.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "auth/credentials.h"
#include "auth/sigv4.h"

namespace minnow::auth {

// The signature's parts, as the request gives them: views into the request (the Authorization
// header and the date header), or, when presigned, into the decoded query values it owns.
struct SignatureParams {
  bool presigned = false;                                     // from the query string, not the Authorization header
  std::string_view header;                                    // the whole Authorization header (empty when presigned)
  std::string_view algorithm;                                 // "AWS4-HMAC-SHA256"
  std::string_view credential;                                // "AKID/20150830/us-east-1/dynamodb/aws4_request"
  std::string_view signed_headers;                            // "content-type;host;x-amz-date"
  std::string_view signature;                                 // hex
  std::string_view date;                                      // X-Amz-Date, or the Date header
  std::string_view expires;                                   // X-Amz-Expires (presigned only), may be empty
  std::string_view security_token;                            // X-Amz-Security-Token, may be empty
  std::unique_ptr<std::array<std::string, 7>> decoded_query;  // presigned: what the views above see

  // The access key id: the credential up to its first '/'.
  std::string_view access_key() const;
  // The region of the credential scope (its third element), or empty.
  std::string_view region() const;
};

SignatureParams read_signature(const HttpRequestView& request);

// `payload_hash`: hex SHA-256 of the body as received; `now_seconds`: the wall clock (Unix
// seconds); `service`: the signing name the scope must carry ("dynamodb").
void verify_signature(const HttpRequestView& request, const SignatureParams& params, std::string_view payload_hash,
                      const Credentials& credentials, std::int64_t now_seconds, std::string_view service = "dynamodb");

// Unix seconds <-> YYYYMMDD'T'HHMMSS'Z'; an HTTP date (RFC 7231) is read too. Nullopt when malformed.
std::string iso8601_basic(std::int64_t seconds);
std::optional<std::int64_t> parse_request_date(std::string_view text);

}  // namespace minnow::auth
