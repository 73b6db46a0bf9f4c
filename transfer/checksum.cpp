#include "transfer/checksum.h"

#include "model/base64.h"
#include "model/md5.h"

namespace minnow::transfer {

namespace {

std::string md5(std::string_view bytes) {
  const model::Md5Digest digest = model::md5({bytes});
  return std::string(digest.begin(), digest.end());
}

}  // namespace

std::string md5_base64(std::string_view bytes) { return model::base64_encode(md5(bytes)); }

std::string md5_hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char c : md5(bytes)) {
    hex += kHex[c >> 4];
    hex += kHex[c & 15];
  }
  return hex;
}

}  // namespace minnow::transfer
