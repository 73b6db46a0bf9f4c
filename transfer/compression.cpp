#include "transfer/compression.h"

#include <zlib.h>
#include <zstd.h>

#include <stdexcept>

namespace minnow::transfer {

std::optional<Compression> parse_compression(std::string_view name) {
  if (name == "NONE") return Compression::None;
  if (name == "GZIP") return Compression::Gzip;
  if (name == "ZSTD") return Compression::Zstd;
  return std::nullopt;
}

const char* compression_name(Compression compression) {
  switch (compression) {
    case Compression::Gzip:
      return "GZIP";
    case Compression::Zstd:
      return "ZSTD";
    case Compression::None:
      break;
  }
  return "NONE";
}

std::string gzip(std::string_view bytes) {
  z_stream stream{};
  // 15 + 16: a gzip header and trailer around the deflate stream.
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&stream, static_cast<uLong>(bytes.size())) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("deflate did not finish");
  return out;
}

std::string zstd(std::string_view bytes) {
  std::string out(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
  if (ZSTD_isError(n)) throw std::runtime_error(ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

namespace {

DecompressStatus gunzip(std::string_view bytes, std::string& out, std::size_t max_bytes) {
  out.clear();
  char buffer[1 << 16];
  std::size_t at = 0;
  do {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 16) != Z_OK) return DecompressStatus::Corrupt;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + at));
    stream.avail_in = static_cast<uInt>(bytes.size() - at);
    int result = Z_OK;
    while (result != Z_STREAM_END) {
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      result = inflate(&stream, Z_NO_FLUSH);
      if (result != Z_OK && result != Z_STREAM_END) {
        inflateEnd(&stream);
        return DecompressStatus::Corrupt;
      }
      const std::size_t produced = sizeof buffer - stream.avail_out;
      if (out.size() + produced > max_bytes) {
        inflateEnd(&stream);
        return DecompressStatus::TooLarge;
      }
      out.append(buffer, produced);
      if (result == Z_OK && stream.avail_in == 0 && produced == 0) {  // truncated
        inflateEnd(&stream);
        return DecompressStatus::Corrupt;
      }
    }
    at = bytes.size() - stream.avail_in;
    inflateEnd(&stream);
  } while (at < bytes.size());
  return DecompressStatus::Ok;
}

DecompressStatus unzstd(std::string_view bytes, std::string& out, std::size_t max_bytes) {
  out.clear();
  ZSTD_DStream* stream = ZSTD_createDStream();
  if (!stream) return DecompressStatus::Corrupt;
  char buffer[1 << 16];
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  std::size_t last = 1;
  DecompressStatus status = DecompressStatus::Ok;
  while (in.pos < in.size || last != 0) {
    ZSTD_outBuffer chunk{buffer, sizeof buffer, 0};
    const std::size_t before = in.pos;
    last = ZSTD_decompressStream(stream, &chunk, &in);
    if (ZSTD_isError(last)) {
      status = DecompressStatus::Corrupt;
      break;
    }
    if (out.size() + chunk.pos > max_bytes) {
      status = DecompressStatus::TooLarge;
      break;
    }
    out.append(buffer, chunk.pos);
    // No progress with input left or a frame unfinished at the end: truncated.
    if (chunk.pos == 0 && in.pos == before) {
      status = DecompressStatus::Corrupt;
      break;
    }
  }
  ZSTD_freeDStream(stream);
  return status;
}

}  // namespace

DecompressStatus decompress(Compression compression, std::string_view bytes, std::string& out, std::size_t max_bytes) {
  switch (compression) {
    case Compression::Gzip:
      return bytes.empty() ? DecompressStatus::Corrupt : gunzip(bytes, out, max_bytes);
    case Compression::Zstd:
      return bytes.empty() ? DecompressStatus::Corrupt : unzstd(bytes, out, max_bytes);
    case Compression::None:
      break;
  }
  if (bytes.size() > max_bytes) return DecompressStatus::TooLarge;
  out.assign(bytes);
  return DecompressStatus::Ok;
}

}  // namespace minnow::transfer
