#include "api/tags/tags.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "api/shape.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace {

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
