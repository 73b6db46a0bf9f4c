// The S3 stand-in never reads or writes outside its directory: bucket names, keys with "..",
// absolute keys, backslashes, NUL bytes and symbolic links anywhere on the path are refused.
#include "s3local/store.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

namespace store_test {

namespace {

using minnow::s3local::Status;
using minnow::s3local::Store;
namespace fs = std::filesystem;

struct TempDir {
  TempDir() {
    path = fs::temp_directory_path() / ("minnow-s3-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(path / "root" / "bucket");
    fs::create_directories(path / "outside");
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path path;
};

}  // namespace

TEST_CASE("objects are written, read and listed in key order") {
  TempDir dir;
  Store store(dir.path / "root");
  CHECK(store.bucket_exists("bucket"));
  CHECK_FALSE(store.bucket_exists("other"));
  CHECK(store.put("bucket", "b/2.json", "two") == Status::Ok);
  CHECK(store.put("bucket", "b/1.json", "one") == Status::Ok);
  CHECK(store.put("bucket", "a.json", "a") == Status::Ok);
  std::string bytes;
  CHECK(store.get("bucket", "b/2.json", bytes) == Status::Ok);
  CHECK(bytes == "two");
  CHECK(store.get("bucket", "b/3.json", bytes) == Status::NoSuchKey);
  CHECK(store.get("other", "b/2.json", bytes) == Status::NoSuchBucket);
  CHECK(store.put("other", "x", "") == Status::NoSuchBucket);

  std::vector<minnow::s3local::ObjectInfo> objects;
  REQUIRE(store.list("bucket", "", objects) == Status::Ok);
  REQUIRE(objects.size() == 3);
  CHECK(objects[0].key == "a.json");
  CHECK(objects[1].key == "b/1.json");
  CHECK(objects[2].key == "b/2.json");
  CHECK(objects[2].size == 3);
  objects.clear();
  REQUIRE(store.list("bucket", "b/1", objects) == Status::Ok);
  REQUIRE(objects.size() == 1);
  CHECK(objects[0].key == "b/1.json");
  objects.clear();
  CHECK(store.list("bucket", "nothing/", objects) == Status::Ok);
  CHECK(objects.empty());
}

TEST_CASE("keys and buckets that would leave the directory are refused") {
  TempDir dir;
  Store store(dir.path / "root");
  for (const char* key :
       {"../outside/x", "a/../../outside/x", "/etc/passwd", "a//b", "a/./b", "a\\b", "", "a/", "..", "."}) {
    INFO(key);
    CHECK(store.put("bucket", key, "x") == Status::InvalidKey);
    std::string bytes;
    CHECK(store.get("bucket", key, bytes) == Status::InvalidKey);
  }
  CHECK(store.put("bucket", std::string("a\0b", 3), "x") == Status::InvalidKey);
  for (const char* bucket : {"..", "../outside", "outside/..", "UPPER", "a", "-bucket", "bu..cket", ""})
    CHECK(store.put(bucket, "x", "x") == Status::NoSuchBucket);
  std::vector<minnow::s3local::ObjectInfo> objects;
  CHECK(store.list("bucket", "../", objects) == Status::InvalidKey);
  CHECK(store.list("bucket", "/abs", objects) == Status::InvalidKey);
  CHECK(fs::is_empty(dir.path / "outside"));
}

TEST_CASE("symbolic links are never followed") {
  TempDir dir;
  Store store(dir.path / "root");
  std::ofstream(dir.path / "outside" / "secret") << "secret";
  fs::create_directory_symlink(dir.path / "outside", dir.path / "root" / "bucket" / "link");
  fs::create_symlink(dir.path / "outside" / "secret", dir.path / "root" / "bucket" / "file");
  fs::create_directory_symlink(dir.path / "outside", dir.path / "root" / "linked-bucket");
  std::string bytes;
  CHECK(store.get("bucket", "link/secret", bytes) == Status::InvalidKey);
  CHECK(store.get("bucket", "file", bytes) == Status::InvalidKey);
  CHECK(store.put("bucket", "link/new", "x") == Status::InvalidKey);
  CHECK(store.put("bucket", "file", "x") == Status::InvalidKey);
  CHECK_FALSE(store.bucket_exists("linked-bucket"));
  CHECK(store.get("linked-bucket", "secret", bytes) == Status::NoSuchBucket);
  std::vector<minnow::s3local::ObjectInfo> objects;
  CHECK(store.list("bucket", "", objects) == Status::Ok);
  CHECK(objects.empty());
  CHECK(store.list("bucket", "link/", objects) == Status::InvalidKey);
  CHECK(fs::exists(dir.path / "outside" / "secret"));
  CHECK_FALSE(fs::exists(dir.path / "outside" / "new"));
}

}  // namespace store_test
