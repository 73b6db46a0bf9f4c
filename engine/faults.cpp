#include "engine/faults.h"

#include <algorithm>

#include "model/key.h"

namespace minnow::engine {

namespace {

bool has_attributes(const model::AttributeMap& attributes, const model::AttributeMap& wanted) {
  for (const auto& [name, value] : wanted) {
    auto it = attributes.find(name);
    if (it == attributes.end() || !(it->second == value)) return false;
  }
  return true;
}

bool matches_target(const FaultRule& rule, const FaultTarget& target) {
  if (rule.table && *rule.table != *target.table) return false;
  return !rule.key || (target.attributes && has_attributes(*target.attributes, *rule.key));
}

// SplitMix64: a uniform double in [0, 1) from the rule's own state.
double next_uniform(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  return static_cast<double>(model::mix_hash(state) >> 11) * 0x1.0p-53;
}

bool meets_replicated_conflicts(std::string_view operation) {
  return operation == "PutItem" || operation == "UpdateItem" || operation == "DeleteItem" ||
         operation == "BatchWriteItem";
}

}  // namespace

uint64_t FaultRegistry::add(FaultRule rule) {
  std::lock_guard lock(mu_);
  const uint64_t id = next_id_++;
  const uint64_t seed = rule.seed;
  rules_.push_back({id, std::move(rule), seed});
  rules_count_.store(rules_.size(), std::memory_order_release);
  return id;
}

std::vector<FaultStatus> FaultRegistry::list() const {
  std::lock_guard lock(mu_);
  std::vector<FaultStatus> all;
  for (const Rule& r : rules_) all.push_back({r.id, r.rule, r.matched, r.fired});
  return all;
}

std::size_t FaultRegistry::clear(std::optional<std::string_view> namespace_id) {
  std::lock_guard lock(mu_);
  const std::size_t before = rules_.size();
  std::erase_if(rules_, [&](const Rule& r) { return !namespace_id || r.rule.namespace_id == *namespace_id; });
  rules_count_.store(rules_.size(), std::memory_order_release);
  return before - rules_.size();
}

bool FaultRegistry::remove(uint64_t id) {
  std::lock_guard lock(mu_);
  const bool removed = std::erase_if(rules_, [&](const Rule& r) { return r.id == id; }) > 0;
  rules_count_.store(rules_.size(), std::memory_order_release);
  return removed;
}

FaultOutcome FaultRegistry::apply(const FaultCall& call, bool conflicts) {
  FaultOutcome outcome;
  if (empty()) return outcome;
  std::lock_guard lock(mu_);
  for (Rule& r : rules_) {
    const FaultRule& rule = r.rule;
    if ((rule.error == FaultError::TransactionConflict) != conflicts) continue;
    if (rule.error == FaultError::ReplicatedWriteConflict && !meets_replicated_conflicts(call.operation)) continue;
    if (rule.namespace_id && *rule.namespace_id != call.namespace_id) continue;
    if (!rule.operations.empty() &&
        std::find(rule.operations.begin(), rule.operations.end(), call.operation) == rule.operations.end())
      continue;
    // A rule naming no table or item matches every target of the call.
    const bool whole_call = !rule.table && !rule.key;
    std::vector<bool> hits(call.targets.size(), whole_call);
    bool any = whole_call;
    for (std::size_t i = 0; i < call.targets.size() && !whole_call; ++i) {
      hits[i] = matches_target(rule, call.targets[i]);
      any = any || hits[i];
    }
    if (!any) continue;
    if (rule.error != FaultError::None && outcome.error != FaultError::None) continue;  // decided already
    ++r.matched;
    if (rule.probability < 1 && next_uniform(r.random_state) >= rule.probability) continue;
    ++r.fired;
    if (r.rule.count) --*r.rule.count;
    outcome.latency_ms += rule.latency_ms;
    if (rule.error != FaultError::None) {
      outcome.error = rule.error;
      outcome.hits = std::move(hits);
    }
  }
  forget_spent();
  return outcome;
}

void FaultRegistry::forget_spent() {
  std::erase_if(rules_, [](const Rule& r) { return r.rule.count && *r.rule.count <= 0; });
  rules_count_.store(rules_.size(), std::memory_order_release);
}

}  // namespace minnow::engine
