#include "replication/replicator.h"

#include <algorithm>

#include "engine/database.h"
#include "engine/table.h"

namespace minnow::replication {

namespace {
// The last synchronous change's ticket this thread noted (settle_this_thread waits for it).
thread_local uint64_t last_ticket = 0;

// One item of one access key's table, across its regions.
std::string in_flight_key(std::string_view access_key, std::string_view table, std::string_view storage_key) {
  std::string key;
  key.reserve(access_key.size() + table.size() + storage_key.size() + 2);
  key.append(access_key).push_back('\0');
  key.append(table).push_back('\0');
  key.append(storage_key);
  return key;
}
}  // namespace

class Replicator::Feed final : public engine::ReplicaFeed {
 public:
  Feed(Replicator& replicator, engine::NamespaceName name) : replicator_(replicator), name_(std::move(name)) {}

  bool changing_elsewhere(const engine::TableDefinition& table, std::string_view storage_key) override {
    return replicator_.in_flight_from_elsewhere(name_.access_key, name_.region, table.name, storage_key);
  }

  void committed(const engine::TableDefinition& table, std::string_view storage_key,
                 std::optional<std::string_view> new_item, uint64_t order) override {
    Change change{name_.access_key, name_.region, table.name, std::string(storage_key), std::nullopt, order, {}, {}};
    if (new_item) change.new_item.emplace(*new_item);
    for (const engine::ReplicaDefinition& replica : table.replicas)
      change.to.push_back({engine::replica_access_key(replica, name_.access_key), replica.region});
    replicator_.note(std::move(change), table.strong_consistency);
  }

 private:
  Replicator& replicator_;
  const engine::NamespaceName name_;
};

Replicator::Replicator(std::chrono::milliseconds delay) : delay_(delay) {}

Replicator::~Replicator() { stop(); }

engine::ReplicaFeed* Replicator::feed_for(const std::string& namespace_id) {
  std::optional<engine::NamespaceName> name = engine::parse_namespace_id(namespace_id);
  if (!name || name->region.empty()) return nullptr;
  std::lock_guard lock(mu_);
  std::unique_ptr<Feed>& feed = feeds_[namespace_id];
  if (!feed) feed = std::make_unique<Feed>(*this, std::move(*name));
  return feed.get();
}

void Replicator::start(engine::Namespaces& namespaces) {
  namespaces_ = &namespaces;
  worker_ = std::thread([this] { run(); });
}

void Replicator::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    delivered_ += queue_.size() + synchronous_.size();
    queue_.clear();
    synchronous_.clear();
    unsettled_.clear();
    in_flight_.clear();
  }
  wake_.notify_all();
  drained_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void Replicator::drain() {
  std::unique_lock lock(mu_);
  const uint64_t target = noted_;
  drained_.wait(lock, [&] { return delivered_ >= target || stopping_; });
}

void Replicator::note(Change change, bool synchronous) {
  change.due = std::chrono::steady_clock::now() + (synchronous ? std::chrono::milliseconds(0) : delay_);
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    ++noted_;
    if (synchronous) {
      change.ticket = last_ticket = ++tickets_;
      unsettled_.insert(change.ticket);
      in_flight_.emplace(in_flight_key(change.access_key, change.table, change.storage_key), change.from_region);
      synchronous_.push_back(std::move(change));
    } else {
      queue_.push_back(std::move(change));
    }
  }
  wake_.notify_one();
}

bool Replicator::in_flight_from_elsewhere(const std::string& access_key, const std::string& region,
                                          const std::string& table, std::string_view storage_key) {
  std::lock_guard lock(mu_);
  auto [first, last] = in_flight_.equal_range(in_flight_key(access_key, table, storage_key));
  return std::any_of(first, last, [&](const auto& entry) { return entry.second != region; });
}

void Replicator::settle_this_thread() {
  if (!last_ticket) return;
  std::unique_lock lock(mu_);
  drained_.wait(lock, [&] { return stopping_ || unsettled_.empty() || *unsettled_.begin() > last_ticket; });
  last_ticket = 0;
}

void Replicator::run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    std::deque<Change>* from = &synchronous_;  // a writer waits for those
    if (synchronous_.empty()) {
      if (queue_.empty()) {
        wake_.wait(lock);
        continue;
      }
      // Every change waits the same delay, so the queue is in order of due time too.
      if (std::chrono::steady_clock::now() < queue_.front().due) {
        wake_.wait_until(lock, queue_.front().due);
        continue;
      }
      from = &queue_;
    }
    Change change = std::move(from->front());
    from->pop_front();
    lock.unlock();
    deliver(change);
    lock.lock();
    ++delivered_;
    if (change.ticket) {
      unsettled_.erase(change.ticket);
      auto [first, last] = in_flight_.equal_range(in_flight_key(change.access_key, change.table, change.storage_key));
      for (auto it = first; it != last; ++it)
        if (it->second == change.from_region) {
          in_flight_.erase(it);
          break;
        }
    }
    drained_.notify_all();
  }
}

void Replicator::deliver(const Change& change) {
  for (const engine::NamespaceName& replica : change.to) {
    engine::Database* database = namespaces_->find(namespaces_->id_for(replica.access_key, replica.region));
    if (!database) continue;
    // A replica deleted meanwhile is no replica any more: apply_replicated declines then.
    if (std::shared_ptr<engine::Table> table = database->find(change.table))
      table->apply_replicated(change.storage_key,
                              change.new_item ? std::optional<std::string_view>(*change.new_item) : std::nullopt,
                              change.order, change.from_region);
  }
}

}  // namespace minnow::replication
