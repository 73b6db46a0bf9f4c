#include "api/table_lookup.h"

#include "model/errors.h"

namespace minnow::api {

std::string table_name_of(std::string_view name_or_arn) {
  // arn:aws:dynamodb:REGION:ACCOUNT:table/NAME
  if (name_or_arn.substr(0, 4) == "arn:") {
    auto slash = name_or_arn.find(":table/");
    if (slash != std::string_view::npos) {
      std::string_view rest = name_or_arn.substr(slash + 7);
      return std::string(rest.substr(0, rest.find('/')));
    }
  }
  return std::string(name_or_arn);
}

std::shared_ptr<engine::Table> find_table(const ActionContext& context, const JsonValue& request,
                                          bool table_operation) {
  return find_table_named(context, request["TableName"], table_operation);
}

std::shared_ptr<engine::Table> find_table_named(const ActionContext& context, const JsonValue& table_name,
                                                bool table_operation) {
  std::string name = table_name_of(view(table_name));
  auto table = context.database.find(name);
  if (!table) throw table_operation ? model::table_not_found(name) : model::Error(model::kTableNotFound);
  return table;
}

std::string arn(const ActionContext& context, std::string_view service, std::string_view resource) {
  std::string arn = "arn:aws:";
  arn.append(service).append(1, ':').append(context.region).append(1, ':');
  arn.append(context.options.account_id).append(1, ':').append(resource);
  return arn;
}

std::string table_arn(const ActionContext& context, const std::string& table_name) {
  return arn(context, "dynamodb", "table/" + table_name);
}

}  // namespace minnow::api
