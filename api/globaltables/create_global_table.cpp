// CreateGlobalTable (global tables version 2017.11.29): makes the tables of one name in the
// regions of ReplicationGroup (each made before by CreateTable: empty, streaming NEW_AND_OLD_IMAGES,
// keyed alike) one global table (requests/global_tables.h).
#include <algorithm>

#include "api/globaltables/global_tables.h"
#include "api/operations.h"
#include "model/control_errors.h"

namespace minnow::api::globaltables {

namespace create_global_table {

const Shape kShape(R"({
  )" MINNOW_SHAPE_GLOBAL_TABLE_NAME R"(,
  "ReplicationGroup": {"type": "List", "required": true, "children": {
    "type": "ValueStruct<Replica>", "children": {"RegionName": "String"}}}
})");

requests::CreateGlobalTableRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  requests::CreateGlobalTableRequest r{std::string(view(json["GlobalTableName"])), {}};
  for (const auto& replica : json["ReplicationGroup"].GetArray()) {
    const std::string region = string_member(replica, "RegionName");
    if (std::find(r.regions.begin(), r.regions.end(), region) != r.regions.end()) throw model::duplicate_region(region);
    r.regions.push_back(region);
  }
  return r;
}

void create_global_table(const ActionContext& context, requests::CreateGlobalTableRequest request, JsonWriter& out) {
  const requests::GlobalTable table = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("GlobalTableDescription");
  write_global_table_description(context, out, table, "CREATING");
  out.EndObject();
}

}  // namespace create_global_table

const Action kCreateGlobalTable{"CreateGlobalTable", &create_global_table::kShape, create_global_table::decode,
                                create_global_table::create_global_table};

}  // namespace minnow::api::globaltables
