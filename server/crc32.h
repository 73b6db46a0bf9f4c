// CRC-32 as DynamoDB sends it in x-amz-crc32 (the ISO-HDLC / zlib polynomial, reflected,
// 0xEDB88320); botocore and other SDKs verify it against the body they receive.
// Pure; thread-safe. Slicing-by-8 over tables built at compile time, so it costs nothing at
// start-up and runs at a few bytes per cycle.
#pragma once

#include <cstdint>
#include <string_view>

namespace minnow::server {

std::uint32_t crc32(std::string_view data);

}  // namespace minnow::server
