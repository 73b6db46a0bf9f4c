// One record of a DynamoDB stream (engine/stream.h), as the engine keeps it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace minnow::engine {

enum class StreamEvent { Insert, Modify, Remove };

struct StreamRecord {
  uint64_t sequence = 0;
  StreamEvent event = StreamEvent::Insert;
  std::string event_id;                  // a UUID
  std::string keys;                      // the key attributes, encoded
  std::optional<std::string> old_image;  // encoded; present when the view type carries it
  std::optional<std::string> new_image;
  uint64_t size_bytes = 0;  // DynamoDB size of keys + the images carried
  int64_t created_ms = 0;
  bool by_ttl = false;  // a deletion by the TTL service
};

}  // namespace minnow::engine
