// AWS Signature Version 4, the computation: canonical request, string to sign, signing key and
// signature, as AWS specifies them for every service but S3 (paths normalised and URI-encoded
// again). auth/signature.h applies it to DynamoDB's requests with DynamoDB's checks.
// Pure and thread-safe; OpenSSL's SHA-256 and HMAC.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace minnow::auth {

struct Header {
  std::string_view name;  // any case
  std::string_view value;
};

// What SigV4 signs of an HTTP request, as received.
struct HttpRequestView {
  std::string_view method;
  std::string_view path;            // the request target up to '?', as sent
  std::string_view query;           // after '?', without it; empty when there is none
  std::span<const Header> headers;  // in the order received, repeated names included
};

using Digest = std::array<unsigned char, 32>;

std::string sha256_hex(std::string_view data);
Digest hmac_sha256(std::span<const unsigned char> key, std::string_view data);

// The value of the first header called `name` (case-insensitive), or empty.
std::string_view find_header(std::span<const Header> headers, std::string_view name);

// %XY sequences decoded ('+' stays '+'); anything else, a malformed escape included, kept.
std::string uri_decode(std::string_view text);

// Task 1. `signed_headers` is the SignedHeaders value (lower-case names joined by ';');
// `payload_hash` the hex SHA-256 of the body; `presigned` leaves X-Amz-Signature out of the
// canonical query string.
std::string canonical_request(const HttpRequestView& request, std::string_view signed_headers,
                              std::string_view payload_hash, bool presigned);

// Task 2. `timestamp` is YYYYMMDD'T'HHMMSS'Z'; `scope` date/region/service/aws4_request.
std::string string_to_sign(std::string_view timestamp, std::string_view scope, std::string_view canonical_request);

// Task 3: the signing key, then the signature as lower-case hex.
Digest signing_key(std::string_view secret, std::string_view date, std::string_view region, std::string_view service);
std::string signature(const Digest& signing_key, std::string_view string_to_sign);

}  // namespace minnow::auth
