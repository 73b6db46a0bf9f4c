// Tags on tables as typed requests: TagResource, UntagResource, ListTagsOfResource. The front end
// (api/tags) checks the ARN and the tags and finds the table; execute() changes or reads the
// table's tags under its lock and says what happened as a value. A table's tags live in its
// TableDefinition, sorted by key, each key once.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

using TagList = std::vector<std::pair<std::string, std::string>>;

inline constexpr std::size_t kMaxTagsPerResource = 50;

struct TagResourceRequest {
  std::shared_ptr<engine::Table> table;
  TagList tags;  // sorted by key, each key once
};

struct TagResourceResult {
  // The table would have more than kMaxTagsPerResource tags: none added. 0: added.
  std::size_t too_many = 0;
};

// A key already there takes the new value.
TagResourceResult execute(const Context& context, const TagResourceRequest& request);

struct UntagResourceRequest {
  std::shared_ptr<engine::Table> table;
  std::vector<std::string> tag_keys;  // a key the table does not have is no error
};

void execute(const Context& context, const UntagResourceRequest& request);

struct ListTagsOfResourceRequest {
  std::shared_ptr<engine::Table> table;
};

struct ListTagsOfResourceResult {
  TagList tags;  // all of them: at most 50, one page
};

ListTagsOfResourceResult execute(const Context& context, const ListTagsOfResourceRequest& request);

}  // namespace minnow::requests
