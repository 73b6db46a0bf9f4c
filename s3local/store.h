// The local S3 stand-in (--s3-dir DIR): s3://BUCKET/KEY is the file DIR/BUCKET/KEY.
//
// Exports write into it, imports and bulk loads read from it (api/exports, api/imports,
// api/bulk). A bucket is a directory that must exist already (S3's NoSuchBucket otherwise:
// Minnow never creates buckets); keys are '/'-separated paths below it, their directories made
// as objects are written.
//
// Nothing outside DIR is ever read or written: a bucket must be a valid S3 bucket name, and a
// key is refused when it is absolute, has an empty, "." or ".." segment, a backslash or a NUL
// byte, or when any existing directory or file on its path (the bucket included) is a symbolic
// link. Objects are written whole (a temporary file, then a rename), so a reader never sees half
// of one.
//
// Thread-safe: every call is independent (the file system is the only state).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::s3local {

enum class Status {
  Ok,
  NoSuchBucket,  // not a valid bucket name, no such directory, or a symbolic link
  InvalidKey,    // a key that would leave the bucket (see above), or one that is empty
  NoSuchKey,     // get(): no such object
  IoError,       // the file system refused (permissions, a file where a directory must be, ...)
};

struct ObjectInfo {
  std::string key;
  uint64_t size = 0;
};

class Store {
 public:
  // `root` is DIR; it need not exist (then no bucket exists).
  explicit Store(std::filesystem::path root);

  const std::filesystem::path& root() const { return root_; }

  bool bucket_exists(std::string_view bucket) const;
  // The object's bytes into `bytes`.
  Status get(std::string_view bucket, std::string_view key, std::string& bytes) const;
  // Creates or replaces the object.
  Status put(std::string_view bucket, std::string_view key, std::string_view bytes) const;
  // Every object whose key starts with `prefix`, in ascending key order (S3's listing order).
  // Symbolic links met on the way are left out.
  Status list(std::string_view bucket, std::string_view prefix, std::vector<ObjectInfo>& objects) const;

  // S3's bucket naming rules: 3-63 lower-case letters, digits, '.' and '-', starting and ending
  // with a letter or digit, no "..".
  static bool valid_bucket_name(std::string_view bucket);
  // A key that stays inside its bucket (the rules above; a key may end with '/' only for list's
  // prefix, never for an object).
  static bool valid_key(std::string_view key);

 private:
  // DIR/BUCKET when the bucket exists and is no symbolic link.
  bool bucket_path(std::string_view bucket, std::filesystem::path& path) const;
  // The bucket's directory and the object's file, after every check above; `segments` are the
  // key's (pointing into `key`).
  Status object_path(std::string_view bucket, std::string_view key, std::filesystem::path& base,
                     std::filesystem::path& path, std::vector<std::string_view>& segments) const;

  std::filesystem::path root_;
};

}  // namespace minnow::s3local
