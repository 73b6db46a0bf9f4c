// Global tables' replication (UpdateTable's ReplicaUpdates, version 2019.11.21). A replica is the
// table of the same name in the namespace of the same access key and another region; each
// namespace's Database tells its ReplicaFeed of every change to a table with replicas
// (engine/replica_feed.h), and the Replicator applies the change to the table in each replica
// region once `delay` has passed, as DynamoDB replicates asynchronously: there it is a replicated
// change (engine::Table::apply_replicated), applied unless a later change of the item is there
// already (last writer wins), written to that replica's own stream and not sent back.
//
// One worker thread delivers the changes in the order they were committed. Changes not yet
// delivered when the server stops are lost, as a region's in-flight writes would be.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/namespaces.h"
#include "engine/replica_feed.h"

namespace minnow::replication {

class Replicator {
 public:
  explicit Replicator(std::chrono::milliseconds delay);
  ~Replicator();  // stop()
  Replicator(const Replicator&) = delete;
  Replicator& operator=(const Replicator&) = delete;

  // The feed of namespace `id`'s Database (given to it when the namespace is made); lives as long
  // as the Replicator. Null for a namespace that has no region (-sharedDb's).
  engine::ReplicaFeed* feed_for(const std::string& namespace_id);
  // Delivers into `namespaces` from now on; they must outlive stop().
  void start(engine::Namespaces& namespaces);
  // Stops delivering, dropping what is not delivered yet. Idempotent.
  void stop();
  // Returns once every change noted before the call is delivered (or dropped by stop()).
  void drain();
  // Returns once the changes this thread noted to tables of strong consistency are delivered:
  // the service calls it before answering a request, so that its writes are in every region
  // when it is answered.
  void settle_this_thread();

 private:
  struct Change {
    std::string access_key, from_region, table, storage_key;
    std::optional<std::string> new_item;
    uint64_t order = 0;
    std::vector<engine::NamespaceName> to;  // the replicas' namespaces
    std::chrono::steady_clock::time_point due;
    uint64_t ticket = 0;  // a synchronous change's (strong consistency), else 0
  };
  class Feed;

  void note(Change change, bool synchronous);
  bool in_flight_from_elsewhere(const std::string& access_key, const std::string& region, const std::string& table,
                                std::string_view storage_key);
  void run();
  void deliver(const Change& change);

  const std::chrono::milliseconds delay_;
  engine::Namespaces* namespaces_ = nullptr;  // set by start()
  std::mutex mu_;
  std::condition_variable wake_, drained_;
  std::deque<Change> queue_;                            // Protected by mu_; in commit order.
  std::deque<Change> synchronous_;                      // Protected by mu_; delivered first.
  std::set<uint64_t> unsettled_;                        // Protected by mu_: their tickets.
  // Protected by mu_: the synchronous changes not yet delivered, by access key, table and item
  // (in_flight_key), and the region each came from.
  std::multimap<std::string, std::string> in_flight_;
  uint64_t tickets_ = 0;                                // Protected by mu_.
  uint64_t noted_ = 0, delivered_ = 0;                  // Protected by mu_.
  bool stopping_ = false;                               // Protected by mu_.
  std::map<std::string, std::unique_ptr<Feed>> feeds_;  // Protected by mu_.
  std::thread worker_;
};

}  // namespace minnow::replication
