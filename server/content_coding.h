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
// Inflates `in` (gzip, or deflate: zlib-wrapped as HTTP says, or raw as some clients send it)
// into `out`.
DecodeResult decode(std::string_view in, Coding coding, std::size_t limit, std::string& out);

// Replies shorter than this go out as they are: compressing them saves less than it costs.
inline constexpr std::size_t kMinCompressedReplyBytes = 1024;

// gzip if the client accepts it, else deflate if it accepts that, else identity. q=0 refuses.
Coding choose_response_coding(std::string_view accept_encoding);
std::string encode(std::string_view in, Coding coding);

}  // namespace minnow::server
