#include "transfer/checksum.h"

#include <openssl/evp.h>

#include <stdexcept>

#include "model/base64.h"

namespace minnow::transfer {

namespace {

std::string md5(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_md5(), nullptr) != 1)
    throw std::runtime_error("EVP_Digest(MD5) failed");
  return std::string(reinterpret_cast<const char*>(digest), length);
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
