#include "api/admin/export.h"

#include "api/admin/admin_call.h"
#include "api/codec.h"
#include "api/json.h"
#include "api/descriptions.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/query.h"
#include "engine/table.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

const char* type_name(model::ValueType type) { return model::value_type_name(type); }

// The table's configured throughput, without the dates DescribeTable adds.
void write_configured_throughput(JsonWriter& w, const engine::ProvisionedThroughput& t) {
  w.Key("ProvisionedThroughput");
  w.StartObject();
  w.Key("ReadCapacityUnits");
  w.Int64(t.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int64(t.write_capacity_units);
  w.EndObject();
}

void write_indexes(JsonWriter& w, const char* key, const std::vector<engine::IndexDefinition>& indexes) {
  if (indexes.empty()) return;
  w.Key(key);
  w.StartArray();
  for (const engine::IndexDefinition& index : indexes) {
    w.StartObject();
    write_string(w, "IndexName", index.name);
    write_key_schema(w, index.key_schema);
    write_projection(w, index.projection);
    if (index.throughput) write_configured_throughput(w, *index.throughput);
    w.EndObject();
  }
  w.EndArray();
}

// The CreateTable request that makes a table of this definition.
void write_create_table(JsonWriter& w, const engine::TableDefinition& d) {
  w.StartObject();
  write_string(w, "TableName", d.name);
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const engine::AttributeDefinition& a : d.attribute_definitions) {
    w.StartObject();
    write_string(w, "AttributeName", a.name);
    w.Key("AttributeType");
    w.String(type_name(a.type));
    w.EndObject();
  }
  w.EndArray();
  write_key_schema(w, d.key_schema_elements);
  const bool on_demand = d.billing_mode == engine::BillingMode::PayPerRequest;
  write_string(w, "BillingMode", on_demand ? "PAY_PER_REQUEST" : "PROVISIONED");
  if (!on_demand) write_configured_throughput(w, d.throughput);
  write_indexes(w, "LocalSecondaryIndexes", d.local_indexes);
  write_indexes(w, "GlobalSecondaryIndexes", d.global_indexes);
  if (!d.vector_indexes.empty()) {
    w.Key("VectorIndexes");
    w.StartArray();
    for (const engine::VectorIndexDefinition& index : d.vector_indexes) {
      w.StartObject();
      write_vector_index_definition(w, index);
      w.EndObject();
    }
    w.EndArray();
  }
  if (d.stream.enabled) {
    w.Key("StreamSpecification");
    w.StartObject();
    w.Key("StreamEnabled");
    w.Bool(true);
    write_string(w, "StreamViewType", d.stream.view_type);
    w.EndObject();
  }
  if (d.sse) {
    w.Key("SSESpecification");
    w.StartObject();
    w.Key("Enabled");
    w.Bool(true);
    write_string(w, "SSEType", d.sse->sse_type);
    if (!d.sse->kms_master_key_id.empty()) write_string(w, "KMSMasterKeyId", d.sse->kms_master_key_id);
    w.EndObject();
  }
  if (d.on_demand_throughput) write_on_demand_throughput(w, *d.on_demand_throughput);
  if (d.table_class != "STANDARD") write_string(w, "TableClass", d.table_class);
  if (d.deletion_protection) {
    w.Key("DeletionProtectionEnabled");
    w.Bool(true);
  }
  if (!d.tags.empty()) {
    w.Key("Tags");
    w.StartArray();
    for (const auto& [key, value] : d.tags) {
      w.StartObject();
      write_string(w, "Key", key);
      write_string(w, "Value", value);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
}

void write_time_to_live(JsonWriter& w, const engine::TableDefinition& d) {
  w.StartObject();
  write_string(w, "TableName", d.name);
  w.Key("TimeToLiveSpecification");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(true);
  write_string(w, "AttributeName", d.ttl_attribute);
  w.EndObject();
  w.EndObject();
}

}  // namespace

std::string export_text(engine::Database& database) {
  rapidjson::StringBuffer buffer;
  auto line = [&](auto write) {
    JsonWriter w(buffer);
    write(w);
    buffer.Put('\n');
  };
  for (const auto& table : database.tables()) {
    const engine::TableDefinition definition = table->definition();
    line([&](JsonWriter& w) { write_create_table(w, definition); });
    if (!definition.ttl_attribute.empty()) line([&](JsonWriter& w) { write_time_to_live(w, definition); });
    engine::ScanSpec spec;
    for (;;) {
      engine::PageResult page = table->scan(spec, engine::PageLimits{}, [&](std::string_view encoded) {
        line([&](JsonWriter& w) { write_encoded_item(w, encoded); });
      });
      if (!page.last_evaluated_key) break;
      spec.exclusive_start_key = std::move(page.last_evaluated_key);
    }
  }
  return std::string(buffer.GetString(), buffer.GetSize());
}

Reply export_namespace(const Request& request, engine::Namespaces& namespaces) {
  engine::Database* database = nullptr;
  if (auto id = namespace_parameter(request, namespaces)) {
    database = namespaces.find(*id);
  } else {
    const auto all = namespaces.list();
    if (all.size() > 1) throw model::admin_namespace_needed(all.size());
    if (!all.empty()) database = all.front().second;
  }
  return Reply{200, "application/x-ndjson", database ? export_text(*database) : std::string()};
}

}  // namespace minnow::api::admin
