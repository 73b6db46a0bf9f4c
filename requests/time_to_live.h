// UpdateTimeToLive and DescribeTimeToLive as typed requests. The front end checks the
// specification (present, an AttributeName of 1..255 characters when enabling) and looks the table
// up; execute() changes the table's TTL attribute under its lock, or says why it cannot (the state
// the table is in), wording nothing. The change is immediate (no ENABLING/DISABLING), as in
// DynamoDB Local; engine/ttl.h deletes the expired items.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

struct UpdateTimeToLiveRequest {
  std::shared_ptr<engine::Table> table;
  bool enabled = false;
  std::optional<std::string> attribute_name;  // required when enabling; disabling may name it
};

struct UpdateTimeToLiveResult {
  enum class Status : uint8_t {
    Updated,
    AlreadyEnabled,      // enabling the attribute TTL is already on
    DifferentAttribute,  // TTL is on another attribute (enabling, or disabling by name)
    AlreadyDisabled,     // disabling when TTL is off
  };
  Status status = Status::Updated;
};

UpdateTimeToLiveResult execute(const Context& context, const UpdateTimeToLiveRequest& request);

struct DescribeTimeToLiveRequest {
  std::shared_ptr<engine::Table> table;
};

struct DescribeTimeToLiveResult {
  std::string attribute_name;  // empty: TTL is off
};

DescribeTimeToLiveResult execute(const Context& context, const DescribeTimeToLiveRequest& request);

}  // namespace minnow::requests
