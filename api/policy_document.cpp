#include "api/policy_document.h"

#include "api/json.h"
#include "model/control_errors.h"

namespace minnow::api {

namespace {
constexpr std::size_t kMaxPolicyBytes = 20 * 1024;
}  // namespace

engine::ResourcePolicy new_policy(const ActionContext& context, std::string document) {
  if (document.size() > kMaxPolicyBytes) throw model::policy_too_large(document.size());
  std::string copy = document;
  JsonDocument parsed;
  try {
    parse_request_json(copy, parsed);
  } catch (const model::Error&) {
    throw model::Error(model::kPolicyNotJson);
  }
  if (!member(parsed, "Statement")) throw model::Error(model::kPolicyWithoutStatement);
  return engine::ResourcePolicy{std::move(document), std::to_string(context.now_ms)};
}

}  // namespace minnow::api
