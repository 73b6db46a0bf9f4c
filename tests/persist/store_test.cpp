// persist::Store end to end, in process: a Database with its CommitLog, random writes (single
// items, transactions, TTL deletions, stream settings changed, tables deleted and created,
// resets, restores), then a restart from the same directory must give back exactly the same
// state: persist::capture() of both, which holds every definition, item, stream record,
// sequence number and incarnation, compared byte for byte. Also with snapshots taken while
// writers run, torn log tails, a corrupt snapshot, and group commit.
#include "persist/store.h"

#include <stdlib.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/table.h"
#include "engine/transaction.h"
#include "model/attribute_value.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "persist/definition_codec.h"
#include "persist/files.h"
#include "persist/frames.h"
#include "persist/image.h"
#include "tests/support/values.h"

namespace engine = minnow::engine;
namespace model = minnow::model;
namespace persist = minnow::persist;
using engine::WriteDecision;
using model::AttributeValue;
using model::Item;

namespace {

using minnow::test::N;
using minnow::test::S;

struct TempDir {
  TempDir() {
    char name[] = "/tmp/minnow-persist-test-XXXXXX";
    path = ::mkdtemp(name);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string path;
};

engine::TableDefinition plain(const std::string& name) {
  engine::TableDefinition d;
  d.name = name;
  d.id = name + "-id";
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  d.tags = {{"team", "storage"}};
  return d;
}

engine::TableDefinition rich(const std::string& name) {
  engine::TableDefinition d;
  d.name = name;
  d.id = name + "-id";
  d.creation_ms = 1'700'000'000'123;
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"sk", model::ValueType::N}, {"g", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}, {"sk", false}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, model::KeyAttribute{"sk", model::ValueType::N}};
  d.billing_mode = engine::BillingMode::PayPerRequest;
  engine::IndexDefinition gsi;
  gsi.name = "by_g";
  gsi.key_schema = {{"g", true}, {"sk", false}};
  gsi.projection = {"INCLUDE", {"v"}};
  d.global_indexes.push_back(gsi);
  engine::VectorIndexDefinition vectors;
  vectors.name = "by_vec";
  vectors.vector_attribute = "vec";
  vectors.dimensions = 3;
  vectors.distance = minnow::vector::Distance::Euclidean;
  vectors.search_schema = {{"g", true}};
  vectors.projection = {"KEYS_ONLY", {}};
  d.vector_indexes.push_back(vectors);
  // Deleted under -delayTransientStatuses: described DELETING for a while, kept in the definition.
  engine::IndexDefinition deleting = gsi;
  deleting.name = "was_by_g";
  deleting.status = "DELETING";
  deleting.transient_until_ms = 1'700'000'015'000;
  d.deleting_indexes.push_back(deleting);
  engine::VectorIndexDefinition deleting_vectors = vectors;
  deleting_vectors.name = "was_by_vec";
  deleting_vectors.distance = minnow::vector::Distance::DotProduct;
  deleting_vectors.status = "DELETING";
  deleting_vectors.transient_until_ms = 1'700'000'015'000;
  d.deleting_vector_indexes.push_back(deleting_vectors);
  d.stream = {true, "NEW_AND_OLD_IMAGES"};
  d.stream_label = "label-0";
  d.ttl_attribute = "ttl";
  d.sse = engine::SseSpecification{"KMS", "alias/x"};
  d.on_demand_throughput = engine::OnDemandThroughput{10, -1};
  return d;
}

// A Database with its Store, as main() wires them.
struct Persistent {
  Persistent(const std::string& dir, persist::FsyncPolicy fsync = persist::FsyncPolicy::Interval,
             std::vector<std::string>* warnings = nullptr)
      : store(persist::StoreOptions{dir, fsync, 16u << 20}), database(clock, {}, store.log_for("")) {
    store.attach("", database);
    stats = store.load(
        [&](const std::string& name) -> engine::Database& {
          REQUIRE(name == "");
          return database;
        },
        [&](const std::string& warning) {
          if (warnings) warnings->push_back(warning);
        });
  }
  engine::AdjustableClock clock;
  persist::Store store;
  engine::Database database;
  persist::LoadStats stats;
};

model::AttributeMap rich_key(int i) { return {{"pk", S("p" + std::to_string(i % 7))}, {"sk", N(i)}}; }

Item rich_item(int i, int version, std::mt19937& rng) {
  Item item = {{"pk", S("p" + std::to_string(i % 7))}, {"sk", N(i)}, {"v", N(version)}};
  if (rng() % 3) item["g"] = S("g" + std::to_string(rng() % 4));
  if (rng() % 2) item["vec"] = AttributeValue(model::AttributeList{N(version % 7), N(1), N(-2)});
  item["pad"] = S(std::string(rng() % 300, 'x'));
  return item;
}

// Random writes of every kind the log records.
void random_writes(engine::Database& db, engine::AdjustableClock& clock, uint32_t seed, int steps,
                   bool with_catalog = true) {
  std::mt19937 rng(seed);
  static std::atomic<int> labels{1};
  for (int step = 0; step < steps; ++step) {
    clock.advance_ms(7);
    auto table = db.find(rng() % 4 ? "rich" : "plain");
    const int i = static_cast<int>(rng() % 40);
    const int what = static_cast<int>(rng() % 100);
    if (!table) continue;
    if (what < 50) {
      if (table->name() == "rich") {
        Item item = rich_item(i, step, rng);
        table->write(rich_key(i), [&](const Item*) { return WriteDecision::put(item); });
      } else {
        Item item = {{"pk", S("k" + std::to_string(i))}, {"n", N(step)}};
        table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
      }
    } else if (what < 65) {
      if (table->name() == "rich") {
        table->write(rich_key(i),
                     [&](const Item* old) { return old ? WriteDecision::remove() : WriteDecision::keep(); });
      } else {
        table->write({{"pk", S("k" + std::to_string(i))}}, [&](const Item*) { return WriteDecision::remove(); });
      }
    } else if (what < 70) {
      table->write(rich_key(i), [&](const Item* old) { return old ? WriteDecision::expire() : WriteDecision::keep(); });
    } else if (what < 85) {
      auto other = db.find("plain");
      auto r = db.find("rich");
      if (!other || !r) continue;
      std::vector<engine::TransactWriteAction> actions;
      Item a = rich_item(i, step, rng);
      actions.push_back({r, rich_key(i), [a](const Item*) { return WriteDecision::put(a); }});
      Item b = {{"pk", S("tx" + std::to_string(i))}, {"step", N(step)}};
      actions.push_back({other, {{"pk", b.at("pk")}}, [b](const Item*) { return WriteDecision::put(b); }});
      engine::transact_write(actions);
    } else if (with_catalog && what < 90) {
      table->update_definition([&](engine::TableDefinition& d) {
        if (d.stream.enabled && rng() % 2) {
          d.stream.enabled = false;
        } else {
          d.stream = {true, rng() % 2 ? "KEYS_ONLY" : "OLD_IMAGE"};
          d.stream_label = "label-" + std::to_string(labels++);
        }
        d.ttl_attribute = rng() % 2 ? "ttl" : "";
        d.throughput.read_capacity_units = step;
      });
    } else if (with_catalog && what < 93) {
      const std::string name = table->name();
      db.remove(name);
      db.create(name == "rich" ? rich(name) : plain(name));
    } else if (with_catalog && what == 93 && rng() % 8 == 0) {
      db.clear();
      db.create(rich("rich"));
      db.create(plain("plain"));
    } else if (with_catalog && what == 94 && rng() % 4 == 0) {
      // A restore of a state saved a moment ago, as /_minnow/restore does.
      std::string image = persist::capture(db);
      random_writes(db, clock, seed + step, 5, false);
      persist::restore(db, image);
    }
  }
}

std::string state(engine::Database& db) { return persist::capture(db); }

// The streams of an image, one line each: incarnation, label, ending, record sequences.
std::string describe_streams(const std::string& image) {
  persist::FrameReader frames(image, 0);
  std::string out;
  while (auto p = frames.next()) {
    persist::ByteReader r(*p);
    const int kind = r.u8();
    if (kind == 19) {
      engine::StreamState st = persist::read_stream_state(r);
      out += "\nstream " + std::to_string(st.incarnation) + " " + st.table_name + " " + st.label + " start " +
             std::to_string(st.starting_sequence) + " end " +
             (st.ending_sequence ? std::to_string(*st.ending_sequence) : "-") + ":";
    } else if (kind == 20) {
      r.varint();
      while (!r.done()) {
        out += " " + std::to_string(r.varint());
        r.svarint();
        r.u8();
        r.u8();
        r.bytes();
        const int images = r.u8();
        if (images & 1) r.bytes();
        if (images & 2) r.bytes();
      }
    }
  }
  return out;
}

// "" when two images are equal; else where they first differ: the record's index and kind, and
// the first bytes of each.
std::string image_difference(const std::string& a, const std::string& b) {
  persist::FrameReader ra(a, 0), rb(b, 0);
  for (int index = 0;; ++index) {
    auto pa = ra.next();
    auto pb = rb.next();
    if (!pa && !pb) return "";
    if (!pa || !pb || *pa != *pb) {
      auto show = [](const std::optional<std::string_view>& p) {
        if (!p) return std::string("(none)");
        std::string out =
            "kind " + std::to_string(static_cast<int>((*p)[0])) + ", " + std::to_string(p->size()) + " bytes:";
        for (std::size_t i = 0; i < std::min<std::size_t>(p->size(), 48); ++i) {
          char hex[4];
          std::snprintf(hex, sizeof hex, " %02x", static_cast<unsigned char>((*p)[i]));
          out += hex;
        }
        return out;
      };
      return "record " + std::to_string(index) + ": " + show(pa) + " vs " + show(pb);
    }
  }
}

}  // namespace

TEST_CASE("Store: a restart gives back exactly the state that was logged", "[store]") {
  const uint32_t seed = GENERATE(1, 2, 3, 4);
  INFO("seed " << seed);
  TempDir dir;
  std::string before;
  {
    Persistent p(dir.path);
    CHECK(p.stats.fresh);
    p.store.compact();  // what a first start does before it serves
    p.database.create(rich("rich"));
    p.database.create(plain("plain"));
    random_writes(p.database, p.clock, seed, 1500);
    before = state(p.database);
  }
  Persistent again(dir.path);
  CHECK_FALSE(again.stats.fresh);
  CHECK(image_difference(state(again.database), before) == "");
  // The indexes were rebuilt: the GSI has exactly the items with a "g".
  auto table = again.database.find("rich");
  REQUIRE(table);
  uint64_t with_g = 0;
  table->scan({}, {}, [&](std::string_view encoded) { with_g += model::decode_item(encoded).count("g"); });
  CHECK(table->index_stats("by_g")->item_count == with_g);
  // New stream records continue the sequence.
  if (auto stream = table->stream()) {
    const uint64_t last = stream->latest_position();
    table->write(rich_key(1), [](const Item*) { return WriteDecision::put({{"pk", S("p1")}, {"sk", N(1)}}); });
    auto read = stream->read(last, 10);
    REQUIRE(read.records.size() == 1);
    CHECK(read.records[0].sequence >= last);
  }
}

TEST_CASE("Store: snapshots taken while writers run lose nothing", "[store][compaction]") {
  const uint32_t seed = GENERATE(11, 12);
  INFO("seed " << seed);
  TempDir dir;
  std::string before;
  uint64_t snapshots = 0;
  {
    Persistent p(dir.path);
    p.store.compact();
    p.database.create(rich("rich"));
    p.database.create(plain("plain"));
    p.store.start();
    std::atomic<bool> done{false};
    std::thread compactor([&] {
      while (!done) {
        p.store.compact();
        ++snapshots;
      }
    });
    std::vector<std::thread> writers;
    for (uint32_t w = 0; w < 3; ++w)
      writers.emplace_back([&, w] { random_writes(p.database, p.clock, seed * 10 + w, 800, w == 0); });
    for (auto& t : writers) t.join();
    done = true;
    compactor.join();
    before = state(p.database);
  }
  INFO(snapshots << " snapshots");
  CHECK(snapshots > 1);
  Persistent again(dir.path);
  const std::string after = state(again.database);
  INFO("before:" << describe_streams(before) << "\nafter:" << describe_streams(after));
  CHECK(image_difference(after, before) == "");
}

TEST_CASE("Store: a torn log tail is cut off with a warning, keeping every whole record", "[store][torn]") {
  TempDir dir;
  std::vector<uint64_t> ends;  // the log's size after each put
  std::string log;
  {
    Persistent p(dir.path);
    p.store.compact();
    p.database.create(plain("plain"));
    auto table = p.database.find("plain");
    for (const auto& name : persist::list_directory(dir.path))
      if (name.starts_with("minnow-log-")) log = dir.path + "/" + name;
    p.store.sync();
    ends.push_back(persist::file_size(log));
    for (int i = 0; i < 20; ++i) {
      Item item = {{"pk", S("k" + std::to_string(i))}, {"pad", S(std::string(i * 10, 'y'))}};
      table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
      p.store.sync();
      ends.push_back(persist::file_size(log));
    }
  }
  std::mt19937 rng(7);
  for (int round = 0; round < 5; ++round) {
    // Cut inside the record of put k (k from 1): the first k-1 puts stay.
    const std::size_t k = 1 + rng() % (ends.size() - 1);
    const uint64_t cut = ends[k - 1] + 1 + rng() % (ends[k] - ends[k - 1] - 1);
    persist::truncate_file(log, cut);
    std::vector<std::string> warnings;
    Persistent p(dir.path, persist::FsyncPolicy::Interval, &warnings);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find(log) != std::string::npos);
    CHECK(p.database.find("plain")->item_count() == k - 1);
    CHECK(persist::file_size(log) == ends[k - 1]);
    ends.resize(k);
    if (ends.size() < 2) break;
  }
}

TEST_CASE("Store: a corrupt snapshot is an error naming the file", "[store][corrupt]") {
  TempDir dir;
  {
    Persistent p(dir.path);
    p.database.create(plain("plain"));
    auto table = p.database.find("plain");
    for (int i = 0; i < 100; ++i) {
      Item item = {{"pk", S("k" + std::to_string(i))}};
      table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
    }
    p.store.compact();
  }
  std::string snapshot;
  for (const auto& name : persist::list_directory(dir.path))
    if (name.starts_with("minnow-snapshot-")) snapshot = dir.path + "/" + name;
  REQUIRE(!snapshot.empty());
  {
    std::fstream f(snapshot, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(persist::file_size(snapshot) / 2));
    f.put('\x5a');
  }
  try {
    Persistent p(dir.path);
    FAIL("loaded a corrupt snapshot");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("corrupt snapshot " + snapshot) != std::string::npos);
  }
}

TEST_CASE("Store: with fsync always, concurrent writers share fsyncs and every reply waits for one", "[store][group]") {
  TempDir dir;
  Persistent p(dir.path, persist::FsyncPolicy::Always);
  p.store.compact();
  p.database.create(plain("plain"));
  p.store.start();
  auto table = p.database.find("plain");
  constexpr int kThreads = 8, kWrites = 50;
  std::atomic<int> acknowledged{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kWrites; ++i) {
        Item item = {{"pk", S(std::to_string(t) + "/" + std::to_string(i))}};
        table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
        std::promise<void> durable;
        if (p.store.defer_reply([&] { durable.set_value(); })) durable.get_future().wait();
        ++acknowledged;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(acknowledged == kThreads * kWrites);
  INFO(p.store.log_syncs() << " fsyncs for " << kThreads * kWrites << " writes");
  CHECK(p.store.log_syncs() < kThreads * kWrites);
}
