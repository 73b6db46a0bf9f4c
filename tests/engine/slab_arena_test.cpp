// engine::SlabArena: objects of every size class are distinct and keep what is written in them,
// slabs emptied are given back (one kept a class), sizes beyond the classes go to operator new,
// and two threads allocating and freeing at once do not collide.
#include "engine/slab_arena.h"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <random>
#include <thread>
#include <utility>
#include <vector>

namespace slab_arena_test {

using minnow::engine::SlabArena;

struct Block {
  unsigned char* p;
  std::size_t bytes;
  unsigned char fill;
};

Block fill(SlabArena& arena, std::size_t bytes, unsigned char value) {
  auto* p = static_cast<unsigned char*>(arena.allocate(bytes));
  std::memset(p, value, bytes);
  return {p, bytes, value};
}

bool intact(const Block& b) {
  for (std::size_t i = 0; i < b.bytes; ++i)
    if (b.p[i] != b.fill) return false;
  return true;
}

TEST_CASE("objects of every size keep their bytes until freed, in any order", "[slab_arena]") {
  SlabArena arena;
  std::mt19937 random(7);
  std::vector<Block> live;
  for (int step = 0; step < 20'000; ++step) {
    if (!live.empty() && random() % 3 == 0) {
      const std::size_t i = random() % live.size();
      REQUIRE(intact(live[i]));
      arena.deallocate(live[i].p, live[i].bytes);
      live[i] = live.back();
      live.pop_back();
    } else {
      const std::size_t bytes = 1 + random() % (SlabArena::kMaxBytes + 200);  // some beyond the classes
      live.push_back(fill(arena, bytes, static_cast<unsigned char>(step)));
    }
  }
  for (const Block& b : live) CHECK(intact(b));
  for (const Block& b : live) arena.deallocate(b.p, b.bytes);
}

TEST_CASE("a slab emptied is given back, but a class's last one", "[slab_arena]") {
  SlabArena arena;
  std::vector<void*> objects;
  for (int i = 0; i < 2'000; ++i) objects.push_back(arena.allocate(200));  // about 7 slabs of 200-byte objects
  CHECK(arena.slabs_in_use() >= 6);
  for (void* p : objects) arena.deallocate(p, 200);
  CHECK(arena.slabs_in_use() == 1);
  // The slabs given back are used again.
  for (int i = 0; i < 2'000; ++i) objects[i] = arena.allocate(200);
  CHECK(arena.slabs_in_use() >= 6);
  for (void* p : objects) arena.deallocate(p, 200);
}

TEST_CASE("an object shares no byte with another, its address a multiple of 4", "[slab_arena]") {
  SlabArena arena;
  std::vector<std::pair<uintptr_t, std::size_t>> spans;
  for (std::size_t bytes = 1; bytes <= 600; bytes += 7) {
    for (int i = 0; i < 3; ++i) {
      void* p = arena.allocate(bytes);
      CHECK(reinterpret_cast<uintptr_t>(p) % 4 == 0);
      spans.emplace_back(reinterpret_cast<uintptr_t>(p), bytes);
    }
  }
  std::sort(spans.begin(), spans.end());
  for (std::size_t i = 1; i < spans.size(); ++i) CHECK(spans[i - 1].first + spans[i - 1].second <= spans[i].first);
  for (auto [p, bytes] : spans) arena.deallocate(reinterpret_cast<void*>(p), bytes);
}

TEST_CASE("two threads allocating and freeing at once", "[slab_arena]") {
  SlabArena arena;
  std::atomic<bool> overwritten{false};  // Catch's assertions are not thread-safe
  auto work = [&](unsigned char id) {
    std::vector<Block> mine;
    for (int round = 0; round < 50; ++round) {
      for (int i = 0; i < 200; ++i) mine.push_back(fill(arena, 24 + (i % 5) * 40, id));
      for (const Block& b : mine) {
        if (!intact(b)) overwritten = true;
        arena.deallocate(b.p, b.bytes);
      }
      mine.clear();
    }
  };
  std::thread a(work, 1), b(work, 2);
  a.join();
  b.join();
  CHECK_FALSE(overwritten);
  CHECK(arena.slabs_in_use() <= 5);  // one kept for each class used
}

}  // namespace slab_arena_test
