#include "engine/idempotency.h"

namespace minnow::engine {

IdempotencyCache::Lookup IdempotencyCache::begin(const std::string& token, const std::string& parameters,
                                                 int64_t now_ms) {
  std::lock_guard lock(mu_);
  while (!expiry_.empty() && expiry_.begin()->first <= now_ms) {
    auto entry = entries_.find(expiry_.begin()->second);
    if (entry != entries_.end() && entry->second.answer && entry->second.expires_ms <= now_ms) entries_.erase(entry);
    expiry_.erase(expiry_.begin());
  }
  auto [it, inserted] = entries_.try_emplace(token);
  if (inserted) {
    it->second.parameters = parameters;
    return {Status::New, {}};
  }
  if (it->second.parameters != parameters) return {Status::Mismatch, {}};
  if (!it->second.answer) return {Status::InProgress, {}};
  return {Status::Replay, *it->second.answer};
}

void IdempotencyCache::finish(const std::string& token, std::string answer, int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(token);
  if (it == entries_.end()) return;  // cleared meanwhile
  it->second.answer = std::move(answer);
  it->second.expires_ms = now_ms + kWindowMs;
  expiry_.emplace(it->second.expires_ms, token);
}

void IdempotencyCache::abandon(const std::string& token) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(token);
  if (it != entries_.end() && !it->second.answer) entries_.erase(it);
}

void IdempotencyCache::clear() {
  std::lock_guard lock(mu_);
  entries_.clear();
  expiry_.clear();
}

}  // namespace minnow::engine
