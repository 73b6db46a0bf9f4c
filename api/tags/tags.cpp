#include "api/tags/tags.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "api/shape.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

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

// dynalite's patterns (captured from DynamoDB): any ARN-like text, and a table's.
const std::regex& arn_like() {
  static const std::regex pattern("^.+:.+:.+:.+:.+:.+/.+$");
  return pattern;
}
const std::regex& table_arn_pattern() {
  static const std::regex pattern("^arn:aws:dynamodb:.+:\\d+:table/[^/]{2}[^/]+$");
  return pattern;
}

}  // namespace

TagList decode_tags(const JsonValue& tags) {
  TagList list;
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

std::string check_resource_arn(const ActionContext& context, const JsonValue& request, const char* list) {
  const JsonValue* arn = member(request, "ResourceArn");
  if (!arn) throw model::Error(model::kTagArnMissing);
  std::string text(view(*arn));
  if (!std::regex_match(text, arn_like())) {
    // A TagResource with its Tags is refused as invalid (2026); without them, and for the other
    // calls, as not authorized (dynalite's 2020 capture; DynamoDB's text for the first is not
    // captured, Minnow gives the one for a well-shaped ARN).
    if (list && std::string_view(list) == "Tags" && member(request, list) && !text.empty())
      throw model::tag_arn_invalid(text);
    throw model::not_authorized(context.options.account_id, std::string(context.operation), text.empty() ? "*" : text);
  }
  if (list && !member(request, list))
    throw model::Error(std::string_view(list) == "Tags" ? model::kTagsNull : model::kTagKeysNull);
  if (!std::regex_match(text, table_arn_pattern())) throw model::tag_arn_invalid(text);
  if (list && (*member(request, list)).Empty())
    throw model::Error(std::string_view(list) == "Tags" ? model::kTagsEmpty : model::kTagKeysEmpty);
  return text;
}

std::shared_ptr<engine::Table> find_tagged_table(const ActionContext& context, const std::string& arn) {
  // arn:aws:dynamodb:REGION:ACCOUNT:table/NAME (the pattern has matched).
  const std::size_t table_at = arn.rfind(":table/");
  const std::size_t account_at = arn.rfind(':', table_at - 1) + 1;
  const std::string account = arn.substr(account_at, table_at - account_at);
  const std::string region = arn.substr(17, account_at - 1 - 17);
  if (account != context.options.account_id)
    throw model::not_authorized(context.options.account_id, std::string(context.operation), arn);
  if (region != context.region) return nullptr;
  return context.database.find(arn.substr(table_at + 7));
}

}  // namespace minnow::api::tags
