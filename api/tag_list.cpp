#include "api/tag_list.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "api/shape.h"
#include "model/control_errors.h"

namespace minnow::api {

namespace {

// AWS's tagging rules: letters, numbers, spaces and + - = . _ : / @. Characters beyond ASCII
// are letters of other scripts (or spaces): Minnow checks ASCII only.
bool allowed_text(const std::string& text) {
  for (unsigned char c : text) {
    if (c >= 0x80 || std::isalnum(c) || std::isspace(c)) continue;
    if (std::string_view("+-=._:/@").find(static_cast<char>(c)) == std::string_view::npos) return false;
  }
  return true;
}

}  // namespace

requests::TagList decode_tags(const JsonValue& tags) {
  requests::TagList list;
  for (const auto& tag : tags.GetArray()) {
    std::string key = string_member(tag, "Key");
    std::string value = string_member(tag, "Value");
    if (key.substr(0, 4) == "aws:") throw model::tag_key_reserved(key);
    if (!allowed_text(key)) throw model::tag_invalid_characters("key", key);
    if (!allowed_text(value)) throw model::tag_invalid_characters("value", value);
    list.emplace_back(std::move(key), std::move(value));
  }
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 1; i < list.size(); ++i) {
    if (list[i].first == list[i - 1].first) throw model::tag_duplicate_key(list[i].first);
  }
  if (list.size() > requests::kMaxTagsPerResource) throw model::too_many_tags(list.size());
  return list;
}

}  // namespace minnow::api
