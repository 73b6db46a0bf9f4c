#include "engine/faults.h"

namespace minnow::engine {

int64_t FaultRegistry::add_conflict(std::string table, std::optional<model::AttributeMap> key, int64_t count) {
  std::lock_guard lock(mu_);
  if (count > 0) faults_.push_back({std::move(table), std::move(key), count});
  int64_t total = 0;
  for (const Fault& f : faults_) total += f.count;
  return total;
}

void FaultRegistry::clear() {
  std::lock_guard lock(mu_);
  faults_.clear();
}

int64_t FaultRegistry::pending() const {
  std::lock_guard lock(mu_);
  int64_t total = 0;
  for (const Fault& f : faults_) total += f.count;
  return total;
}

std::vector<bool> FaultRegistry::take_conflict(const std::vector<Target>& targets) {
  std::lock_guard lock(mu_);
  for (auto it = faults_.begin(); it != faults_.end(); ++it) {
    std::vector<bool> hits(targets.size(), false);
    bool any = false;
    for (std::size_t i = 0; i < targets.size(); ++i) {
      hits[i] = *targets[i].table == it->table && (!it->key || *it->key == *targets[i].key);
      any = any || hits[i];
    }
    if (!any) continue;
    if (--it->count == 0) faults_.erase(it);
    return hits;
  }
  return {};
}

}  // namespace minnow::engine
