// The compressions of DynamoDB's export and import files: NONE, GZIP (zlib) and ZSTD (libzstd).
//
// Debian's zlib and libzstd do the work: well-kept codecs beat hand-written ones. Decompression
// is bounded (`max_bytes` of output), so a small bomb in a bucket cannot take the memory.
// Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace minnow::transfer {

enum class Compression { None, Gzip, Zstd };

// "NONE", "GZIP", "ZSTD" (the API's InputCompressionType); nullopt for anything else.
std::optional<Compression> parse_compression(std::string_view name);
const char* compression_name(Compression compression);

// A gzip member of `bytes` (an export's .json.gz data file).
std::string gzip(std::string_view bytes);
// A zstd frame of `bytes`.
std::string zstd(std::string_view bytes);

enum class DecompressStatus { Ok, Corrupt, TooLarge };
// `bytes` decompressed into `out` (for None: copied). Gzip accepts several members one after the
// other, as gzip(1) writes them; Zstd several frames.
DecompressStatus decompress(Compression compression, std::string_view bytes, std::string& out, std::size_t max_bytes);

// One deflate stream, for these files and for HTTP's Content-Encoding (server/content_coding):
// the one bounded inflater and deflater over zlib.
enum class ZlibWrapper { Zlib, Gzip, Raw };  // RFC 1950, RFC 1952, bare RFC 1951
inline constexpr int kZlibFastest = 1;       // zlib's Z_BEST_SPEED
inline constexpr int kZlibDefault = -1;      // zlib's Z_DEFAULT_COMPRESSION
// Inflates the stream at the start of `bytes`, appending to `out`, and stops (TooLarge) as soon as
// `out` would pass `max_bytes`. `consumed` is how many bytes the stream took; what follows it is
// not read. A stream cut short is Corrupt.
DecompressStatus inflate_stream(std::string_view bytes, ZlibWrapper wrapper, std::size_t max_bytes, std::string& out,
                                std::size_t& consumed);
// `bytes` as one stream at zlib's compression `level`; nullopt when zlib fails (out of memory).
std::optional<std::string> deflate_stream(std::string_view bytes, ZlibWrapper wrapper, int level);

}  // namespace minnow::transfer
