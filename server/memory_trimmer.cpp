#include "server/memory_trimmer.h"

#include <malloc.h>

#include <algorithm>

namespace minnow::server {

namespace {
constexpr std::size_t kMinTrimBytes = 16u << 20;
}  // namespace

bool should_trim(std::size_t freed_bytes, std::size_t free_bytes, std::size_t used_bytes) {
  return freed_bytes >= kMinTrimBytes && free_bytes >= used_bytes / 4;
}

void MemoryTrimmer::trim_if_worth_it() {
  // mallinfo2 sums every arena: fordblks is what the allocator holds free, uordblks what is in use.
  struct mallinfo2 info = mallinfo2();
  free_after_trim_ = std::min(free_after_trim_, info.fordblks);
  if (!should_trim(info.fordblks - free_after_trim_, info.fordblks, info.uordblks)) return;
  malloc_trim(0);
  free_after_trim_ = mallinfo2().fordblks;
}

MemoryTrimmer::MemoryTrimmer(std::chrono::milliseconds interval)
    : thread_([this, interval] {
        std::unique_lock lock(mu_);
        while (!wake_.wait_for(lock, interval, [this] { return stopping_; })) {
          lock.unlock();
          trim_if_worth_it();
          lock.lock();
        }
      }) {}

MemoryTrimmer::~MemoryTrimmer() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace minnow::server
