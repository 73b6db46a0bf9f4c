// The recent requests Minnow served: a bounded ring, newest last, that the server fills (one
// entry per request, from what the Reply says of it) and GET /_minnow/requests reads
// (docs/admin-api.md), so that a failed test run or the web console can see what happened.
// Thread-safe: add() and since() may be called from any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::api {

struct RequestLogEntry {
  std::uint64_t sequence = 0;  // set by add(): 1, 2, 3, ...
  std::int64_t time_ms = 0;    // Unix milliseconds when the request had been read
  std::string request_id;
  std::string namespace_id;  // engine/namespaces.h's id; empty when the request reached none
  std::string operation;     // "PutItem", "GetRecords"; "GET /console/" for other requests
  std::string table;         // TableName, when the request names one
  int status = 0;
  std::string error_type;  // "ValidationException"; empty on success
  std::int64_t duration_us = 0;
};

// One entry as JSON: {"sequence":1,"time":"2026-12-01T14:30:00.123Z","requestId":"...",
// "namespace":"AKID/us-east-1","operation":"PutItem","table":"Music","status":200,
// "errorType":"","durationMs":0.081} (without "sequence" when `with_sequence` is false).
std::string to_json(const RequestLogEntry& entry, bool with_sequence = true);
// Unix milliseconds as ISO 8601 with milliseconds ("2026-12-01T14:30:00.123Z").
std::string iso8601_ms(std::int64_t unix_ms);

// A page of the log: the entries wanted, and the sequence to read after next (the last one
// looked at; the newest there is when `after` was beyond it, as after a restart).
struct RequestLogPage {
  std::vector<RequestLogEntry> entries;
  std::uint64_t last = 0;
};

class RequestLog {
 public:
  static constexpr std::size_t kDefaultCapacity = 1000;
  explicit RequestLog(std::size_t capacity = kDefaultCapacity) : capacity_(capacity ? capacity : 1) {}

  // Records one request: `fill(entry)` writes its fields into the ring's next entry, under the
  // log's lock. The entry comes cleared (its sequence set); once the ring is full it is the
  // oldest one's, whose strings keep their capacity, so that recording allocates nothing.
  template <class Fill>
  void add(Fill&& fill) {
    std::lock_guard lock(mu_);
    fill(next_entry());
  }
  // The entries with a sequence above `after`, oldest first, at most `limit` of them; only
  // those of namespace `namespace_id` when given.
  RequestLogPage since(std::uint64_t after, std::size_t limit,
                       const std::optional<std::string>& namespace_id = std::nullopt) const;

 private:
  RequestLogEntry& next_entry();  // mu_ held
  // The i-th entry, oldest first.
  const RequestLogEntry& entry(std::size_t i) const { return entries_[(oldest_ + i) % entries_.size()]; }

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::vector<RequestLogEntry> entries_;  // Protected by mu_: a ring of up to capacity_ entries
  std::size_t oldest_ = 0;                // Protected by mu_: its oldest entry, once full
  std::uint64_t next_sequence_ = 1;       // Protected by mu_.
};

}  // namespace minnow::api
