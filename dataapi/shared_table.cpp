// The shared table is made by the DynamoDB operations themselves (CreateTable, then
// UpdateTimeToLive), with the requests a developer would send: the same checks, defaults and
// description as a table created through the API.
#include <stdexcept>
#include <string>

#include "api/operations.h"
#include "dataapi/call.h"
#include "model/data_api_errors.h"
#include "model/errors.h"

namespace minnow::dataapi {

namespace {

// Runs `action` on `request` (JSON text) in the shared table's namespace; throws its model::Error.
void run_operation(DataApiState& state, const api::Action& action, std::string request) {
  api::JsonDocument document;
  api::parse_request_json(request, document);
  if (action.shape) action.shape->check(document);
  int64_t delay_ms = 0;
  const api::ActionContext context{state.space.database,
                                   state.space.id,
                                   state.service_options,
                                   state.options.region,
                                   state.space.database.clock().now_ms(),
                                   action.name,
                                   state.no_faults,
                                   delay_ms,
                                   /*host=*/{}};
  rapidjson::StringBuffer buffer;
  api::JsonWriter writer(buffer);
  action.run(context, document, writer);
}

bool has_data_api_schema(const engine::Table& table) {
  const model::KeySchema& schema = table.key_schema();
  return schema.hash == model::KeyAttribute{"pk", model::ValueType::S} && schema.range &&
         *schema.range == model::KeyAttribute{"sk", model::ValueType::S};
}

}  // namespace

std::shared_ptr<engine::Table> shared_table(DataApiState& state) {
  const std::string& name = state.options.table;
  auto table = state.space.database.find(name);
  if (!table) {
    try {
      run_operation(state, api::tables::kCreateTable,
                    R"({"TableName": ")" + name +
                        R"(", "BillingMode": "PAY_PER_REQUEST",
                        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                                 {"AttributeName": "sk", "AttributeType": "S"}],
                        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                      {"AttributeName": "sk", "KeyType": "RANGE"}]})");
      run_operation(
          state, api::tables::kUpdateTimeToLive,
          R"({"TableName": ")" + name + R"(", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "ttl"}})");
    } catch (const model::Error& error) {
      // Another request created it meanwhile: use that one.
      if (error.code() != model::ErrorCode::ResourceInUseException) throw;
    }
    table = state.space.database.find(name);
    if (!table) throw std::runtime_error("the shared table was deleted as it was created");
  }
  if (!has_data_api_schema(*table)) throw model::data_api_table_mismatch(name);
  table->order_partitions();
  return table;
}

}  // namespace minnow::dataapi
