// The few file operations persist/ needs, each failing with a std::runtime_error that names the
// file and the system's reason.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::persist {

void write_all(int fd, std::string_view data, const std::string& path);
void sync_file(int fd, const std::string& path);
void sync_directory(const std::string& directory);
// A new file (replacing any of that name) holding `contents`, synced; returns it open for
// appending.
int create_file(const std::string& path, std::string_view contents);
void truncate_file(const std::string& path, uint64_t size);
uint64_t file_size(const std::string& path);
std::vector<std::string> list_directory(const std::string& directory);

// A whole file mapped read-only.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {static_cast<const char*>(data_), size_}; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace minnow::persist
