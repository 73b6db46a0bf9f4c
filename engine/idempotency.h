// TransactWriteItems' ClientRequestToken: the answers of recent transactions, by token.
//
// A token is remembered for ten minutes (AWS's idempotency window) of the injected clock after
// its transaction committed. A request with a remembered token and the same parameters gets the
// remembered answer without being applied again; with other parameters it is refused. The
// request's parameters and its answer are opaque strings here (the api decides what they are).
// A transaction that did not commit leaves no trace, so it may be retried with its token.
// Thread-safe: mu_ protects the table.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace minnow::engine {

class IdempotencyCache {
 public:
  static constexpr int64_t kWindowMs = 10 * 60 * 1000;

  enum class Status {
    New,         // unknown token: run the request, then finish() or abandon()
    Replay,      // same parameters: `answer` is the remembered answer
    Mismatch,    // other parameters: IdempotentParameterMismatchException
    InProgress,  // a request with this token is running: TransactionInProgressException
  };
  struct Lookup {
    Status status;
    std::string answer;  // for Replay
  };

  // Looks the token up at `now_ms` (forgetting expired tokens); a New token is reserved until
  // finish() or abandon().
  Lookup begin(const std::string& token, const std::string& parameters, int64_t now_ms);
  // The reserved token's request committed with this answer, at `now_ms`.
  void finish(const std::string& token, std::string answer, int64_t now_ms);
  // The reserved token's request did not commit: forget the token.
  void abandon(const std::string& token);
  // Forgets every token (the /_minnow/reset admin call).
  void clear();

 private:
  struct Entry {
    std::string parameters;
    std::optional<std::string> answer;  // nullopt while in progress
    int64_t expires_ms = 0;
  };
  std::mutex mu_;
  std::map<std::string, Entry> entries_;        // token -> entry. Protected by mu_.
  std::multimap<int64_t, std::string> expiry_;  // expires_ms -> finished token. Protected by mu_.
};

}  // namespace minnow::engine
