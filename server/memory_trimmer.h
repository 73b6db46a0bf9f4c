// Gives memory that Minnow freed back to the system at quiet moments. glibc keeps freed heap
// memory for reuse: after a DeleteTable, or after a load or a connection storm, the process
// would stay at its peak size. Once per `interval` a thread of its own asks the allocator how
// much it holds free (mallinfo2) and, when much was freed since the last trim (should_trim),
// calls malloc_trim, which returns every free page of every arena to the system. During steady
// work little memory is freed at once, so it rarely trims then.
// No Boost in this header. The destructor stops the thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>

namespace minnow::server {

// Whether to trim: at least 16 MB freed since the last trim (`freed_bytes`), and what the
// allocator holds free (`free_bytes`) at least a quarter of what is in use (`used_bytes`).
bool should_trim(std::size_t freed_bytes, std::size_t free_bytes, std::size_t used_bytes);

class MemoryTrimmer {
 public:
  explicit MemoryTrimmer(std::chrono::milliseconds interval = std::chrono::seconds(1));
  ~MemoryTrimmer();
  MemoryTrimmer(const MemoryTrimmer&) = delete;
  MemoryTrimmer& operator=(const MemoryTrimmer&) = delete;

 private:
  void trim_if_worth_it();

  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // Protected by mu_.
  // What the allocator held free after the last trim (malloc_trim returns pages but the
  // allocator still counts them free), lowered when memory is reused. Only the thread uses it.
  std::size_t free_after_trim_ = 0;
  std::thread thread_;
};

}  // namespace minnow::server
