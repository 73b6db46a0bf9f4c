// SharedTree (engine/shared_tree.h) against std::map models: random puts and erases on several
// copies of one map, each copy checked against its own model after every step (find, size,
// both directions of iteration, lower_bound and upper_bound). A write to one copy must leave
// every other copy unchanged, and once every copy is gone no node and no entry may be left.
// A small fanout makes the trees deep, so splits, merges and root changes happen often.
#include <catch2/catch.hpp>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/item_map.h"
#include "engine/shared_tree.h"

namespace shared_tree_test {

using namespace minnow::engine;

namespace {

// An entry that counts how many are alive.
class Entry {
 public:
  static Shared<const Entry> make(std::string key, int value) { return Shared<const Entry>::adopt(new Entry(std::move(key), value)); }
  std::string_view key() const { return key_; }
  int value() const { return value_; }
  void retain() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() const noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }
  static inline std::atomic<int> live{0};

 private:
  Entry(std::string key, int value) : key_(std::move(key)), value_(value) { ++live; }
  ~Entry() { --live; }
  mutable std::atomic<uint32_t> refs_{1};
  std::string key_;
  int value_;
};

using Tree = SharedTree<Entry, 8>;
using Model = std::map<std::string, int>;

// Keys that often share their first 8 bytes (as storage keys of one partition do), some shorter
// than 8 bytes, some with zero bytes: the cached prefix must never decide wrongly.
std::vector<std::string> key_space(std::mt19937& rng, int n) {
  const std::string alphabet("\x00\x01"
                             "a\xff",
                             4);
  std::vector<std::string> shared_prefixes;
  for (int i = 0; i < 6; ++i) {
    std::string p;
    for (int j = 0; j < 8; ++j) p += alphabet[rng() % 4];
    shared_prefixes.push_back(p);
  }
  std::set<std::string> keys;
  while (static_cast<int>(keys.size()) < n) {
    std::string k = rng() % 2 ? shared_prefixes[rng() % shared_prefixes.size()] : std::string();
    const int tail = static_cast<int>(rng() % 11);
    for (int j = 0; j < tail; ++j) k += alphabet[rng() % 4];
    keys.insert(k);
  }
  return {keys.begin(), keys.end()};
}

void check(const Tree& tree, const Model& model, const std::vector<std::string>& keys, std::mt19937& rng) {
  REQUIRE(tree.size() == model.size());
  REQUIRE(tree.empty() == model.empty());
  auto it = tree.begin();
  for (const auto& [key, value] : model) {
    REQUIRE(it != tree.end());
    REQUIRE(it->key() == key);
    REQUIRE(it->value() == value);
    ++it;
  }
  REQUIRE(it == tree.end());
  auto back = tree.end();
  for (auto m = model.rbegin(); m != model.rend(); ++m) {
    REQUIRE(back != tree.begin());
    --back;
    REQUIRE(back->key() == m->first);
  }
  REQUIRE(back == tree.begin());
  for (int i = 0; i < 8; ++i) {
    const std::string& probe = keys[rng() % keys.size()];
    const Entry* found = tree.find(probe);
    auto m = model.find(probe);
    REQUIRE((found != nullptr) == (m != model.end()));
    if (found) REQUIRE(found->value() == m->second);
    auto lower = tree.lower_bound(probe);
    auto model_lower = model.lower_bound(probe);
    REQUIRE((lower == tree.end()) == (model_lower == model.end()));
    if (model_lower != model.end()) REQUIRE(lower->key() == model_lower->first);
    auto upper = tree.upper_bound(probe);
    auto model_upper = model.upper_bound(probe);
    REQUIRE((upper == tree.end()) == (model_upper == model.end()));
    if (model_upper != model.end()) REQUIRE(upper->key() == model_upper->first);
    if (model_upper != model.begin() && model_upper != model.end()) {  // one step back from a bound
      --upper;
      REQUIRE(upper->key() == std::prev(model_upper)->first);
    }
  }
}

}  // namespace

TEST_CASE("copies of a shared tree stay independent under random writes", "[shared_tree]") {
  const unsigned seed = GENERATE(1u, 2u, 3u, 4u);
  std::mt19937 rng(seed);
  const std::vector<std::string> keys = key_space(rng, 300);
  {
    std::vector<std::pair<Tree, Model>> copies(1);
    for (int step = 0; step < 6000; ++step) {
      const std::size_t written = rng() % copies.size();
      auto& [tree, model] = copies[written];
      const unsigned op = rng() % 100;
      const std::string& key = keys[rng() % keys.size()];
      if (op < 55) {
        const int value = static_cast<int>(rng());
        Shared<const Entry> replaced = tree.put(Entry::make(key, value));
        auto m = model.find(key);
        REQUIRE(static_cast<bool>(replaced) == (m != model.end()));
        if (replaced) REQUIRE(replaced->value() == m->second);
        model[key] = value;
      } else if (op < 97) {
        Shared<const Entry> removed = tree.erase(key);
        auto m = model.find(key);
        REQUIRE(static_cast<bool>(removed) == (m != model.end()));
        if (removed) {
          REQUIRE(removed->key() == key);
          model.erase(m);
        }
      } else if (op < 99) {
        std::pair<Tree, Model> copy(tree, model);
        if (copies.size() < 5) copies.push_back(std::move(copy));
        else copies[rng() % copies.size()] = std::move(copy);
      } else {
        tree.clear();
        model.clear();
      }
      if (step % 25 == 0) {
        for (const auto& [t, m] : copies) check(t, m, keys, rng);
      } else if (written < copies.size()) {
        check(copies[written].first, copies[written].second, keys, rng);
      }
    }
  }
  CHECK(Tree::live_nodes() == 0);
  CHECK(Entry::live == 0);
}

TEST_CASE("a shared tree drains to nothing and loads in order into full nodes", "[shared_tree]") {
  {
    Tree tree;
    std::vector<std::string> keys;
    for (int i = 0; i < 4000; ++i) {
      char key[16];
      std::snprintf(key, sizeof key, "k%08d", i);
      keys.push_back(key);
      tree.put(Entry::make(key, i));
    }
    // Appended in order, every node but the last of each level is full: 500 leaves, 63 + 8 + 1 inner.
    CHECK(Tree::live_nodes() == 572);
    Tree copy = tree;
    std::mt19937 rng(7);
    std::shuffle(keys.begin(), keys.end(), rng);
    for (const auto& key : keys) REQUIRE(tree.erase(key));
    CHECK(tree.empty());
    CHECK(tree.begin() == tree.end());
    CHECK(copy.size() == 4000);
    CHECK(copy.find("k00001234")->value() == 1234);
    CHECK(!tree.erase("k00001234"));
  }
  CHECK(Tree::live_nodes() == 0);
  CHECK(Entry::live == 0);
}

TEST_CASE("two threads write two copies of one item map at once", "[shared_tree]") {
  ItemMap base;
  for (int i = 0; i < 20000; ++i) base.put(StoredItem::make("key" + std::to_string(i), "item" + std::to_string(i)));
  ItemMap left = base, right = base;
  auto write = [](ItemMap& map, const std::string& tag) {
    for (int i = 0; i < 20000; i += 3) map.put(StoredItem::make("key" + std::to_string(i), tag));
    for (int i = 1; i < 20000; i += 3) map.erase("key" + std::to_string(i));
  };
  std::thread a(write, std::ref(left), "left");
  std::thread b(write, std::ref(right), "right");
  a.join();
  b.join();
  CHECK(base.size() == 20000);
  CHECK(base.find("key3")->encoded() == "item3");
  CHECK(base.find("key4")->encoded() == "item4");
  CHECK(left.find("key3")->encoded() == "left");
  CHECK(right.find("key3")->encoded() == "right");
  CHECK(!left.find("key4"));
  CHECK(left.size() == 20000 - 6667);
  CHECK(right.find("key5")->encoded() == "item5");
}

TEST_CASE("a stored item holds its key and its encoded form", "[shared_tree]") {
  ItemRef item = StoredItem::make(std::string("k\0ey", 4), "");
  CHECK(item->key() == std::string_view("k\0ey", 4));
  CHECK(item->encoded().empty());
  ItemRef again = item;
  CHECK(again.get() == item.get());
}

}  // namespace shared_tree_test
