// The framing of persist/'s files (docs/persistence.md): a 24-byte header naming the file's
// kind, format version and generation, then records, each
//   u32 length, u32 CRC-32C of the payload, payload (length bytes, at least 1).
// A record that is cut short or fails its checksum ends what can be read: in the last log file
// it is the torn tail of a write in progress when the process died.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace minnow::persist {

// The version written; every version from kOldestFormatVersion on is read (docs/persistence.md:
// version 1 had no backups and no point-in-time recovery logs; versions 1 and 2 keyed items by
// another partition hash, which loading replaces; version 4 added a global table's membership to
// its Table and TableDefined records, version 5 its replicas' overrides at that section's end).
inline constexpr uint32_t kFormatVersion = 5;
inline constexpr uint32_t kOldestFormatVersion = 1;
inline constexpr std::size_t kHeaderBytes = 24;
inline constexpr std::size_t kFrameOverhead = 8;
// No record is this big (a restore's image of a whole namespace comes closest).
inline constexpr uint32_t kMaxRecordBytes = 1u << 31;

enum class FileKind : uint8_t { Log, Snapshot };

struct FileHeader {
  FileKind kind = FileKind::Log;
  uint32_t version = kFormatVersion;
  uint64_t generation = 0;
};

std::string file_header(FileKind kind, uint64_t generation);
// Throws FormatError when `bytes` does not start with a valid header.
FileHeader read_file_header(std::string_view bytes);

// Frames a payload built in place: begin_frame reserves the 8 framing bytes at the end of
// `out`, end_frame fills them in for what was appended since.
std::size_t begin_frame(std::string& out);
void end_frame(std::string& out, std::size_t start);

// Reads the records of a file's bytes, after the header.
class FrameReader {
 public:
  explicit FrameReader(std::string_view bytes, std::size_t offset = kHeaderBytes) : bytes_(bytes), offset_(offset) {}

  // The next payload; nullopt at the end of the bytes or at a record that is cut short or
  // corrupt (then torn() is true and offset() is where it starts).
  std::optional<std::string_view> next();
  bool torn() const { return torn_; }
  std::size_t offset() const { return offset_; }

 private:
  std::string_view bytes_;
  std::size_t offset_;
  bool torn_ = false;
};

}  // namespace minnow::persist
