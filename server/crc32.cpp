#include "server/crc32.h"

#include <zlib.h>

#include <algorithm>
#include <cstddef>

namespace minnow::server {

std::uint32_t crc32(std::string_view data) {
  uLong c = ::crc32(0L, Z_NULL, 0);
  const auto* p = reinterpret_cast<const Bytef*>(data.data());
  std::size_t n = data.size();
  while (n > 0) {  // zlib takes a uInt length: pieces of at most 1 GB
    const auto piece = static_cast<uInt>(std::min<std::size_t>(n, std::size_t{1} << 30));
    c = ::crc32(c, p, piece);
    p += piece;
    n -= piece;
  }
  return static_cast<std::uint32_t>(c);
}

}  // namespace minnow::server
