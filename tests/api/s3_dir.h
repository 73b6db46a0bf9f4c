// A temporary --s3-dir for the data-movement tests (exports, imports, bulk loads): its buckets
// are directories, and the whole tree goes when the test ends. with_s3() gives the
// ServiceOptions that serve it.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>

#include "api/service.h"
#include "s3local/store.h"

namespace minnow::testing {

struct S3Dir {
  explicit S3Dir(std::initializer_list<const char*> buckets = {"bucket"}) {
    root = std::filesystem::temp_directory_path() / ("minnow-s3-test-" + std::to_string(std::random_device{}()));
    for (const char* bucket : buckets) std::filesystem::create_directories(root / bucket);
  }
  ~S3Dir() { std::filesystem::remove_all(root); }
  S3Dir(const S3Dir&) = delete;
  S3Dir& operator=(const S3Dir&) = delete;
  std::filesystem::path root;
};

inline api::ServiceOptions with_s3(const S3Dir& dir) {
  api::ServiceOptions options;
  options.s3 = std::make_shared<s3local::Store>(dir.root);
  return options;
}

}  // namespace minnow::testing
