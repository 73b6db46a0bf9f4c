// vector::Store against brute force: every search's hits (items, exact scores, order) must equal
// scoring every stored vector exactly (vector/distance.h) and sorting by score, ties by key.
//
// No reference emulator has vector search: the score convention and distance functions follow
// AWS's SearchVectors documentation (COSINE 0..2 and EUCLIDEAN lowest first, DOT_PRODUCT highest
// first). The domains are chosen to stress the float32 scan's error bounds: small integers
// (exact ties everywhere), near-duplicates, zero vectors, magnitudes whose float32 products
// overflow or fall below the normal range.
#include "vector/store.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "vector/distance.h"
#include "vector/kernels.h"

namespace store_test {

using minnow::vector::Distance;
using minnow::vector::exact_score;
using minnow::vector::Store;

namespace {

constexpr Distance kDistances[] = {Distance::Cosine, Distance::Euclidean, Distance::DotProduct};

struct Stored {
  std::string partition;
  std::vector<float> vector;
  std::vector<std::optional<std::string>> filters;
};

// Handles are addresses of these keys; the key is the tie-break order.
struct Universe {
  std::vector<std::string> keys;
  explicit Universe(int n) {
    for (int i = 0; i < n; ++i) keys.push_back("k" + std::to_string(1000 + i));
  }
  Store::Handle handle(int i) const { return &keys[i]; }
  static std::string tie(Store::Handle h) { return *static_cast<const std::string*>(h); }
};

std::vector<Store::Hit> brute_force(Distance d, std::size_t dims, const std::map<int, Stored>& model, const Universe& u,
                                    const Store::Query& q) {
  struct Row {
    double cost, score;
    std::string tie;
    Store::Handle h;
  };
  std::vector<Row> rows;
  for (const auto& [i, s] : model) {
    if (s.partition != q.partition) continue;
    bool match = true;
    for (const auto& [f, value] : q.filters) match = match && s.filters[f] == value;
    if (!match) continue;
    double score = exact_score(d, q.vector, s.vector.data(), dims);
    rows.push_back({minnow::vector::higher_is_better(d) ? -score : score, score, u.keys[i], u.handle(i)});
  }
  std::sort(rows.begin(), rows.end(),
            [](const Row& a, const Row& b) { return a.cost != b.cost ? a.cost < b.cost : a.tie < b.tie; });
  std::vector<Store::Hit> hits;
  for (std::size_t i = 0; i < rows.size() && i < q.top_k; ++i) hits.push_back({rows[i].h, rows[i].score});
  return hits;
}

void require_same(const std::vector<Store::Hit>& got, const std::vector<Store::Hit>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("hit " << i << ": " << Universe::tie(got[i].handle) << " " << got[i].score << " want "
                << Universe::tie(want[i].handle) << " " << want[i].score);
    REQUIRE(got[i].handle == want[i].handle);
    REQUIRE(got[i].score == want[i].score);  // the same bits: one formula
  }
}

// One element from a domain chosen by `kind`.
float element(std::mt19937& gen, int kind) {
  std::uniform_int_distribution<int> small(-2, 2);
  std::normal_distribution<float> normal(0, 1);
  switch (kind) {
    case 0:
      return static_cast<float>(small(gen));  // exact ties
    case 1:
      return 1.0f + 1e-6f * static_cast<float>(small(gen));  // near-duplicates
    case 2:
      return normal(gen) * 1e20f;  // float32 products overflow
    case 3:
      return normal(gen) * 1e-25f;  // products below float32's normal range
    default:
      return normal(gen);
  }
}

}  // namespace

TEST_CASE("exact scores follow AWS's convention", "[vector]") {
  const float a[] = {1, 0, 0}, b[] = {0, 1, 0}, minus_a[] = {-1, 0, 0}, zero[] = {0, 0, 0}, c[] = {3, 4, 0};
  CHECK(exact_score(Distance::Cosine, a, a, 3) == 0);
  CHECK(exact_score(Distance::Cosine, a, b, 3) == 1);
  CHECK(exact_score(Distance::Cosine, a, minus_a, 3) == 2);
  CHECK(exact_score(Distance::Cosine, a, zero, 3) == 1);  // undefined cosine: no similarity
  CHECK(exact_score(Distance::Euclidean, zero, c, 3) == 5);
  CHECK(exact_score(Distance::DotProduct, c, c, 3) == 25);
  CHECK(exact_score(Distance::DotProduct, a, minus_a, 3) == -1);
  CHECK(minnow::vector::higher_is_better(Distance::DotProduct));
  CHECK(!minnow::vector::higher_is_better(Distance::Cosine));
}

TEST_CASE("float32 sums stay within their error bound", "[vector]") {
  std::mt19937 gen(7);
  std::normal_distribution<float> normal(0, 1);
  INFO("kernel " << minnow::vector::kernel_name());
  for (std::size_t dims : {1, 3, 16, 17, 100, 128, 768}) {
    const std::size_t stride = minnow::vector::padded_dims(dims);
    std::vector<float> q(stride, 0), rows(stride * 7, 0);
    for (std::size_t i = 0; i < dims; ++i) q[i] = normal(gen);
    for (std::size_t r = 0; r < 7; ++r)
      for (std::size_t i = 0; i < dims; ++i) rows[r * stride + i] = normal(gen);
    for (auto sum : {minnow::vector::Sum::Dot, minnow::vector::Sum::SquaredDistance}) {
      std::vector<float> out(7);
      minnow::vector::sums(sum, q.data(), rows.data(), 7, stride, out.data());
      for (std::size_t r = 0; r < 7; ++r) {
        double exact = 0, magnitude = 0;
        for (std::size_t i = 0; i < dims; ++i) {
          double x = rows[r * stride + i], t = sum == minnow::vector::Sum::Dot ? q[i] * x : (q[i] - x) * (q[i] - x);
          exact += t;
          magnitude += std::fabs(t);
        }
        const double bound = static_cast<double>(minnow::vector::max_rounding_steps(stride)) * 0x1p-24 * magnitude;
        CHECK(std::fabs(out[r] - exact) <= bound);
      }
    }
  }
}

TEST_CASE("search equals brute force under random puts and erases", "[vector]") {
  for (Distance d : kDistances) {
    for (int kind = 0; kind < 5; ++kind) {
      for (std::size_t dims : {1, 5, 16, 33}) {
        DYNAMIC_SECTION("distance " << static_cast<int>(d) << " domain " << kind << " dims " << dims) {
          std::mt19937 gen(static_cast<uint32_t>(dims * 31 + kind * 7 + static_cast<int>(d)));
          const int n = 300;
          Universe u(n);
          Store store(d, dims, 2);
          std::map<int, Stored> model;
          const std::vector<std::string> partitions = {"", "p1", "p2"};
          const std::vector<std::string> values = {"a", "b", std::string("\0", 1)};
          auto random_vector = [&] {
            std::vector<float> v(dims);
            for (auto& x : v) x = element(gen, std::uniform_int_distribution<int>(0, 9)(gen) == 0 ? 0 : kind);
            if (std::uniform_int_distribution<int>(0, 19)(gen) == 0) std::fill(v.begin(), v.end(), 0.0f);
            return v;
          };
          for (int step = 0; step < 1500; ++step) {
            const int i = std::uniform_int_distribution<int>(0, n - 1)(gen);
            if (std::uniform_int_distribution<int>(0, 3)(gen) == 0) {
              store.erase(u.handle(i));
              model.erase(i);
            } else {
              Stored s;
              s.partition = partitions[std::uniform_int_distribution<int>(0, 2)(gen) % 2];
              s.vector = random_vector();
              for (int f = 0; f < 2; ++f) {
                int pick = std::uniform_int_distribution<int>(0, 3)(gen);
                s.filters.push_back(pick == 3 ? std::nullopt : std::optional<std::string>(values[pick]));
              }
              store.put(u.handle(i), s.partition, s.vector.data(), s.filters);
              model[i] = s;
            }
            REQUIRE(store.size() == model.size());
            if (step % 10 != 0) continue;
            std::vector<float> q = random_vector();
            Store::Query query;
            query.vector = q.data();
            query.top_k = std::uniform_int_distribution<std::size_t>(1, 12)(gen);
            query.partition = partitions[std::uniform_int_distribution<int>(0, 2)(gen)];
            int filters = std::uniform_int_distribution<int>(0, 3)(gen);
            if (filters & 1) query.filters.emplace_back(0, values[std::uniform_int_distribution<int>(0, 2)(gen)]);
            if (filters & 2) query.filters.emplace_back(1, values[std::uniform_int_distribution<int>(0, 2)(gen)]);
            Store::Result got = store.search(query, Universe::tie);
            require_same(got.hits, brute_force(d, dims, model, u, query));
          }
        }
      }
    }
  }
}

TEST_CASE("a large partition scanned by several threads gives the one-thread answer", "[vector]") {
  // 6 MB of vectors: above the parallel threshold.
  const std::size_t dims = 512;
  const int n = 3000;
  for (Distance d : kDistances) {
    std::mt19937 gen(11);
    Universe u(n);
    Store store(d, dims, 1);
    std::map<int, Stored> model;
    for (int i = 0; i < n; ++i) {
      Stored s;
      s.vector.resize(dims);
      for (auto& x : s.vector) x = element(gen, i % 3 == 0 ? 0 : 4);
      s.filters = {std::optional<std::string>(i % 2 ? "odd" : "even")};
      store.put(u.handle(i), "", s.vector.data(), s.filters);
      model[i] = s;
    }
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<float> q(dims);
      for (auto& x : q) x = element(gen, trial % 2 ? 0 : 4);
      Store::Query query;
      query.vector = q.data();
      query.top_k = 10;
      if (trial >= 2) query.filters.emplace_back(0, "odd");
      std::vector<Store::Hit> want = brute_force(d, dims, model, u, query);
      for (std::size_t threads : {1, 2, 3}) {
        query.threads = threads;
        require_same(store.search(query, Universe::tie).hits, want);
      }
    }
  }
}

TEST_CASE("filter values are interned and released", "[vector]") {
  Universe u(3);
  Store store(Distance::Euclidean, 2, 1);
  const float v[] = {1, 2};
  store.put(u.handle(0), "", v, {std::string("x")});
  store.put(u.handle(1), "", v, {std::string("y")});
  store.put(u.handle(0), "", v, {std::string("y")});  // "x" is no longer used
  Store::Query query;
  query.vector = v;
  query.top_k = 5;
  query.filters = {{0, "x"}};
  CHECK(store.search(query, Universe::tie).hits.empty());
  query.filters = {{0, "y"}};
  CHECK(store.search(query, Universe::tie).hits.size() == 2);
  store.erase(u.handle(1));
  store.erase(u.handle(1));  // absent: nothing
  CHECK(store.size() == 1);
  store.put(u.handle(2), "", v, {std::string("x")});  // a reused id
  query.filters = {{0, "x"}};
  REQUIRE(store.search(query, Universe::tie).hits.size() == 1);
  CHECK(store.search(query, Universe::tie).hits[0].handle == u.handle(2));
  store.clear();
  CHECK(store.size() == 0);
  CHECK(store.search(query, Universe::tie).hits.empty());
}

}  // namespace store_test
