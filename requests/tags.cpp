#include "requests/tags.h"

#include <algorithm>

namespace minnow::requests {

TagResourceResult execute(const Context&, const TagResourceRequest& request) {
  TagResourceResult result;
  try {
    request.table->update_definition([&](engine::TableDefinition& def) {
      TagList tags = def.tags;
      for (const auto& [key, value] : request.tags) {
        auto at = std::lower_bound(tags.begin(), tags.end(), key,
                                   [](const auto& t, const std::string& k) { return t.first < k; });
        if (at != tags.end() && at->first == key)
          at->second = value;
        else
          tags.emplace(at, key, value);
      }
      if (tags.size() > kMaxTagsPerResource) {
        result.too_many = tags.size();
        throw DefinitionUnchanged{};
      }
      def.tags = std::move(tags);
    });
  } catch (const DefinitionUnchanged&) {
  }
  return result;
}

void execute(const Context&, const UntagResourceRequest& request) {
  const std::vector<std::string>& keys = request.tag_keys;
  request.table->update_definition([&](engine::TableDefinition& def) {
    std::erase_if(def.tags,
                  [&](const auto& tag) { return std::find(keys.begin(), keys.end(), tag.first) != keys.end(); });
  });
}

ListTagsOfResourceResult execute(const Context&, const ListTagsOfResourceRequest& request) {
  return {request.table->definition().tags};
}

}  // namespace minnow::requests
