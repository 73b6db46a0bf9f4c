// engine/database_image: an image installed into another database is an independent copy of the
// first (items, a GSI, a stream's records, sizes), writes on either side stay on that side, an
// image installed back into its own database rewinds it (tables created and deleted since,
// items, records) while stream sequence numbers go on rising, and images captured while a writer
// runs are each one consistent instant.
#include "engine/database_image.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/database.h"
#include "engine/query.h"
#include "engine/table.h"
#include "engine/vector_index.h"
#include "model/item_codec.h"
#include "tests/support/manual_clock.h"
#include "tests/support/values.h"

namespace database_image_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::WriteDecision;
using minnow::test::ManualClock;
using minnow::test::N;
using minnow::test::S;
using model::Item;

namespace {

engine::TableDefinition definition(const std::string& name) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"color", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  engine::IndexDefinition gsi;
  gsi.name = "byColor";
  gsi.key_schema = {{"color", true}};
  gsi.projection.type = "ALL";
  d.global_indexes.push_back(gsi);
  d.stream = {true, "NEW_AND_OLD_IMAGES"};
  d.stream_label = "2026-12-06T00:00:00.000";
  return d;
}

void put(engine::Table& t, const std::string& pk, const std::string& color, int v) {
  Item item{{"pk", S(pk)}, {"color", S(color)}, {"v", N(v)}};
  t.write({{"pk", S(pk)}}, [&](const Item*) { return WriteDecision::put(item); });
}
void del(engine::Table& t, const std::string& pk) {
  t.write({{"pk", S(pk)}}, [](const Item*) { return WriteDecision::remove(); });
}

// pk -> the item's "color" and "v", read by a Scan.
std::map<std::string, std::string> contents(const engine::Table& t) {
  std::map<std::string, std::string> out;
  t.scan({}, {}, [&](std::string_view encoded) {
    Item item = model::decode_item(encoded);
    out[item.at("pk").as<std::string>()] = item.at("color").as<std::string>() + "/" + item.at("v").as<model::Number>().to_string();
  });
  return out;
}

std::vector<std::string> by_color(const engine::Table& t, const std::string& color) {
  std::vector<std::string> pks;
  engine::IndexQuerySpec spec;
  spec.hash_values = {S(color)};
  t.query_index("byColor", spec, {}, [&](std::string_view encoded) {
    pks.push_back(model::decode_item(encoded).at("pk").as<std::string>());
  });
  std::sort(pks.begin(), pks.end());
  return pks;
}

std::vector<engine::StreamRecord> records(engine::Table& t) {
  auto stream = t.stream();
  REQUIRE(stream);
  return stream->read(stream->trim_horizon_position(), 100000).records;
}

}  // namespace

TEST_CASE("an installed image is an independent copy of its database", "[database_image]") {
  ManualClock clock;
  engine::Database source(clock, {});
  auto table = source.create(definition("T"));
  for (int i = 0; i < 300; ++i) put(*table, "p" + std::to_string(i), i % 2 ? "red" : "blue", i);
  const auto before = contents(*table);
  const engine::DatabaseImage image = engine::capture_image(source);
  CHECK(image.item_count() == 300);

  engine::Database fork(clock, {});
  engine::install_image(fork, image);
  auto copy = fork.find("T");
  REQUIRE(copy);
  CHECK(contents(*copy) == before);
  CHECK(copy->size_bytes() == table->size_bytes());
  CHECK(copy->index_stats("byColor")->item_count == 300);
  CHECK(copy->index_stats("byColor")->size_bytes == table->index_stats("byColor")->size_bytes);
  CHECK(by_color(*copy, "red") == by_color(*table, "red"));
  CHECK(records(*copy).size() == 300);

  // Writes on each side stay there.
  put(*table, "p1", "blue", 1000);
  del(*table, "p2");
  put(*copy, "p3", "green", 3000);
  put(*copy, "new", "red", 4000);
  auto expected_source = before, expected_fork = before;
  expected_source["p1"] = "blue/1000";
  expected_source.erase("p2");
  expected_fork["p3"] = "green/3000";
  expected_fork["new"] = "red/4000";
  CHECK(contents(*table) == expected_source);
  CHECK(contents(*copy) == expected_fork);
  CHECK(by_color(*copy, "green") == std::vector<std::string>{"p3"});
  CHECK(by_color(*table, "green").empty());
  CHECK(records(*table).size() == 302);
  CHECK(records(*copy).size() == 302);

  // The image itself did not move.
  engine::Database again(clock, {});
  engine::install_image(again, image);
  CHECK(contents(*again.find("T")) == before);
}

TEST_CASE("an image installed back rewinds its database; stream sequence numbers go on", "[database_image]") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(definition("T"));
  for (int i = 0; i < 50; ++i) put(*table, "p" + std::to_string(i), "red", i);
  const auto before = contents(*table);
  const engine::DatabaseImage checkpoint = engine::capture_image(db);

  for (int i = 0; i < 10; ++i) put(*table, "p" + std::to_string(i), "blue", -i);
  const uint64_t last_before_rewind = records(*table).back().sequence;
  db.remove("T");
  db.create(definition("U"));

  engine::install_image(db, checkpoint);
  CHECK(db.list(std::nullopt, 100) == std::vector<std::string>{"T"});
  auto rewound = db.find("T");
  CHECK(contents(*rewound) == before);
  CHECK(by_color(*rewound, "blue").empty());
  CHECK(by_color(*rewound, "red").size() == 50);
  CHECK(records(*rewound).size() == 50);
  put(*rewound, "p0", "green", 7);
  CHECK(records(*rewound).back().sequence > last_before_rewind);
}

TEST_CASE("images captured while a writer runs are each one instant", "[database_image]") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(definition("T"));
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int i = 0; !stop; ++i) {
      if (i % 7 == 3) del(*table, "p" + std::to_string((i * 13) % 500));
      else put(*table, "p" + std::to_string(i % 500), i % 3 ? "red" : "blue", i);
    }
  });
  for (int round = 0; round < 40; ++round) {
    const engine::DatabaseImage image = engine::capture_image(db);
    engine::Database copy(clock, {});
    engine::install_image(copy, image);
    auto t = copy.find("T");
    // Every item has a color: the GSI holds exactly the table's items, and the sizes add up.
    CHECK(t->index_stats("byColor")->item_count == t->item_count());
    CHECK(by_color(*t, "red").size() + by_color(*t, "blue").size() == t->item_count());
    CHECK(contents(*t).size() == t->item_count());
  }
  stop = true;
  writer.join();
}

TEST_CASE("an installed image copies vector indexes, which then move on their own", "[database_image]") {
  ManualClock clock;
  engine::Database source(clock, {});
  engine::TableDefinition d;
  d.name = "V";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"tenant", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  engine::VectorIndexDefinition v;
  v.name = "near";
  v.vector_attribute = "vec";
  v.dimensions = 2;
  v.distance = minnow::vector::Distance::Euclidean;
  v.search_schema = {{"tenant", false}};
  v.projection.type = "ALL";
  d.vector_indexes.push_back(v);
  auto table = source.create(d);
  auto put_vector = [](engine::Table& t, const std::string& pk, int x, int y, const std::string& tenant) {
    Item item{{"pk", S(pk)}, {"tenant", S(tenant)}, {"vec", minnow::test::L({N(x), N(y)})}};
    t.write({{"pk", S(pk)}}, [&](const Item*) { return WriteDecision::put(item); });
  };
  for (int i = 0; i < 20; ++i) put_vector(*table, "v" + std::to_string(i), i, 0, i % 2 ? "odd" : "even");
  auto nearest = [](const engine::Table& t, float x, std::optional<std::string> tenant = std::nullopt) {
    engine::VectorSearchSpec spec;
    spec.vector = {x, 0};
    spec.top_k = 3;
    if (tenant) spec.filters.emplace_back("tenant", S(*tenant));
    std::vector<std::string> pks;
    t.search_vectors("near", spec, 0, [&](std::string_view encoded, double) {
      pks.push_back(model::decode_item(encoded).at("pk").as<std::string>());
    });
    return pks;
  };

  engine::Database fork(clock, {});
  engine::install_image(fork, engine::capture_image(source));
  auto copy = fork.find("V");
  CHECK(nearest(*copy, 5) == nearest(*table, 5));
  CHECK(nearest(*copy, 5, "odd") == std::vector<std::string>{"v5", "v3", "v7"});
  CHECK(copy->vector_index_stats("near")->item_count == 20);
  CHECK(copy->size_bytes() == table->size_bytes());

  put_vector(*copy, "v5", 100, 0, "odd");   // moves in the fork only
  put_vector(*table, "v9", 100, 0, "odd");  // moves in the source only
  del(*copy, "v4");
  CHECK(nearest(*copy, 100) == std::vector<std::string>{"v5", "v19", "v18"});
  CHECK(nearest(*table, 100) == std::vector<std::string>{"v9", "v19", "v18"});
  CHECK(nearest(*table, 4.5) == std::vector<std::string>{"v4", "v5", "v3"});
  CHECK(nearest(*copy, 4.5) == std::vector<std::string>{"v3", "v6", "v2"});
  CHECK(copy->vector_index_stats("near")->item_count == 19);
  CHECK(table->vector_index_stats("near")->item_count == 20);
}

}  // namespace database_image_test
