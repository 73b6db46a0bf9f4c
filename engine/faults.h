// Injected faults: the /_minnow/faults admin call's pending transaction conflicts.
//
// A fault names a table (and optionally one primary key) and a count: the next `count` requests
// that write (or, for TransactGetItems, read) that table (that item) fail with DynamoDB's
// conflict error. The api consults the registry once per request, after validation and before
// any item is read or written; one request uses up one count.
// Thread-safe: mu_ protects the list.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::engine {

class FaultRegistry {
 public:
  // One item a request touches: its table's name and its primary key.
  struct Target {
    const std::string* table;
    const model::AttributeMap* key;
  };

  // Adds a fault; returns the number of pending conflicts (the sum of every fault's count).
  int64_t add_conflict(std::string table, std::optional<model::AttributeMap> key, int64_t count);
  // Forgets every fault.
  void clear();
  int64_t pending() const;

  // If a fault matches one of `targets`, uses up one count of the first such fault and returns
  // which targets it matches (true at their positions); otherwise returns an empty vector.
  std::vector<bool> take_conflict(const std::vector<Target>& targets);

 private:
  struct Fault {
    std::string table;
    std::optional<model::AttributeMap> key;  // nullopt: any item of the table
    int64_t count;
  };
  mutable std::mutex mu_;
  std::vector<Fault> faults_;  // Protected by mu_. In the order added; none has count 0.
};

}  // namespace minnow::engine
