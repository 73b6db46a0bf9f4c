// CRC-32C (Castagnoli), the checksum of every record persist/ writes: the SSE 4.2 instruction
// where the CPU has it (a snapshot of a million items is checked in a few milliseconds), a table
// otherwise.
#pragma once

#include <cstdint>
#include <string_view>

namespace minnow::persist {

uint32_t crc32c(std::string_view bytes, uint32_t crc = 0);

}  // namespace minnow::persist
