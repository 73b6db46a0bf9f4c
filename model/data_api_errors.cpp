#include "model/data_api_errors.h"

namespace minnow::model {

DataApiError data_api_table_mismatch(const std::string& table) {
  return {409, "Table " + table + " exists with another key schema (the data API needs pk and sk, both strings)"};
}

DataApiError data_api_not_string(std::string_view field) { return {400, std::string(field) + " must be a string"}; }

DataApiError data_api_key_invalid(const std::string& why) { return {400, "The key is invalid: " + why}; }

DataApiError data_api_limit(std::size_t max) {
  return {400, "limit must be an integer from 1 to " + std::to_string(max)};
}

DataApiError data_api_item_lacks(std::string_view key) {
  return {400, "item has no " + std::string(key) + " attribute"};
}

DataApiError data_api_item_key_type(std::string_view key) {
  return {400, "item's " + std::string(key) + " must be a string"};
}

DataApiError data_api_item_invalid(const std::string& why) { return {400, "item is invalid: " + why}; }

DataApiError data_api_throttled(const std::string& why) { return {429, why}; }

DataApiError data_api_outside_prefix(std::string_view prefix) {
  return {403, "pk must start with this workspace's prefix " + std::string(prefix) + "#"};
}

}  // namespace minnow::model
