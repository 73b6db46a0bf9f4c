#include "persist/frames.h"

#include "persist/bytes.h"
#include "persist/checksum.h"

namespace minnow::persist {

namespace {

// "MINNOW", then 'L' (log) or 'S' (snapshot), then a zero byte.
constexpr std::string_view kMagic = "MINNOW";

char kind_letter(FileKind kind) { return kind == FileKind::Log ? 'L' : 'S'; }

}  // namespace

std::string file_header(FileKind kind, uint64_t generation) {
  std::string out(kMagic);
  out.push_back(kind_letter(kind));
  out.push_back('\0');
  ByteWriter w(out);
  w.u32(kFormatVersion);
  w.u64(generation);
  w.u32(crc32c(out));
  return out;
}

FileHeader read_file_header(std::string_view bytes) {
  if (bytes.size() < kHeaderBytes) throw FormatError("too short for a header");
  if (bytes.substr(0, kMagic.size()) != kMagic || bytes[7] != '\0') throw FormatError("not a Minnow data file");
  FileHeader header;
  if (bytes[6] == kind_letter(FileKind::Log)) {
    header.kind = FileKind::Log;
  } else if (bytes[6] == kind_letter(FileKind::Snapshot)) {
    header.kind = FileKind::Snapshot;
  } else {
    throw FormatError("unknown file kind");
  }
  ByteReader r(bytes.substr(8, kHeaderBytes - 8));
  header.version = r.u32();
  header.generation = r.u64();
  if (r.u32() != crc32c(bytes.substr(0, kHeaderBytes - 4))) throw FormatError("header checksum mismatch");
  if (header.version < kOldestFormatVersion || header.version > kFormatVersion)
    throw FormatError("format version " + std::to_string(header.version) + "; this Minnow reads versions " +
                      std::to_string(kOldestFormatVersion) + " to " + std::to_string(kFormatVersion));
  return header;
}

std::size_t begin_frame(std::string& out) {
  std::size_t start = out.size();
  out.append(kFrameOverhead, '\0');
  return start;
}

void end_frame(std::string& out, std::size_t start) {
  const std::size_t length = out.size() - start - kFrameOverhead;
  const uint32_t crc = crc32c(std::string_view(out).substr(start + kFrameOverhead));
  for (int i = 0; i < 4; ++i) {
    out[start + i] = static_cast<char>(length >> (8 * i));
    out[start + 4 + i] = static_cast<char>(crc >> (8 * i));
  }
}

std::optional<std::string_view> FrameReader::next() {
  if (torn_ || offset_ >= bytes_.size()) return std::nullopt;
  if (bytes_.size() - offset_ < kFrameOverhead) {
    torn_ = true;
    return std::nullopt;
  }
  ByteReader r(bytes_.substr(offset_, kFrameOverhead));
  const uint32_t length = r.u32();
  const uint32_t crc = r.u32();
  if (length == 0 || length > kMaxRecordBytes || bytes_.size() - offset_ - kFrameOverhead < length) {
    torn_ = true;
    return std::nullopt;
  }
  std::string_view payload = bytes_.substr(offset_ + kFrameOverhead, length);
  if (crc32c(payload) != crc) {
    torn_ = true;
    return std::nullopt;
  }
  offset_ += kFrameOverhead + length;
  return payload;
}

}  // namespace minnow::persist
