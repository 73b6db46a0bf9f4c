// Injected faults: the rules of the /_minnow/faults admin call (docs/admin-api.md).
//
// A rule says which calls it matches (a namespace, operations, a table, an item: each optional,
// absent matches any) and what it does to them: answer with an error, answer late, or both. It
// fires on the next `count` calls it matches, or on a fraction `probability` of them, drawn
// from the rule's own generator seeded with `seed` (the same sequence of calls meets the same
// faults on every run), or both (a fraction, at most `count` times).
//
// The api asks twice per request (each one atomic load while no rule exists):
//  - on_request, before the operation runs: every error but TransactionConflict, and latency.
//    The targets are what the request names (TableName, Key or Item, and the same inside batch
//    and transaction requests), before validation.
//  - on_items, once the request is validated and the items it touches are known, before any is
//    read or written: TransactionConflict, where DynamoDB decides conflicts.
// Rules are tried in the order added: each one that fires adds its latency, and the first one
// with an error that fires decides the error.
// Thread-safe: mu_ protects the rules.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::engine {

enum class FaultError : uint8_t {
  None,  // latency only
  TransactionConflict,
  ProvisionedThroughputExceeded,
  Throttling,
  RequestLimitExceeded,
  InternalServerError,
  ServiceUnavailable,
  // Only for the writes that DynamoDB's API reference says can meet it: PutItem, UpdateItem,
  // DeleteItem, BatchWriteItem (a rule for it matches no other operation).
  ReplicatedWriteConflict,
};

struct FaultRule {
  FaultError error = FaultError::None;
  int64_t latency_ms = 0;
  std::optional<std::string> namespace_id;  // engine/namespaces.h identifier
  std::vector<std::string> operations;      // "PutItem", ...; empty: any
  std::optional<std::string> table;
  // Matches a call naming an item whose attributes include these, with equal values (a primary
  // key matches its item, and the Item of a PutItem).
  std::optional<model::AttributeMap> key;
  std::optional<int64_t> count;  // how many more times it may fire; nullopt: no limit
  double probability = 1;        // of firing on each matching call
  uint64_t seed = 0;
};

// One item (or, with no attributes, just the table) a call names.
struct FaultTarget {
  const std::string* table;
  const model::AttributeMap* attributes;  // may be null
};

struct FaultCall {
  std::string_view namespace_id;
  std::string_view operation;
  std::span<const FaultTarget> targets;
};

struct FaultOutcome {
  FaultError error = FaultError::None;
  int64_t latency_ms = 0;
  std::vector<bool> hits;  // for the error's rule: which targets it matches
};

struct FaultStatus {
  uint64_t id;
  FaultRule rule;  // rule.count is what remains
  int64_t matched;
  int64_t fired;
};

class FaultRegistry {
 public:
  // Returns the new rule's id (1, 2, ...).
  uint64_t add(FaultRule rule);
  std::vector<FaultStatus> list() const;
  // Removes every rule, or (given a namespace) that namespace's rules; returns how many.
  std::size_t clear(std::optional<std::string_view> namespace_id = std::nullopt);
  bool remove(uint64_t id);
  bool empty() const { return rules_count_.load(std::memory_order_acquire) == 0; }

  FaultOutcome on_request(const FaultCall& call) { return apply(call, false); }
  FaultOutcome on_items(const FaultCall& call) { return apply(call, true); }

 private:
  struct Rule {
    uint64_t id;
    FaultRule rule;
    uint64_t random_state;
    int64_t matched = 0;
    int64_t fired = 0;
  };
  FaultOutcome apply(const FaultCall& call, bool conflicts);
  void forget_spent();  // mu_ held

  mutable std::mutex mu_;
  std::vector<Rule> rules_;  // Protected by mu_. In the order added.
  uint64_t next_id_ = 1;     // Protected by mu_.
  std::atomic<std::size_t> rules_count_{0};
};

}  // namespace minnow::engine
