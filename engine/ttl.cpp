#include "engine/ttl.h"

#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "engine/database.h"
#include "engine/table.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::engine {

namespace {

// The TTL attribute's value in epoch seconds, when it is a Number.
std::optional<double> ttl_seconds(const model::Item& item, const std::string& attribute) {
  auto it = item.find(attribute);
  if (it == item.end() || it->second.type() != model::ValueType::N) return std::nullopt;
  return std::strtod(it->second.as<model::Number>().to_string().c_str(), nullptr);
}

}  // namespace

bool is_expired(const model::Item& item, const std::string& attribute, int64_t now_ms) {
  std::optional<double> ttl = ttl_seconds(item, attribute);
  if (!ttl) return false;
  const double now_s = static_cast<double>(now_ms) / 1000.0;
  return *ttl < now_s && *ttl >= now_s - static_cast<double>(kTtlMaxAgeSeconds);
}

std::size_t sweep_table(Table& table, int64_t now_ms) {
  const std::string attribute = table.definition().ttl_attribute;
  if (attribute.empty()) return 0;
  // Find the expired items under the shared lock, a page at a time, then delete each one
  // through the normal write path (checking again: it may have changed meanwhile).
  std::vector<model::AttributeMap> keys;
  ScanSpec spec;
  for (;;) {
    PageResult page = table.scan(spec, PageLimits{}, [&](std::string_view encoded) {
      model::Item item = model::decode_item(encoded);
      if (is_expired(item, attribute, now_ms)) keys.push_back(model::key_of(item, table.key_schema()));
    });
    if (!page.last_evaluated_key) break;
    spec.exclusive_start_key = std::move(page.last_evaluated_key);
  }
  std::size_t deleted = 0;
  for (const auto& key : keys) {
    table.write(key, [&](const model::Item* old) {
      if (!old || !is_expired(*old, attribute, now_ms)) return WriteDecision::keep();
      ++deleted;
      return WriteDecision::expire();
    });
  }
  return deleted;
}

std::size_t sweep_expired(Database& database, int64_t now_ms) {
  std::size_t deleted = 0;
  for (const std::string& name : database.list(std::nullopt, std::numeric_limits<std::size_t>::max())) {
    if (auto table = database.find(name)) deleted += sweep_table(*table, now_ms);
  }
  return deleted;
}

}  // namespace minnow::engine
