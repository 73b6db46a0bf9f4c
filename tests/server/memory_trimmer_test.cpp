#include "server/memory_trimmer.h"

#include <catch2/catch.hpp>
#include <chrono>

namespace memory_trimmer_test {

using minnow::server::should_trim;

TEST_CASE("memory is given back when much of it was freed since the last trim") {
  constexpr std::size_t MB = 1u << 20;
  CHECK_FALSE(should_trim(0, 0, 0));
  CHECK_FALSE(should_trim(15 * MB, 15 * MB, 0));         // too little to be worth a trim
  CHECK(should_trim(16 * MB, 16 * MB, 10 * MB));         // after a DeleteTable
  CHECK(should_trim(64 * MB, 64 * MB, 256 * MB));        // a quarter of what is in use
  CHECK_FALSE(should_trim(63 * MB, 63 * MB, 256 * MB));  // steady work: a little free beside much in use
  CHECK(should_trim(500 * MB, 500 * MB, 20 * MB));       // after a load
  CHECK_FALSE(should_trim(1 * MB, 500 * MB, 20 * MB));   // trimmed already: nothing new to give back
}

TEST_CASE("the trimmer thread stops without waiting for its interval") {
  auto start = std::chrono::steady_clock::now();
  { minnow::server::MemoryTrimmer trimmer(std::chrono::hours(1)); }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::minutes(10));
}

}  // namespace memory_trimmer_test
