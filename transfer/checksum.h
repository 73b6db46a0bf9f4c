// MD5, the checksum DynamoDB's export manifests give for each file: manifest-files.json's
// md5Checksum (base64) and etag (hex, an S3 single-part upload's ETag), and the .md5 files
// beside the manifests, in base64 and hex (model/md5.h computes it). Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace minnow::transfer {

std::string md5_base64(std::string_view bytes);
std::string md5_hex(std::string_view bytes);

}  // namespace minnow::transfer
