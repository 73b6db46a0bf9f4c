// --transaction-window: the items TransactWriteItems calls are holding, so that conflicts
// happen the way DynamoDB produces them. Each transaction holds its items for the window; a
// write or transaction touching a held item meanwhile is refused with DynamoDB's conflict
// errors (the api decides which), as when it meets a transaction in progress in DynamoDB.
//
// Items are named by table and storage key (model::storage_key). Times are a monotonic clock's
// milliseconds given by the caller (not the engine Clock, which tests move); a hold ends by
// itself when its time is up.
// Thread-safe: mu_ protects the holds.
#pragma once

#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace minnow::engine {

class ItemHolds {
 public:
  // "TABLE\0STORAGE_KEY": one item of one table.
  static std::string item(const std::string& table, const std::string& storage_key);

  // Which of `items` are held at `now_ms`; empty when none is.
  std::vector<bool> held(std::span<const std::string> items, int64_t now_ms);
  // Holds every one of `items` until `until_ms`, unless one of them is held at `now_ms`: then
  // holds none and returns which are held. Empty when the hold was taken.
  std::vector<bool> try_hold(std::span<const std::string> items, int64_t now_ms, int64_t until_ms);
  // Releases every hold (a reset).
  void clear();

 private:
  std::vector<bool> held_locked(std::span<const std::string> items, int64_t now_ms) const;

  std::mutex mu_;
  std::unordered_map<std::string, int64_t> until_ms_;  // Protected by mu_. Item -> end of its hold.
};

}  // namespace minnow::engine
