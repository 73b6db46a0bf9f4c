// The typed restore without JSON: restored_definition applies the overrides to the source's
// definition (the indexes kept, billing, encryption) and refuses those that do not fit it;
// execute creates the table with the source's items and without what a restore does not carry
// over, and says when the name was taken.
#include "requests/restore.h"

#include <catch2/catch.hpp>

#include "model/control_errors.h"
#include "model/errors.h"
#include "tests/requests/fixture.h"

namespace restore_test {

namespace {

using namespace minnow;

// A provisioned table keyed by pk with a GSI on g (a KEYS_ONLY projection), tags, TTL and
// deletion protection.
engine::TableDefinition source() {
  engine::TableDefinition d;
  d.name = "source";
  d.id = "source-id";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"g", model::ValueType::S}, {"unused", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema.hash = {"pk", model::ValueType::S};
  d.billing_mode = engine::BillingMode::Provisioned;
  d.throughput = {5, 5};
  engine::IndexDefinition gsi;
  gsi.name = "by-g";
  gsi.key_schema = {{"g", true}};
  gsi.projection = {"KEYS_ONLY", {}};
  gsi.throughput = engine::ProvisionedThroughput{2, 2};
  d.global_indexes = {gsi};
  d.tags = {{"team", "a"}};
  d.ttl_attribute = "expires";
  d.deletion_protection = true;
  return d;
}

requests::IndexOverride keep_gsi() {
  requests::IndexOverride o;
  o.name = "by-g";
  o.key_schema = {{"g", true}};
  o.projection = {"KEYS_ONLY", {}};
  return o;
}

}  // namespace

TEST_CASE("restored_definition: without overrides the source's schema, only the attribute definitions used") {
  const engine::TableDefinition d = requests::restored_definition(source(), {});
  REQUIRE(d.global_indexes.size() == 1);
  CHECK(d.global_indexes[0].throughput->read_capacity_units == 2);
  REQUIRE(d.attribute_definitions.size() == 2);
  CHECK(d.attribute_definitions[0].name == "pk");
  CHECK(d.attribute_definitions[1].name == "g");
}

TEST_CASE("restored_definition: an index override keeps the indexes it names, with new throughput") {
  requests::RestoreOverrides none;
  none.global_indexes.emplace();
  CHECK(requests::restored_definition(source(), none).global_indexes.empty());

  requests::RestoreOverrides keep;
  keep.global_indexes = {keep_gsi()};
  keep.global_indexes->back().throughput = engine::ProvisionedThroughput{7, 8};
  const engine::TableDefinition d = requests::restored_definition(source(), keep);
  REQUIRE(d.global_indexes.size() == 1);
  CHECK(d.global_indexes[0].throughput->write_capacity_units == 8);
}

TEST_CASE("restored_definition: an index override unlike the source's index is refused") {
  requests::RestoreOverrides other_projection;
  other_projection.global_indexes = {keep_gsi()};
  other_projection.global_indexes->back().projection.type = "ALL";
  CHECK_THROWS_AS(requests::restored_definition(source(), other_projection), model::Error);

  requests::RestoreOverrides unknown;
  unknown.vector_indexes = {"nope"};
  CHECK_THROWS_AS(requests::restored_definition(source(), unknown), model::Error);
}

TEST_CASE("restored_definition: billing overrides") {
  requests::RestoreOverrides on_demand;
  on_demand.billing_mode = engine::BillingMode::PayPerRequest;
  const engine::TableDefinition d = requests::restored_definition(source(), on_demand);
  CHECK(d.throughput.read_capacity_units == 0);
  CHECK_FALSE(d.global_indexes[0].throughput);

  on_demand.throughput = engine::ProvisionedThroughput{1, 1};
  CHECK_THROWS_AS(requests::restored_definition(source(), on_demand), model::Error);

  // A PAY_PER_REQUEST source made PROVISIONED needs throughput; its GSIs start with the table's.
  requests::RestoreOverrides provisioned;
  provisioned.billing_mode = engine::BillingMode::Provisioned;
  CHECK_THROWS_AS(requests::restored_definition(d, provisioned), model::Error);
  provisioned.throughput = engine::ProvisionedThroughput{3, 4};
  const engine::TableDefinition back = requests::restored_definition(d, provisioned);
  CHECK(back.global_indexes[0].throughput->write_capacity_units == 4);
}

TEST_CASE("restored_definition: SSESpecificationOverride sets or removes encryption") {
  requests::RestoreOverrides kms;
  kms.sse = engine::SseSpecification{"KMS", "key"};
  CHECK(requests::restored_definition(source(), kms).sse->kms_master_key_id == "key");
  requests::RestoreOverrides off;
  off.sse.emplace();
  engine::TableDefinition encrypted = source();
  encrypted.sse = engine::SseSpecification{"KMS", ""};
  CHECK_FALSE(requests::restored_definition(encrypted, off).sse);
}

TEST_CASE("RestoreTable: a new table with the items, without what a restore does not carry over") {
  testing::RequestsFixture f;
  requests::RestoreTableRequest r;
  r.target = "restored";
  r.table_id = "new-id";
  r.definition = requests::restored_definition(source(), {});
  r.items = std::make_shared<const engine::StoredItems>();
  r.summary.source_table_arn = "arn:source";
  r.summary.restore_ms = 42;
  const requests::RestoreTableResult result = requests::execute(f.context(), r);
  REQUIRE(result.table);
  CHECK(result.definition.name == "restored");
  CHECK(result.definition.id == "new-id");
  CHECK(result.definition.tags.empty());
  CHECK(result.definition.ttl_attribute.empty());
  CHECK_FALSE(result.definition.deletion_protection);
  REQUIRE(result.definition.restore);
  CHECK(result.definition.restore->restore_ms == 42);
  CHECK(f.database.find("restored"));

  // The name taken meanwhile: nothing created.
  CHECK_FALSE(requests::execute(f.context(), r).table);
}

}  // namespace restore_test
