// --seed FILE: tables and items loaded through the Service before Minnow serves.
//
// A seed file holds JSON values: one a line (JSON Lines), or separated by any whitespace, or
// all in one JSON array. Each value is one of
//   - a CreateTable request (an object whose "TableName" is a string and which has a
//     "KeySchema"): the table is created, and items that follow go into it;
//   - an UpdateTimeToLive request ("TableName" and "TimeToLiveSpecification");
//   - a PutItem request ("TableName" and "Item");
//   - an item in DynamoDB JSON ({"pk": {"S": "a"}, ...}), put into the table created last in
//     the same file.
// GET /_minnow/export writes this format. Each value is checked as DynamoDB checks the request;
// the first that fails stops start-up with "FILE:LINE: ErrorType: message".
#pragma once

#include <cstdint>
#include <string>

#include "api/service.h"

namespace minnow::server {

struct SeedStats {
  uint64_t tables = 0;
  uint64_t items = 0;
};

// Throws std::runtime_error naming the file (and line) on any error.
SeedStats load_seed_file(api::Service& service, const std::string& path, const std::string& region);

}  // namespace minnow::server
