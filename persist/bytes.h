// The primitives of persist/'s on-disk format (docs/persistence.md): little-endian fixed-width
// integers, LEB128 varints, and byte strings as varint(length) bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace minnow::persist {

// Bytes that are not what the format says: a corrupt or foreign file.
class FormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}

  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) {
    char b[4];
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>(v >> (8 * i));
    out_.append(b, 4);
  }
  void u64(uint64_t v) {
    char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<char>(v >> (8 * i));
    out_.append(b, 8);
  }
  void varint(uint64_t v) {
    char b[10];
    int n = 0;
    for (; v >= 0x80; v >>= 7) b[n++] = static_cast<char>(v | 0x80);
    b[n++] = static_cast<char>(v);
    out_.append(b, n);
  }
  // Signed values (times, counts that may be -1) zigzagged into a varint.
  void svarint(int64_t v) { varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void bytes(std::string_view v) {
    varint(v.size());
    out_.append(v);
  }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : p_(in.data()), end_(in.data() + in.size()) {}

  bool done() const { return p_ == end_; }
  std::size_t remaining() const { return static_cast<std::size_t>(end_ - p_); }

  uint8_t u8() {
    need(1);
    return static_cast<uint8_t>(*p_++);
  }
  uint32_t u32() {
    need(4);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<unsigned char>(p_[i])) << (8 * i);
    p_ += 4;
    return v;
  }
  uint64_t u64() {
    need(8);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(p_[i])) << (8 * i);
    p_ += 8;
    return v;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t b = u8();
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    throw FormatError("varint too long");
  }
  int64_t svarint() {
    uint64_t v = varint();
    return static_cast<int64_t>((v >> 1) ^ (~(v & 1) + 1));
  }
  bool boolean() {
    uint8_t v = u8();
    if (v > 1) throw FormatError("bad boolean");
    return v == 1;
  }
  std::string_view bytes() {
    uint64_t n = varint();
    need(n);
    std::string_view v(p_, n);
    p_ += n;
    return v;
  }
  std::string string() { return std::string(bytes()); }

 private:
  void need(uint64_t n) const {
    if (n > remaining()) throw FormatError("truncated");
  }

  const char* p_;
  const char* end_;
};

}  // namespace minnow::persist
