#include "persist/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace minnow::persist {

namespace {

[[noreturn]] void fail(const char* what, const std::string& path) {
  throw std::runtime_error(std::string("cannot ") + what + " " + path + ": " + std::strerror(errno));
}

}  // namespace

void write_all(int fd, std::string_view data, const std::string& path) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", path);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void sync_file(int fd, const std::string& path) {
  if (::fdatasync(fd) != 0) fail("sync", path);
}

void sync_directory(const std::string& directory) {
  int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail("open", directory);
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) fail("sync", directory);
}

int create_file(const std::string& path, std::string_view contents) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) fail("create", path);
  try {
    write_all(fd, contents, path);
    sync_file(fd, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

void truncate_file(const std::string& path, uint64_t size) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail("open", path);
  if (::ftruncate(fd, static_cast<off_t>(size)) != 0 || ::fdatasync(fd) != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    fail("truncate", path);
  }
  ::close(fd);
}

uint64_t file_size(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) fail("stat", path);
  return static_cast<uint64_t>(st.st_size);
}

std::vector<std::string> list_directory(const std::string& directory) {
  DIR* dir = ::opendir(directory.c_str());
  if (!dir) fail("read the directory", directory);
  std::vector<std::string> names;
  while (dirent* entry = ::readdir(dir)) names.emplace_back(entry->d_name);
  ::closedir(dir);
  return names;
}

MappedFile::MappedFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("open", path);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    fail("stat", path);
  }
  size_ = static_cast<std::size_t>(st.st_size);
  if (size_ > 0) {
    data_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (data_ == MAP_FAILED) {
      data_ = nullptr;
      ::close(fd);
      fail("map", path);
    }
    ::madvise(data_, size_, MADV_SEQUENTIAL);
  }
  ::close(fd);
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(data_, size_);
}

}  // namespace minnow::persist
