// StreamRecords (engine/stream_records.h) against a std::deque model: random appends and drops
// from the front on several copies of one sequence, each checked after every step (size, every
// record by index, front, back, binary search by sequence as Stream does); a copy's appends and
// drops must leave the others unchanged.
#include "engine/stream_records.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <deque>
#include <random>
#include <utility>
#include <vector>

namespace stream_records_test {

using minnow::engine::StreamRecord;
using minnow::engine::StreamRecords;

namespace {

void check(const StreamRecords& records, const std::deque<uint64_t>& model) {
  REQUIRE(records.size() == model.size());
  REQUIRE(records.empty() == model.empty());
  for (std::size_t i = 0; i < model.size(); ++i) REQUIRE(records[i].sequence == model[i]);
  if (model.empty()) return;
  REQUIRE(records.front().sequence == model.front());
  REQUIRE(records.back().sequence == model.back());
  const uint64_t probe = model[model.size() / 2];
  auto it = std::lower_bound(records.begin(), records.end(), probe,
                             [](const StreamRecord& r, uint64_t p) { return r.sequence < p; });
  REQUIRE(it->sequence == probe);
  REQUIRE(it - records.begin() == static_cast<std::ptrdiff_t>(model.size() / 2));
}

}  // namespace

TEST_CASE("copies of stream records stay independent under appends and drops", "[stream_records]") {
  std::mt19937 rng(GENERATE(1u, 2u, 3u));
  std::vector<std::pair<StreamRecords, std::deque<uint64_t>>> copies(1);
  uint64_t next = 100;
  for (int step = 0; step < 2000; ++step) {
    const std::size_t which = rng() % copies.size();
    auto& [records, model] = copies[which];
    const unsigned op = rng() % 100;
    if (op < 50) {
      const int n = 1 + static_cast<int>(rng() % 40);
      for (int i = 0; i < n; ++i) {
        StreamRecord record;
        record.sequence = ++next;
        records.push_back(std::move(record));
        model.push_back(next);
      }
    } else if (op < 97) {
      const int n = static_cast<int>(rng() % 40);
      for (int i = 0; i < n && !model.empty(); ++i) {
        records.pop_front();
        model.pop_front();
      }
    } else {
      std::pair<StreamRecords, std::deque<uint64_t>> copy(records, model);
      if (copies.size() < 4) copies.push_back(std::move(copy));
      else copies[rng() % copies.size()] = std::move(copy);
    }
    if (step % 50 == 0) {
      for (const auto& [r, m] : copies) check(r, m);
    } else if (which < copies.size()) {
      check(copies[which].first, copies[which].second);
    }
  }
}

}  // namespace stream_records_test
