// UpdateGlobalTable (version 2017.11.29): adds a region's table to the group (Create: the table
// made there before, empty, streaming NEW_AND_OLD_IMAGES) or takes one out (Delete: the table
// stays, on its own). ReplicaAlreadyExistsException and ReplicaNotFoundException as AWS names them.
#include "api/globaltables/global_tables.h"
#include "api/operations.h"
#include "model/control_errors.h"

namespace minnow::api::globaltables {

namespace update_global_table {

const Shape kShape(R"({
  )" MINNOW_SHAPE_GLOBAL_TABLE_NAME R"(,
  "ReplicaUpdates": {"type": "List", "required": true, "children": {
    "type": "ValueStruct<ReplicaUpdate>", "children": {
      "Create": {"type": "FieldStruct<CreateReplicaAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}}},
      "Delete": {"type": "FieldStruct<DeleteReplicaAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}}}}}}
})");

requests::UpdateGlobalTableRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  requests::UpdateGlobalTableRequest r{std::string(view(json["GlobalTableName"])), {}};
  for (const auto& update : json["ReplicaUpdates"].GetArray()) {
    const JsonValue* create = member(update, "Create");
    const JsonValue* remove = member(update, "Delete");
    if (create && remove) throw model::Error(model::kReplicaUpdateOneAction);
    if (!create && !remove) throw model::Error(model::kReplicaUpdateActionRequired);
    const std::string region = string_member(create ? *create : *remove, "RegionName");
    for (const auto& earlier : r.updates)
      if (earlier.region == region) throw model::duplicate_region(region);
    r.updates.push_back({create != nullptr, region});
  }
  return r;
}

void update_global_table(const ActionContext& context, requests::UpdateGlobalTableRequest request, JsonWriter& out) {
  const requests::GlobalTable table = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("GlobalTableDescription");
  write_global_table_description(context, out, table, "ACTIVE");
  out.EndObject();
}

}  // namespace update_global_table

const Action kUpdateGlobalTable{"UpdateGlobalTable", &update_global_table::kShape, update_global_table::decode,
                                update_global_table::update_global_table};

}  // namespace minnow::api::globaltables
