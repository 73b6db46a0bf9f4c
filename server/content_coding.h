// Content-Encoding for request and response bodies: gzip and deflate, with transfer/compression's
// zlib stream functions (the ones export and import files use).
//
// decode() inflates a request body, stopping as soon as the output passes `limit`: a small
// compressed body cannot inflate into gigabytes. choose_response_coding() reads the client's
// Accept-Encoding; encode() compresses a reply (zlib's fastest level: replies are small and
// latency matters more than the last bytes).
// Pure and thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace minnow::server {

enum class Coding { kIdentity, kGzip, kDeflate, kUnknown };

// A Content-Encoding value: "gzip" or "x-gzip", "deflate", "identity" or empty (any case).
Coding parse_content_encoding(std::string_view value);
std::string_view coding_name(Coding coding);  // "gzip", "deflate"

enum class DecodeResult { kOk, kTooLarge, kCorrupt };
// Inflates `in` (gzip, every member of it; or deflate: zlib-wrapped as HTTP says, or raw as some
// clients send it) into `out`. Bytes after the last stream are ignored.
DecodeResult decode(std::string_view in, Coding coding, std::size_t limit, std::string& out);

// Replies of at most this many bytes go out as they are, as DynamoDB sends them (a 2 KB GetItem
// answer comes plain).
inline constexpr std::size_t kMaxPlainReplyBytes = 4096;

// The coding DynamoDB would answer with for this Accept-Encoding (the rules in the .cpp).
Coding choose_response_coding(std::string_view accept_encoding);
std::string encode(std::string_view in, Coding coding);

}  // namespace minnow::server
