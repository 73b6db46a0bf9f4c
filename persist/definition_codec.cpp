#include "persist/definition_codec.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

namespace minnow::persist {

// A field added to a definition must be saved too: add it below (and to docs/persistence.md),
// then update the size here.
static_assert(sizeof(engine::TableDefinition) == 1256,
              "engine::TableDefinition changed: persist every new field in persist/definition_codec.cpp");
static_assert(sizeof(engine::IndexDefinition) == 264,
              "engine::IndexDefinition changed: persist every new field in persist/definition_codec.cpp");
static_assert(sizeof(engine::VectorIndexDefinition) == 208,
              "engine::VectorIndexDefinition changed: persist every new field in persist/definition_codec.cpp");

namespace {

void write_type(ByteWriter& w, model::ValueType type) { w.u8(static_cast<uint8_t>(type)); }

model::ValueType read_type(ByteReader& r) {
  uint8_t t = r.u8();
  if (t > static_cast<uint8_t>(model::ValueType::B)) throw FormatError("bad key attribute type");
  return static_cast<model::ValueType>(t);
}

template <class T, class WriteOne>
void write_list(ByteWriter& w, const std::vector<T>& list, WriteOne write_one) {
  w.varint(list.size());
  for (const T& e : list) write_one(e);
}

template <class T, class ReadOne>
std::vector<T> read_list(ByteReader& r, ReadOne read_one) {
  uint64_t n = r.varint();
  if (n > r.remaining()) throw FormatError("bad list length");
  std::vector<T> list;
  list.reserve(n);
  for (uint64_t i = 0; i < n; ++i) list.push_back(read_one());
  return list;
}

template <class T, class WriteOne>
void write_optional(ByteWriter& w, const std::optional<T>& value, WriteOne write_one) {
  w.boolean(value.has_value());
  if (value) write_one(*value);
}

template <class T, class ReadOne>
std::optional<T> read_optional(ByteReader& r, ReadOne read_one) {
  if (!r.boolean()) return std::nullopt;
  return read_one();
}

void write_on_demand(ByteWriter& w, const engine::OnDemandThroughput& t) {
  w.svarint(t.max_read_request_units);
  w.svarint(t.max_write_request_units);
}

engine::OnDemandThroughput read_on_demand(ByteReader& r) {
  engine::OnDemandThroughput t;
  t.max_read_request_units = r.svarint();
  t.max_write_request_units = r.svarint();
  return t;
}

void write_warm(ByteWriter& w, const engine::WarmThroughput& t) {
  w.svarint(t.read_units_per_second);
  w.svarint(t.write_units_per_second);
}

engine::WarmThroughput read_warm(ByteReader& r) {
  engine::WarmThroughput t;
  t.read_units_per_second = r.svarint();
  t.write_units_per_second = r.svarint();
  return t;
}

void write_policy(ByteWriter& w, const engine::ResourcePolicy& policy) {
  w.bytes(policy.document);
  w.bytes(policy.revision_id);
}

engine::ResourcePolicy read_policy(ByteReader& r) {
  engine::ResourcePolicy policy;
  policy.document = r.string();
  policy.revision_id = r.string();
  return policy;
}

void write_scaling(ByteWriter& w, const engine::AutoScalingSettings& s) {
  write_optional(w, s.minimum_units, [&](int64_t v) { w.svarint(v); });
  write_optional(w, s.maximum_units, [&](int64_t v) { w.svarint(v); });
  write_optional(w, s.disabled, [&](bool v) { w.boolean(v); });
  w.bytes(s.role_arn);
  write_list(w, s.policies, [&](const engine::ScalingPolicy& p) {
    w.bytes(p.name);
    uint64_t bits;
    std::memcpy(&bits, &p.target_value, sizeof bits);
    w.u64(bits);
    write_optional(w, p.disable_scale_in, [&](bool v) { w.boolean(v); });
    write_optional(w, p.scale_in_cooldown, [&](int64_t v) { w.svarint(v); });
    write_optional(w, p.scale_out_cooldown, [&](int64_t v) { w.svarint(v); });
  });
}

engine::AutoScalingSettings read_scaling(ByteReader& r) {
  engine::AutoScalingSettings s;
  s.minimum_units = read_optional<int64_t>(r, [&] { return r.svarint(); });
  s.maximum_units = read_optional<int64_t>(r, [&] { return r.svarint(); });
  s.disabled = read_optional<bool>(r, [&] { return r.boolean(); });
  s.role_arn = r.string();
  s.policies = read_list<engine::ScalingPolicy>(r, [&] {
    engine::ScalingPolicy p;
    p.name = r.string();
    const uint64_t bits = r.u64();
    std::memcpy(&p.target_value, &bits, sizeof bits);
    p.disable_scale_in = read_optional<bool>(r, [&] { return r.boolean(); });
    p.scale_in_cooldown = read_optional<int64_t>(r, [&] { return r.svarint(); });
    p.scale_out_cooldown = read_optional<int64_t>(r, [&] { return r.svarint(); });
    return p;
  });
  return s;
}

// The control plane's settings (engine/table_settings.h), after the tags.
void write_settings(ByteWriter& w, const engine::TableDefinition& d) {
  write_optional(w, d.warm_throughput, [&](const engine::WarmThroughput& t) { write_warm(w, t); });
  w.boolean(d.point_in_time_recovery.enabled);
  w.svarint(d.point_in_time_recovery.recovery_period_days);
  w.svarint(d.point_in_time_recovery.enabled_ms);
  write_optional(w, d.resource_policy, [&](const engine::ResourcePolicy& p) { write_policy(w, p); });
  write_list(w, d.stream_policies, [&](const std::pair<std::string, engine::ResourcePolicy>& e) {
    w.bytes(e.first);
    write_policy(w, e.second);
  });
  write_list(w, d.contributor_insights, [&](const engine::ContributorInsights& c) {
    w.bytes(c.index_name);
    w.boolean(c.enabled);
    w.bytes(c.mode);
    w.svarint(c.last_update_ms);
    w.svarint(c.transient_until_ms);
  });
  write_list(w, d.kinesis_destinations, [&](const engine::KinesisDestination& k) {
    w.bytes(k.stream_arn);
    w.bytes(k.status);
    w.bytes(k.transient_status);
    w.bytes(k.precision);
    w.svarint(k.transient_until_ms);
  });
  write_list(w, d.auto_scaling, [&](const engine::IndexAutoScaling& a) {
    w.bytes(a.index_name);
    write_optional(w, a.read, [&](const engine::AutoScalingSettings& s) { write_scaling(w, s); });
    write_optional(w, a.write, [&](const engine::AutoScalingSettings& s) { write_scaling(w, s); });
  });
  write_optional(w, d.restore, [&](const engine::RestoreSummary& s) {
    w.bytes(s.source_backup_arn);
    w.bytes(s.source_table_arn);
    w.svarint(s.restore_ms);
    w.svarint(s.transient_until_ms);
  });
}

void read_settings(ByteReader& r, engine::TableDefinition& d) {
  d.warm_throughput = read_optional<engine::WarmThroughput>(r, [&] { return read_warm(r); });
  d.point_in_time_recovery.enabled = r.boolean();
  d.point_in_time_recovery.recovery_period_days = r.svarint();
  d.point_in_time_recovery.enabled_ms = r.svarint();
  d.resource_policy = read_optional<engine::ResourcePolicy>(r, [&] { return read_policy(r); });
  d.stream_policies = read_list<std::pair<std::string, engine::ResourcePolicy>>(r, [&] {
    std::string label = r.string();
    return std::make_pair(std::move(label), read_policy(r));
  });
  d.contributor_insights = read_list<engine::ContributorInsights>(r, [&] {
    engine::ContributorInsights c;
    c.index_name = r.string();
    c.enabled = r.boolean();
    c.mode = r.string();
    c.last_update_ms = r.svarint();
    c.transient_until_ms = r.svarint();
    return c;
  });
  d.kinesis_destinations = read_list<engine::KinesisDestination>(r, [&] {
    engine::KinesisDestination k;
    k.stream_arn = r.string();
    k.status = r.string();
    k.transient_status = r.string();
    k.precision = r.string();
    k.transient_until_ms = r.svarint();
    return k;
  });
  d.auto_scaling = read_list<engine::IndexAutoScaling>(r, [&] {
    engine::IndexAutoScaling a;
    a.index_name = r.string();
    a.read = read_optional<engine::AutoScalingSettings>(r, [&] { return read_scaling(r); });
    a.write = read_optional<engine::AutoScalingSettings>(r, [&] { return read_scaling(r); });
    return a;
  });
  d.restore = read_optional<engine::RestoreSummary>(r, [&] {
    engine::RestoreSummary s;
    s.source_backup_arn = r.string();
    s.source_table_arn = r.string();
    s.restore_ms = r.svarint();
    s.transient_until_ms = r.svarint();
    return s;
  });
}

void write_key_elements(ByteWriter& w, const std::vector<engine::KeySchemaElement>& elements) {
  write_list(w, elements, [&](const engine::KeySchemaElement& e) {
    w.bytes(e.attribute_name);
    w.boolean(e.is_hash);
  });
}

std::vector<engine::KeySchemaElement> read_key_elements(ByteReader& r) {
  return read_list<engine::KeySchemaElement>(r, [&] {
    engine::KeySchemaElement e;
    e.attribute_name = r.string();
    e.is_hash = r.boolean();
    return e;
  });
}

void write_key_schema(ByteWriter& w, const model::KeySchema& schema) {
  w.bytes(schema.hash.name);
  write_type(w, schema.hash.type);
  w.boolean(schema.range.has_value());
  if (schema.range) {
    w.bytes(schema.range->name);
    write_type(w, schema.range->type);
  }
}

model::KeySchema read_key_schema(ByteReader& r) {
  model::KeySchema schema;
  schema.hash.name = r.string();
  schema.hash.type = read_type(r);
  if (r.boolean()) {
    model::KeyAttribute range;
    range.name = r.string();
    range.type = read_type(r);
    schema.range = std::move(range);
  }
  return schema;
}

void write_throughput(ByteWriter& w, const engine::ProvisionedThroughput& t) {
  w.svarint(t.read_capacity_units);
  w.svarint(t.write_capacity_units);
  w.svarint(t.last_increase_ms);
  w.svarint(t.last_decrease_ms);
  w.svarint(t.decreases_today);
}

engine::ProvisionedThroughput read_throughput(ByteReader& r) {
  engine::ProvisionedThroughput t;
  t.read_capacity_units = r.svarint();
  t.write_capacity_units = r.svarint();
  t.last_increase_ms = r.svarint();
  t.last_decrease_ms = r.svarint();
  t.decreases_today = r.svarint();
  return t;
}

void write_strings(ByteWriter& w, const std::vector<std::string>& list) {
  write_list(w, list, [&](const std::string& s) { w.bytes(s); });
}

std::vector<std::string> read_strings(ByteReader& r) {
  return read_list<std::string>(r, [&] { return r.string(); });
}

// The status fields IndexDefinition and VectorIndexDefinition share.
template <class Index>
void write_transient_state(ByteWriter& w, const Index& index) {
  w.bytes(index.status);
  w.boolean(index.backfilling);
  w.svarint(index.backfill_from_ms);
  w.svarint(index.transient_until_ms);
}

template <class Index>
void read_transient_state(ByteReader& r, Index& index) {
  index.status = r.string();
  index.backfilling = r.boolean();
  index.backfill_from_ms = r.svarint();
  index.transient_until_ms = r.svarint();
}

void write_projection(ByteWriter& w, const engine::Projection& projection) {
  w.bytes(projection.type);
  write_strings(w, projection.non_key_attributes);
}

engine::Projection read_projection(ByteReader& r) {
  engine::Projection projection;
  projection.type = r.string();
  projection.non_key_attributes = read_strings(r);
  return projection;
}

void write_index(ByteWriter& w, const engine::IndexDefinition& index) {
  w.bytes(index.name);
  write_key_elements(w, index.key_schema);
  write_projection(w, index.projection);
  w.boolean(index.throughput.has_value());
  if (index.throughput) write_throughput(w, *index.throughput);
  write_optional(w, index.on_demand_throughput, [&](const engine::OnDemandThroughput& t) { write_on_demand(w, t); });
  write_optional(w, index.warm_throughput, [&](const engine::WarmThroughput& t) { write_warm(w, t); });
  write_transient_state(w, index);
}

engine::IndexDefinition read_index(ByteReader& r) {
  engine::IndexDefinition index;
  index.name = r.string();
  index.key_schema = read_key_elements(r);
  index.projection = read_projection(r);
  if (r.boolean()) index.throughput = read_throughput(r);
  index.on_demand_throughput = read_optional<engine::OnDemandThroughput>(r, [&] { return read_on_demand(r); });
  index.warm_throughput = read_optional<engine::WarmThroughput>(r, [&] { return read_warm(r); });
  read_transient_state(r, index);
  return index;
}

void write_vector_index(ByteWriter& w, const engine::VectorIndexDefinition& index) {
  w.bytes(index.name);
  w.bytes(index.vector_attribute);
  w.varint(index.dimensions);
  w.u8(static_cast<uint8_t>(index.distance));
  write_list(w, index.search_schema, [&](const engine::SearchSchemaElement& e) {
    w.bytes(e.attribute_name);
    w.boolean(e.is_hash);
  });
  write_projection(w, index.projection);
  write_transient_state(w, index);
}

engine::VectorIndexDefinition read_vector_index(ByteReader& r) {
  engine::VectorIndexDefinition index;
  index.name = r.string();
  index.vector_attribute = r.string();
  const uint64_t dimensions = r.varint();
  if (dimensions > UINT32_MAX) throw FormatError("bad vector dimensions");
  index.dimensions = static_cast<uint32_t>(dimensions);
  const uint8_t distance = r.u8();
  if (distance > static_cast<uint8_t>(vector::Distance::DotProduct)) throw FormatError("bad vector distance");
  index.distance = static_cast<vector::Distance>(distance);
  index.search_schema = read_list<engine::SearchSchemaElement>(r, [&] {
    engine::SearchSchemaElement e;
    e.attribute_name = r.string();
    e.is_hash = r.boolean();
    return e;
  });
  index.projection = read_projection(r);
  read_transient_state(r, index);
  return index;
}

void write_vector_indexes(ByteWriter& w, const std::vector<engine::VectorIndexDefinition>& list) {
  write_list(w, list, [&](const engine::VectorIndexDefinition& i) { write_vector_index(w, i); });
}

std::vector<engine::VectorIndexDefinition> read_vector_indexes(ByteReader& r) {
  return read_list<engine::VectorIndexDefinition>(r, [&] { return read_vector_index(r); });
}

void write_indexes(ByteWriter& w, const std::vector<engine::IndexDefinition>& list) {
  write_list(w, list, [&](const engine::IndexDefinition& i) { write_index(w, i); });
}

std::vector<engine::IndexDefinition> read_indexes(ByteReader& r) {
  return read_list<engine::IndexDefinition>(r, [&] { return read_index(r); });
}

}  // namespace

void write_definition(ByteWriter& w, const engine::TableDefinition& d) {
  w.bytes(d.name);
  w.bytes(d.id);
  w.svarint(d.creation_ms);
  write_list(w, d.attribute_definitions, [&](const engine::AttributeDefinition& a) {
    w.bytes(a.name);
    write_type(w, a.type);
  });
  write_key_elements(w, d.key_schema_elements);
  write_key_schema(w, d.key_schema);
  w.u8(d.billing_mode == engine::BillingMode::PayPerRequest ? 1 : 0);
  w.svarint(d.last_pay_per_request_ms);
  write_throughput(w, d.throughput);
  write_indexes(w, d.local_indexes);
  write_indexes(w, d.global_indexes);
  write_indexes(w, d.deleting_indexes);
  write_vector_indexes(w, d.vector_indexes);
  write_vector_indexes(w, d.deleting_vector_indexes);
  w.boolean(d.stream.enabled);
  w.bytes(d.stream.view_type);
  w.bytes(d.stream_label);
  w.bytes(d.ttl_attribute);
  w.boolean(d.deletion_protection);
  w.bytes(d.table_class);
  w.svarint(d.table_class_updated_ms);
  w.boolean(d.on_demand_throughput.has_value());
  if (d.on_demand_throughput) {
    w.svarint(d.on_demand_throughput->max_read_request_units);
    w.svarint(d.on_demand_throughput->max_write_request_units);
  }
  w.boolean(d.sse.has_value());
  if (d.sse) {
    w.bytes(d.sse->sse_type);
    w.bytes(d.sse->kms_master_key_id);
  }
  write_list(w, d.tags, [&](const std::pair<std::string, std::string>& tag) {
    w.bytes(tag.first);
    w.bytes(tag.second);
  });
  write_settings(w, d);
}

engine::TableDefinition read_definition(ByteReader& r) {
  engine::TableDefinition d;
  d.name = r.string();
  d.id = r.string();
  d.creation_ms = r.svarint();
  d.attribute_definitions = read_list<engine::AttributeDefinition>(r, [&] {
    engine::AttributeDefinition a;
    a.name = r.string();
    a.type = read_type(r);
    return a;
  });
  d.key_schema_elements = read_key_elements(r);
  d.key_schema = read_key_schema(r);
  uint8_t billing = r.u8();
  if (billing > 1) throw FormatError("bad billing mode");
  d.billing_mode = billing ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  d.last_pay_per_request_ms = r.svarint();
  d.throughput = read_throughput(r);
  d.local_indexes = read_indexes(r);
  d.global_indexes = read_indexes(r);
  d.deleting_indexes = read_indexes(r);
  d.vector_indexes = read_vector_indexes(r);
  d.deleting_vector_indexes = read_vector_indexes(r);
  d.stream.enabled = r.boolean();
  d.stream.view_type = r.string();
  d.stream_label = r.string();
  d.ttl_attribute = r.string();
  d.deletion_protection = r.boolean();
  d.table_class = r.string();
  d.table_class_updated_ms = r.svarint();
  if (r.boolean()) {
    engine::OnDemandThroughput t;
    t.max_read_request_units = r.svarint();
    t.max_write_request_units = r.svarint();
    d.on_demand_throughput = t;
  }
  if (r.boolean()) {
    engine::SseSpecification sse;
    sse.sse_type = r.string();
    sse.kms_master_key_id = r.string();
    d.sse = std::move(sse);
  }
  d.tags = read_list<std::pair<std::string, std::string>>(r, [&] {
    std::string key = r.string();
    return std::make_pair(std::move(key), r.string());
  });
  read_settings(r, d);
  return d;
}

void write_stream_state(ByteWriter& w, const engine::StreamState& s) {
  w.varint(s.incarnation);
  w.bytes(s.table_name);
  w.bytes(s.label);
  w.bytes(s.view_type);
  write_key_elements(w, s.key_schema_elements);
  write_key_schema(w, s.key_schema);
  w.svarint(s.created_ms);
  w.varint(s.starting_sequence);
  w.boolean(s.ending_sequence.has_value());
  if (s.ending_sequence) w.varint(*s.ending_sequence);
  w.varint(s.trimmed_through);
}

engine::StreamState read_stream_state(ByteReader& r) {
  engine::StreamState s;
  s.incarnation = r.varint();
  s.table_name = r.string();
  s.label = r.string();
  s.view_type = r.string();
  s.key_schema_elements = read_key_elements(r);
  s.key_schema = read_key_schema(r);
  s.created_ms = r.svarint();
  s.starting_sequence = r.varint();
  if (r.boolean()) s.ending_sequence = r.varint();
  s.trimmed_through = r.varint();
  return s;
}

void write_backup(ByteWriter& w, const engine::Backup& backup) {
  w.bytes(backup.arn);
  w.bytes(backup.name);
  w.bytes(backup.type);
  w.svarint(backup.creation_ms);
  w.svarint(backup.available_ms);
  w.svarint(backup.expiry_ms);
  w.bytes(backup.table_arn);
  w.varint(backup.size_bytes);
  w.varint(backup.item_count);
  write_definition(w, backup.table);
}

namespace {

void write_overrides(ByteWriter& w, const engine::ReplicaOverrides& o) {
  auto units = [&](int64_t v) { w.svarint(v); };
  write_optional(w, o.read_capacity_units, units);
  write_optional(w, o.max_read_request_units, units);
  write_list(w, o.indexes, [&](const engine::ReplicaOverrides::Index& index) {
    w.bytes(index.name);
    write_optional(w, index.read_capacity_units, units);
    write_optional(w, index.max_read_request_units, units);
  });
  write_optional(w, o.table_class, [&](const std::string& v) { w.bytes(v); });
}

engine::ReplicaOverrides read_overrides(ByteReader& r) {
  auto units = [&] { return r.svarint(); };
  engine::ReplicaOverrides o;
  o.read_capacity_units = read_optional<int64_t>(r, units);
  o.max_read_request_units = read_optional<int64_t>(r, units);
  o.indexes = read_list<engine::ReplicaOverrides::Index>(r, [&] {
    engine::ReplicaOverrides::Index index{r.string(), std::nullopt, std::nullopt};
    index.read_capacity_units = read_optional<int64_t>(r, units);
    index.max_read_request_units = read_optional<int64_t>(r, units);
    return index;
  });
  o.table_class = read_optional<std::string>(r, [&] { return r.string(); });
  return o;
}

}  // namespace

bool has_global_table(const engine::TableDefinition& d) {
  return !d.replicas.empty() || d.global_table_2017_ms || !d.settings_replication_mode.empty();
}

void write_global_table(ByteWriter& w, const engine::TableDefinition& d) {
  // A replica's status follows from its time: CREATING until then, else ACTIVE (DELETING is
  // only an answer's word).
  write_list(w, d.replicas, [&](const engine::ReplicaDefinition& replica) {
    w.bytes(replica.region);
    w.svarint(replica.transient_until_ms);
  });
  w.svarint(d.global_table_2017_ms);
  w.boolean(d.strong_consistency);
  w.bytes(d.witness_region);
  w.boolean(d.disassociation_protection);
  // Format 5: the replicas' overrides, this table's (and the values they replace), then each
  // replica's in the order above with its access key; the settings replication mode.
  write_overrides(w, d.replica_overrides);
  write_overrides(w, d.overridden_values);
  for (const engine::ReplicaDefinition& replica : d.replicas) {
    write_overrides(w, replica.overrides);
    w.bytes(replica.access_key);
  }
  w.bytes(d.settings_replication_mode);
}

void read_global_table(ByteReader& r, engine::TableDefinition& d) {
  d.replicas = read_list<engine::ReplicaDefinition>(r, [&] {
    engine::ReplicaDefinition replica{r.string()};
    replica.transient_until_ms = r.svarint();
    if (replica.transient_until_ms) replica.status = "CREATING";
    return replica;
  });
  d.global_table_2017_ms = r.svarint();
  d.strong_consistency = r.boolean();
  d.witness_region = r.string();
  d.disassociation_protection = r.boolean();
  if (r.done()) return;  // format 4: no overrides
  d.replica_overrides = read_overrides(r);
  d.overridden_values = read_overrides(r);
  for (engine::ReplicaDefinition& replica : d.replicas) {
    replica.overrides = read_overrides(r);
    replica.access_key = r.string();
  }
  d.settings_replication_mode = r.string();
}

engine::Backup read_backup(ByteReader& r) {
  engine::Backup backup;
  backup.arn = r.string();
  backup.name = r.string();
  backup.type = r.string();
  backup.creation_ms = r.svarint();
  backup.available_ms = r.svarint();
  backup.expiry_ms = r.svarint();
  backup.table_arn = r.string();
  backup.size_bytes = r.varint();
  backup.item_count = r.varint();
  backup.table = read_definition(r);
  return backup;
}

}  // namespace minnow::persist
