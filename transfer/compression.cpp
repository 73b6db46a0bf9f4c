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

namespace {

int window_bits(ZlibWrapper wrapper) {
  switch (wrapper) {
    case ZlibWrapper::Gzip:
      return 16 + MAX_WBITS;  // zlib's way of asking for the gzip header and trailer
    case ZlibWrapper::Raw:
      return -MAX_WBITS;
    case ZlibWrapper::Zlib:
      break;
  }
  return MAX_WBITS;
}

}  // namespace

std::optional<std::string> deflate_stream(std::string_view bytes, ZlibWrapper wrapper, int level) {
  z_stream stream{};
  if (deflateInit2(&stream, level, Z_DEFLATED, window_bits(wrapper), 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return std::nullopt;
  std::string out(deflateBound(&stream, static_cast<uLong>(bytes.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) return std::nullopt;
  return out;
}

DecompressStatus inflate_stream(std::string_view bytes, ZlibWrapper wrapper, std::size_t max_bytes, std::string& out,
                                std::size_t& consumed) {
  z_stream stream{};
  if (inflateInit2(&stream, window_bits(wrapper)) != Z_OK) return DecompressStatus::Corrupt;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  char chunk[64 * 1024];
  DecompressStatus result = DecompressStatus::Corrupt;
  for (;;) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    const int status = inflate(&stream, Z_NO_FLUSH);
    const std::size_t produced = sizeof chunk - stream.avail_out;
    if (out.size() + produced > max_bytes) {
      result = DecompressStatus::TooLarge;
      break;
    }
    out.append(chunk, produced);
    if (status == Z_STREAM_END) {
      consumed = bytes.size() - stream.avail_in;
      result = DecompressStatus::Ok;
      break;
    }
    if (status != Z_OK || (stream.avail_in == 0 && produced == 0)) break;  // broken, or cut short
  }
  inflateEnd(&stream);
  return result;
}

std::string gzip(std::string_view bytes) {
  std::optional<std::string> out = deflate_stream(bytes, ZlibWrapper::Gzip, kZlibDefault);
  if (!out) throw std::runtime_error("deflate failed");
  return std::move(*out);
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
  std::size_t at = 0;
  do {
    std::size_t consumed = 0;
    const DecompressStatus status = inflate_stream(bytes.substr(at), ZlibWrapper::Gzip, max_bytes, out, consumed);
    if (status != DecompressStatus::Ok) return status;
    at += consumed;
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
