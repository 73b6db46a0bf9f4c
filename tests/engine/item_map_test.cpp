// engine::StoredItem's 8-byte header: a key and an item of any size come back as they went in,
// packed (a key below 4 KB and an item below 512 KB) or wide (the sizes after the header).
#include "engine/item_map.h"

#include <catch2/catch.hpp>
#include <string>

namespace item_map_test {

using minnow::engine::StoredItem;

void round_trip(std::size_t key_size, std::size_t encoded_size) {
  std::string key(key_size, 'k'), encoded(encoded_size, 'e');
  if (!key.empty()) key.back() = 'K';
  if (!encoded.empty()) encoded.front() = 'E';
  const auto item = StoredItem::make(key, encoded);
  CHECK(item->key() == key);
  CHECK(item->encoded() == encoded);
}

TEST_CASE("stored items keep their key and encoded bytes, packed or wide", "[item_map]") {
  round_trip(0, 0);
  round_trip(12, 250);         // a typical item: packed, from the slab arena
  round_trip(4095, 524'287);   // the largest packed sizes
  round_trip(4096, 10);        // a key too long to pack
  round_trip(10, 524'288);     // an item too large to pack
  round_trip(3000, 600'000);   // both
}

}  // namespace item_map_test
