#include "s3local/store.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <system_error>

namespace minnow::s3local {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kTemporaryPrefix = ".minnow-tmp-";

bool is_link(const fs::path& path) {
  std::error_code ec;
  return fs::symlink_status(path, ec).type() == fs::file_type::symlink;
}

// The '/'-separated segments of `path`: false when one is empty, "." or "..", or holds a
// backslash or a NUL byte.
bool split_segments(std::string_view path, std::vector<std::string_view>& segments) {
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    const std::string_view segment = path.substr(start, slash - start);
    if (segment.empty() || segment == "." || segment == ".." ||
        segment.find_first_of(std::string_view("\\\0", 2)) != std::string_view::npos)
      return false;
    segments.push_back(segment);
    start = slash + 1;
  }
  return true;
}

// No existing part of `path` below `base` is a symbolic link.
bool no_links_below(const fs::path& base, const std::vector<std::string_view>& segments) {
  fs::path path = base;
  for (const auto& segment : segments) {
    path /= std::string(segment);
    if (is_link(path)) return false;
  }
  return true;
}

bool read_file(const fs::path& path, std::string& bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  bytes.clear();
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}

bool write_file(const fs::path& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      ::close(fd);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return ::close(fd) == 0;
}

}  // namespace

Store::Store(fs::path root) : root_(std::move(root)) {}

bool Store::valid_bucket_name(std::string_view bucket) {
  if (bucket.size() < 3 || bucket.size() > 63) return false;
  auto letter_or_digit = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!letter_or_digit(bucket.front()) || !letter_or_digit(bucket.back())) return false;
  if (bucket.find("..") != std::string_view::npos) return false;
  return std::all_of(bucket.begin(), bucket.end(), [&](char c) { return letter_or_digit(c) || c == '.' || c == '-'; });
}

bool Store::valid_key(std::string_view key) {
  std::vector<std::string_view> segments;
  return !key.empty() && split_segments(key, segments) && !segments.back().starts_with(kTemporaryPrefix);
}

bool Store::bucket_path(std::string_view bucket, fs::path& path) const {
  if (!valid_bucket_name(bucket)) return false;
  path = root_ / std::string(bucket);
  std::error_code ec;
  return !is_link(path) && fs::is_directory(path, ec);
}

bool Store::bucket_exists(std::string_view bucket) const {
  fs::path path;
  return bucket_path(bucket, path);
}

Status Store::object_path(std::string_view bucket, std::string_view key, fs::path& base, fs::path& path,
                          std::vector<std::string_view>& segments) const {
  if (!bucket_path(bucket, base)) return Status::NoSuchBucket;
  if (!valid_key(key) || !split_segments(key, segments) || !no_links_below(base, segments)) return Status::InvalidKey;
  path = base / std::string(key);
  return Status::Ok;
}

Status Store::get(std::string_view bucket, std::string_view key, std::string& bytes) const {
  fs::path base, path;
  std::vector<std::string_view> segments;
  if (Status status = object_path(bucket, key, base, path, segments); status != Status::Ok) return status;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return Status::NoSuchKey;
  return read_file(path, bytes) ? Status::Ok : Status::IoError;
}

Status Store::put(std::string_view bucket, std::string_view key, std::string_view bytes) const {
  fs::path base, path;
  std::vector<std::string_view> segments;
  if (Status status = object_path(bucket, key, base, path, segments); status != Status::Ok) return status;
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) return Status::IoError;
  // The directories just made may not be links either (a race with someone making one).
  if (!no_links_below(base, segments)) return Status::InvalidKey;
  static std::atomic<uint64_t> counter{0};
  const fs::path temporary = path.parent_path() / (std::string(kTemporaryPrefix) + std::to_string(::getpid()) + "-" +
                                                   std::to_string(counter.fetch_add(1)));
  if (!write_file(temporary, bytes)) {
    fs::remove(temporary, ec);
    return Status::IoError;
  }
  fs::rename(temporary, path, ec);
  if (ec) {
    fs::remove(temporary, ec);
    return Status::IoError;
  }
  return Status::Ok;
}

Status Store::list(std::string_view bucket, std::string_view prefix, std::vector<ObjectInfo>& objects) const {
  fs::path base;
  if (!bucket_path(bucket, base)) return Status::NoSuchBucket;
  // The directory the prefix names (up to its last '/'); the rest filters its files' keys.
  const std::size_t slash = prefix.rfind('/');
  const std::string_view directory = slash == std::string_view::npos ? std::string_view() : prefix.substr(0, slash);
  std::vector<std::string_view> segments;
  if (!directory.empty() && (!split_segments(directory, segments) || !no_links_below(base, segments)))
    return Status::InvalidKey;
  if (prefix.starts_with('/')) return Status::InvalidKey;
  const fs::path start = directory.empty() ? base : base / std::string(directory);
  std::error_code ec;
  if (!fs::is_directory(start, ec)) return Status::Ok;
  // recursive_directory_iterator does not follow directory links by default; file links are
  // skipped below.
  for (auto it = fs::recursive_directory_iterator(start, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    if (!entry.is_regular_file(ec) || entry.is_symlink(ec)) continue;
    std::string key = entry.path().lexically_relative(base).generic_string();
    if (!key.starts_with(prefix) || entry.path().filename().string().starts_with(kTemporaryPrefix)) continue;
    objects.push_back({std::move(key), static_cast<uint64_t>(entry.file_size(ec))});
  }
  if (ec) return Status::IoError;
  std::sort(objects.begin(), objects.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
  return Status::Ok;
}

}  // namespace minnow::s3local
