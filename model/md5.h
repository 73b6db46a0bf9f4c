// MD5 (RFC 1321), standard library only: DynamoDB orders partitions by an MD5 digest of the
// partition key (model/key.h), and export manifests carry MD5 checksums (transfer/checksum.h).
// Not for security: MD5 is broken as a cryptographic hash.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace minnow::model {

using Md5Digest = std::array<uint8_t, 16>;

// The digest of the concatenation of `parts`.
Md5Digest md5(std::initializer_list<std::string_view> parts);

}  // namespace minnow::model
