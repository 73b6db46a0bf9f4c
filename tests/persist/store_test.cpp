// persist::Store end to end, in process: a Database with its CommitLog, random writes (single
// items, transactions, TTL deletions, stream settings changed, tables deleted and created,
// resets, restores), then a restart from the same directory must give back exactly the same
// state: persist::capture() of both, which holds every definition, item, stream record,
// sequence number and incarnation, compared byte for byte. Also with snapshots taken while
// writers run, torn log tails, a corrupt snapshot, and group commit.
#include "persist/store.h"

#include <stdlib.h>

#include <atomic>
#include <barrier>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/table.h"
#include "engine/transaction.h"
#include "model/attribute_value.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "persist/checksum.h"
#include "persist/definition_codec.h"
#include "persist/files.h"
#include "persist/frames.h"
#include "persist/image.h"
#include "tests/support/values.h"

namespace store_test {

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
  d.point_in_time_recovery = {true, 35, d.creation_ms};  // its recovery log is saved too
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
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
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
    const int what = static_cast<int>(rng() % 110);
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
    } else if (what >= 100 && what < 103) {
      // Point-in-time recovery switched on or off (on again keeps its window, as
      // UpdateContinuousBackups does).
      const bool enable = rng() % 3 != 0;
      table->update_definition([&](engine::TableDefinition& d) {
        if (enable && !d.point_in_time_recovery.enabled) d.point_in_time_recovery.enabled_ms = clock.now_ms();
        d.point_in_time_recovery.enabled = enable;
        d.point_in_time_recovery.recovery_period_days = 1 + rng() % 35;
      });
    } else if (what >= 103 && what < 107) {
      // A backup made, or one deleted.
      auto backups = db.backups().list(clock.now_ms());
      if (rng() % 3 == 0 && !backups.empty()) {
        db.backups().remove(backups[rng() % backups.size()].arn, clock.now_ms());
      } else {
        engine::TableSnapshot snapshot = table->snapshot();
        engine::Backup backup;
        backup.arn = "arn:aws:dynamodb:r:a:table/" + table->name() + "/backup/" + std::to_string(seed) + "-" +
                     std::to_string(step);
        backup.name = "b" + std::to_string(step);
        backup.type = rng() % 2 ? "USER" : "SYSTEM";
        backup.creation_ms = backup.available_ms = clock.now_ms();
        if (backup.type == "SYSTEM") backup.expiry_ms = clock.now_ms() + 35 * engine::kMillisPerDay;
        backup.table_arn = "arn:aws:dynamodb:r:a:table/" + table->name();
        backup.size_bytes = snapshot.size_bytes;
        backup.item_count = snapshot.items.size();
        backup.table = std::move(snapshot.definition);
        backup.items = std::make_shared<const engine::StoredItems>(std::move(snapshot.items));
        db.backups().add(std::move(backup));
      }
    } else if (with_catalog && what >= 107) {
      // A table restored from a backup or to a point in time, as api/backups/restore does: a new
      // table that holds its items before it is visible.
      auto backups = db.backups().list(clock.now_ms());
      std::optional<engine::TableSnapshot> source;
      if (rng() % 2 && !backups.empty()) {
        // (Another writer may have deleted it meanwhile.)
        if (auto backup = db.backups().find(backups[rng() % backups.size()].arn, clock.now_ms()))
          source = engine::TableSnapshot{backup->table, *backup->items, backup->size_bytes};
      } else if (auto window = table->recovery_window(clock.now_ms())) {
        const int64_t at = window->earliest_ms + static_cast<int64_t>(rng() % (window->latest_ms - window->earliest_ms + 1));
        source = table->snapshot_at(at, clock.now_ms());
      }
      if (!source) continue;
      engine::TableDefinition def = source->definition;
      def.name = "restored-" + std::to_string(rng() % 3);
      def.stream = {};
      def.stream_label.clear();
      def.point_in_time_recovery = {};
      db.remove(def.name);
      db.create(std::move(def), &source->items);
    } else if (with_catalog && what == 94 && rng() % 4 == 0) {
      // A restore of a state saved a moment ago, as /_minnow/restore does.
      std::string image = persist::capture(db);
      random_writes(db, clock, seed + step, 5, false);
      persist::restore(db, image);
    } else if (with_catalog && what == 95 && rng() % 4 == 0) {
      // A rewind to an in-memory image, as /_minnow/rewind and a fork install one: logged through
      // CommitLog::installed.
      const engine::DatabaseImage image = engine::capture_image(db);
      random_writes(db, clock, seed + step, 5, false);
      engine::install_image(db, image);
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

// The kinds of an image's records, with how many of each.
std::map<int, int> record_kinds(const std::string& image) {
  persist::FrameReader frames(image, 0);
  std::map<int, int> kinds;
  while (auto p = frames.next()) ++kinds[static_cast<uint8_t>((*p)[0])];
  return kinds;
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
  // The writes made backups, recovery logs and restored tables (with items) for the log to keep.
  const auto kinds = record_kinds(before);
  CHECK(kinds.count(23));  // Backup
  CHECK(kinds.count(26));  // RecoveryChanges
  CHECK(before.find("restored-") != std::string::npos);
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
    // At least two snapshots, however the threads are scheduled (usually many, during the writes).
    std::thread compactor([&] {
      while (!done || snapshots < 2) {
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
  // Each round, every thread logs its write before any waits for durability, so that the first
  // sync of a round covers several writes however the threads are scheduled.
  std::barrier round(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kWrites; ++i) {
        Item item = {{"pk", S(std::to_string(t) + "/" + std::to_string(i))}};
        table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
        round.arrive_and_wait();
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

namespace {

// The items of a table, as storage key -> encoded item.
engine::StoredItems items_of(const engine::Table& table) { return table.snapshot().items; }

}  // namespace

TEST_CASE("Store: backups, recovery windows and restored tables survive a restart, from the log and from a snapshot",
          "[store][backups]") {
  const bool from_snapshot = GENERATE(false, true);
  INFO((from_snapshot ? "from a snapshot" : "from the log"));
  TempDir dir;
  int64_t enabled_ms = 0, mid_ms = 0, end_ms = 0;
  engine::StoredItems at_mid, at_end, backed_up;
  std::string backup_arn;
  {
    Persistent p(dir.path);
    p.store.compact();
    p.database.create(plain("plain"));
    auto table = p.database.find("plain");
    auto put = [&](int i, int v) {
      Item item = {{"pk", S("k" + std::to_string(i))}, {"v", N(v)}};
      table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
    };
    for (int i = 0; i < 20; ++i) put(i, 0);  // before recovery: not restorable
    p.clock.advance_ms(1000);
    enabled_ms = p.clock.now_ms();
    table->update_definition([&](engine::TableDefinition& d) { d.point_in_time_recovery = {true, 7, enabled_ms}; });
    for (int i = 0; i < 20; ++i) {
      p.clock.advance_ms(10);
      put(i, 1);
    }
    p.clock.advance_ms(10);
    mid_ms = p.clock.now_ms();
    at_mid = items_of(*table);
    // A backup of the table as it is now, then more changes.
    engine::TableSnapshot snapshot = table->snapshot();
    engine::Backup backup;
    backup.arn = "arn:aws:dynamodb:r:a:table/plain/backup/01700000000000-00000001";
    backup.name = "nightly";
    backup.type = "USER";
    backup.creation_ms = backup.available_ms = mid_ms;
    backup.table_arn = "arn:aws:dynamodb:r:a:table/plain";
    backup.item_count = snapshot.items.size();
    backup.size_bytes = snapshot.size_bytes;
    backup.table = snapshot.definition;
    backup.items = std::make_shared<const engine::StoredItems>(snapshot.items);
    backed_up = snapshot.items;
    backup_arn = backup.arn;
    REQUIRE(p.database.backups().add(backup));
    // A backup added and deleted: gone after the restart too.
    backup.arn += "-gone";
    REQUIRE(p.database.backups().add(backup));
    REQUIRE(p.database.backups().remove(backup.arn, mid_ms));
    for (int i = 0; i < 20; i += 2) {
      p.clock.advance_ms(10);
      if (i % 4)
        put(i, 2);
      else
        table->write({{"pk", S("k" + std::to_string(i))}}, [](const Item*) { return WriteDecision::remove(); });
    }
    end_ms = p.clock.now_ms();
    at_end = items_of(*table);
    // A restored table: its items must be logged like any write.
    engine::TableDefinition restored = backup.table;
    restored.name = "restored";
    restored.point_in_time_recovery = {};
    REQUIRE(p.database.create(restored, backup.items.get()));
    if (from_snapshot) p.store.compact();
  }
  Persistent again(dir.path);
  again.clock.set_ms(end_ms + 100);
  if (from_snapshot)
    CHECK(again.stats.log_records == 0);
  else
    CHECK(again.stats.log_records > 0);
  auto table = again.database.find("plain");
  REQUIRE(table);
  // DescribeContinuousBackups: the same window as before the restart.
  auto window = table->recovery_window(again.clock.now_ms());
  REQUIRE(window);
  CHECK(window->earliest_ms == enabled_ms);
  // RestoreTableToPointInTime: the items as they were at each instant.
  CHECK(table->snapshot_at(mid_ms, again.clock.now_ms())->items == at_mid);
  CHECK(table->snapshot_at(end_ms, again.clock.now_ms())->items == at_end);
  CHECK_FALSE(table->snapshot_at(enabled_ms - 1, again.clock.now_ms()));
  // ListBackups and DescribeBackup: the one backup, with its items.
  auto backups = again.database.backups().list(again.clock.now_ms());
  REQUIRE(backups.size() == 1);
  CHECK(backups[0].arn == backup_arn);
  CHECK(backups[0].name == "nightly");
  CHECK(backups[0].creation_ms == mid_ms);
  CHECK(*again.database.backups().find(backup_arn, again.clock.now_ms())->items == backed_up);
  // The restored table has its items.
  auto restored = again.database.find("restored");
  REQUIRE(restored);
  CHECK(items_of(*restored) == backed_up);
  // And new changes are recorded after the saved ones.
  table->write({{"pk", S("k1")}}, [](const Item*) { return WriteDecision::remove(); });
  CHECK(table->snapshot_at(end_ms, again.clock.now_ms() + 1)->items == at_end);
}

namespace {

// Rewrites a data file with `version` in its header, each record's payload through `rewrite`.
void rewrite_as_version(const std::string& file, uint8_t version, const std::function<void(std::string&)>& rewrite) {
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const persist::FileHeader header = persist::read_file_header(bytes);
  std::string out = persist::file_header(header.kind, header.generation);
  out[8] = static_cast<char>(version);  // the version, little-endian
  const uint32_t crc = minnow::persist::crc32c(std::string_view(out).substr(0, 20));
  for (int i = 0; i < 4; ++i) out[20 + i] = static_cast<char>(crc >> (8 * i));
  persist::FrameReader frames(bytes);
  while (auto payload = frames.next()) {
    std::string p(*payload);
    rewrite(p);
    const std::size_t start = persist::begin_frame(out);
    out += p;
    persist::end_frame(out, start);
  }
  std::ofstream(file, std::ios::binary | std::ios::trunc) << out;
}

// Rewrites a data file as format 1 wrote it: version 1 in the header, End records without the
// totals format 2 added. Only for files with nothing format 1 lacked (no backups, no recovery logs).
void downgrade_to_version_1(const std::string& file) {
  rewrite_as_version(file, 1, [](std::string& p) {
    persist::ByteReader r(p);
    if (r.u8() != 21) return;  // End: keep the first four totals
    for (int i = 0; i < 4; ++i) r.varint();
    REQUIRE(r.remaining() == 3);  // three zero totals
    p.resize(p.size() - 3);
  });
}

// Rewrites a snapshot as format 2 wrote it: version 2 in the header, and the storage keys of its
// items led by another partition hash (format 3 changed it to DynamoDB's).
void downgrade_to_version_2(const std::string& file) {
  rewrite_as_version(file, 2, [](std::string& p) {
    persist::ByteReader r(p);
    if (r.u8() != 18) return;  // TableItems: varint table, then (bytes key, bytes item)*
    std::string rewritten;
    persist::ByteWriter w(rewritten);
    w.u8(18);
    w.varint(r.varint());
    while (!r.done()) {
      std::string key(r.bytes());
      for (int i = 0; i < 8; ++i) key[i] = static_cast<char>(0xa5 ^ i);
      w.bytes(key);
      w.bytes(r.bytes());
    }
    p = std::move(rewritten);
  });
}

}  // namespace

// Formats 4 and 5: a global table's membership and its replicas' overrides, in the log
// (TableDefined) and in a snapshot (Table).
TEST_CASE("Store: a global table's replicas and a 2017 group survive a restart, from the log and from a snapshot",
          "[store][format]") {
  TempDir dir;
  auto global = [](engine::TableDefinition d) {
    d.stream = {true, "NEW_AND_OLD_IMAGES"};
    return d;
  };
  {
    Persistent p(dir.path);
    p.store.compact();  // what a first start does before it serves
    p.database.create(global(plain("replicated")));
    p.database.create(global(plain("grouped")));
    p.database.create(plain("alone"));
    p.database.create(plain("source"));
    p.database.find("source")->update_definition(
        [](engine::TableDefinition& d) { d.settings_replication_mode = "ENABLED"; });
    p.database.find("replicated")->update_definition([](engine::TableDefinition& d) {
      d.replicas = {{"us-west-2"}, {"eu-west-1"}};
      d.replicas[1].overrides.indexes = {{"byG", 2, std::nullopt}};
      d.replicas[1].access_key = "OTHERACCOUNT";
      d.settings_replication_mode = "ENABLED";
      d.replica_overrides.read_capacity_units = 3;
      d.replica_overrides.table_class = "STANDARD_INFREQUENT_ACCESS";
      d.overridden_values.read_capacity_units = 5;
    });
    p.database.find("grouped")->update_definition([](engine::TableDefinition& d) {
      d.replicas = {{"us-west-2"}};
      d.global_table_2017_ms = 1234;
    });
  }
  auto check = [](engine::Database& database) {
    REQUIRE(database.find("replicated"));
    REQUIRE(database.find("grouped"));
    REQUIRE(database.find("alone"));
    const engine::TableDefinition replicated = database.find("replicated")->definition();
    REQUIRE(replicated.replicas.size() == 2);
    CHECK(replicated.replicas[0].region == "us-west-2");
    CHECK(replicated.replicas[1].region == "eu-west-1");
    CHECK(replicated.replicas[1].status == "ACTIVE");
    CHECK(replicated.replicas[0].overrides.empty());
    CHECK(replicated.replicas[1].overrides.indexes == std::vector<engine::ReplicaOverrides::Index>{{"byG", 2, std::nullopt}});
    CHECK(replicated.replica_overrides.read_capacity_units == 3);
    CHECK(replicated.replica_overrides.table_class == "STANDARD_INFREQUENT_ACCESS");
    CHECK(replicated.overridden_values.read_capacity_units == 5);
    CHECK(replicated.replicas[0].access_key.empty());
    CHECK(replicated.replicas[1].access_key == "OTHERACCOUNT");
    CHECK(replicated.settings_replication_mode == "ENABLED");
    REQUIRE(database.find("source"));
    CHECK(database.find("source")->definition().settings_replication_mode == "ENABLED");  // a table of its own
    CHECK(replicated.global_table_2017_ms == 0);
    const engine::TableDefinition grouped = database.find("grouped")->definition();
    REQUIRE(grouped.replicas.size() == 1);
    CHECK(grouped.global_table_2017_ms == 1234);
    CHECK(database.find("alone")->definition().replicas.empty());
  };
  {
    Persistent from_log(dir.path);
    check(from_log.database);
    from_log.store.compact();
  }
  Persistent from_snapshot(dir.path);
  check(from_snapshot.database);
}

TEST_CASE("Store: format 2 files are read with today's partition hash", "[store][format]") {
  TempDir dir;
  engine::StoredItems items;
  {
    Persistent p(dir.path);
    engine::TableDefinition d = plain("plain");
    p.database.create(d);
    auto table = p.database.find("plain");
    for (int i = 0; i < 30; ++i) {
      Item item = {{"pk", S("k" + std::to_string(i))}};
      table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
    }
    p.store.compact();  // every item in the snapshot
    items = items_of(*table);
  }
  for (const auto& name : persist::list_directory(dir.path))
    if (name.starts_with("minnow-")) downgrade_to_version_2(dir.path + "/" + name);
  Persistent again(dir.path);
  auto table = again.database.find("plain");
  REQUIRE(table);
  CHECK(items_of(*table) == items);  // the same storage keys as before the downgrade
  // and found by key, as a GetItem finds them
  for (int i = 0; i < 30; ++i)
    CHECK(table->get_stored({{"pk", S("k" + std::to_string(i))}}));
}

TEST_CASE("Store: format 1 files are read; recovery windows start again", "[store][format]") {
  TempDir dir;
  engine::StoredItems items;
  {
    Persistent p(dir.path);
    p.store.compact();
    engine::TableDefinition d = plain("plain");
    p.database.create(d);
    auto table = p.database.find("plain");
    for (int i = 0; i < 30; ++i) {
      Item item = {{"pk", S("k" + std::to_string(i))}};
      table->write({{"pk", item.at("pk")}}, [&](const Item*) { return WriteDecision::put(item); });
      if (i == 10) p.store.compact();
    }
    items = items_of(*table);
    // PITR enabled as format 1 logged it: the definition only (its recovery log was not saved).
    table->update_definition([&](engine::TableDefinition& def) { def.point_in_time_recovery = {true, 35, 1000}; });
  }
  // Format 1 never saved recovery records; this log has none (PITR was enabled after the writes).
  for (const auto& name : persist::list_directory(dir.path))
    if (name.starts_with("minnow-")) downgrade_to_version_1(dir.path + "/" + name);
  Persistent again(dir.path);
  CHECK(again.stats.old_format);
  auto table = again.database.find("plain");
  REQUIRE(table);
  CHECK(items_of(*table) == items);
  auto window = table->recovery_window(again.clock.now_ms());
  REQUIRE(window);
  CHECK(window->earliest_ms > 1000);  // starts at the load, as format 1 documented
}

}  // namespace store_test
