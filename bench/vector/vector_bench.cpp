// SearchVectors' engine path on a large table: exact top-k over packed float32 vectors, against
// the time to stream those vectors once from memory (issue 15's goal: within 2x of it).
//
//   minnow_vector_bench --vectors 100000 --dims 768 [--queries 200] [--top-k 10] [--tenants 100]
//                       [--threads 0] [--distance COSINE|EUCLIDEAN|DOT_PRODUCT] [--seed 1]
//
// Loads --vectors items (random normal elements written as 7-digit decimals, as an embedding
// model's JSON would carry them) through Table::write into a table without indexes, then adds two
// vector indexes on the same attribute (backfill): "all" without a search schema, and "tenant"
// with a HASH element over --tenants values. Measures the resident memory each step adds, the
// machine's read bandwidth (streaming a 1 GiB buffer with the same threads), and the latency of
// --queries searches on each index (random query vectors; a random tenant for "tenant"), and
// prints one line per index: p50/p99 latency, vectors compared per second, GB/s of vectors read
// and the ratio of the p50 to the time to stream the searched vectors once.
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/table.h"
#include "model/key.h"
#include "vector/kernels.h"

using namespace minnow;
using Clock = std::chrono::steady_clock;

const std::string kVectorAttribute = "v";

namespace {

struct Options {
  std::size_t vectors = 100000, dims = 768, queries = 200, top_k = 10, tenants = 100, threads = 0;
  vector::Distance distance = vector::Distance::Cosine;
  uint32_t seed = 1;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i], value = argv[i + 1];
    auto number = [&] { return static_cast<std::size_t>(std::stoull(value)); };
    if (flag == "--vectors")
      o.vectors = number();
    else if (flag == "--dims")
      o.dims = number();
    else if (flag == "--queries")
      o.queries = number();
    else if (flag == "--top-k")
      o.top_k = number();
    else if (flag == "--tenants")
      o.tenants = number();
    else if (flag == "--threads")
      o.threads = number();
    else if (flag == "--seed")
      o.seed = static_cast<uint32_t>(number());
    else if (flag == "--distance")
      o.distance = value == "EUCLIDEAN"     ? vector::Distance::Euclidean
                   : value == "DOT_PRODUCT" ? vector::Distance::DotProduct
                                            : vector::Distance::Cosine;
    else {
      std::fprintf(stderr, "unknown flag %s\n", flag.c_str());
      std::exit(2);
    }
  }
  return o;
}

// Resident megabytes, after returning the allocator's free pages (malloc_trim): what the data
// holds, not what glibc keeps cached from freed temporaries and outgrown arrays.
double resident_mb() {
  malloc_trim(0);
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1e6;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Read bandwidth in GB/s: the best of 5 passes summing a 1 GiB float buffer, split over
// `threads` threads (as the search splits a partition).
double read_bandwidth(std::size_t threads) {
  const std::size_t n = (std::size_t{1} << 30) / sizeof(float);
  std::vector<float> buffer(n, 1.0f);
  const std::size_t stride = 1024;  // one "vector" of 1024 floats per row
  double best = 0;
  for (int pass = 0; pass < 5; ++pass) {
    std::vector<double> totals(threads);
    auto start = Clock::now();
    std::vector<std::thread> workers;
    for (std::size_t t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        const std::size_t rows = n / stride, begin = rows * t / threads, end = rows * (t + 1) / threads;
        std::vector<float> q(stride, 1.0f), out(64);
        double total = 0;
        for (std::size_t r = begin; r < end; r += 64) {
          const std::size_t count = std::min<std::size_t>(64, end - r);
          vector::sums(vector::Sum::Dot, q.data(), buffer.data() + r * stride, count, stride, out.data());
          for (std::size_t i = 0; i < count; ++i) total += out[i];
        }
        totals[t] = total;
      });
    }
    for (auto& w : workers) w.join();
    double s = seconds_since(start);
    double sum = 0;
    for (double t : totals) sum += t;
    if (sum != static_cast<double>(n)) std::fprintf(stderr, "bandwidth check failed\n");
    best = std::max(best, static_cast<double>(n * sizeof(float)) / s / 1e9);
  }
  return best;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = o.threads ? std::min(o.threads, hardware) : hardware;
  double load[3] = {};
  if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = -1;
    std::fclose(f);
  }
  std::printf("vectors %zu, dims %zu, top-k %zu, tenants %zu, threads %zu, kernel %s, load average %.2f %.2f %.2f\n",
              o.vectors, o.dims, o.top_k, o.tenants, threads, vector::kernel_name(), load[0], load[1], load[2]);

  engine::TableDefinition d;
  d.name = "bench";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"tenant", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = {{"pk", model::ValueType::S}, std::nullopt};
  engine::Table table(d);

  std::mt19937 gen(o.seed);
  std::normal_distribution<float> normal(0, 1);
  const double rss_empty = resident_mb();
  auto start = Clock::now();
  char text[32];
  for (std::size_t i = 0; i < o.vectors; ++i) {
    model::AttributeList elements;
    elements.reserve(o.dims);
    for (std::size_t j = 0; j < o.dims; ++j) {
      std::snprintf(text, sizeof text, "%.7g", normal(gen));
      elements.emplace_back(model::Number::parse(text));
    }
    model::Item item{{"pk", model::AttributeValue("item" + std::to_string(i))},
                     {"tenant", model::AttributeValue("t" + std::to_string(i % o.tenants))},
                     {kVectorAttribute, model::AttributeValue(std::move(elements))}};
    table.write(model::key_of(item, d.key_schema),
                [&](const model::Item*) { return engine::WriteDecision::put(std::move(item)); });
  }
  const double load_s = seconds_since(start);
  const double rss_items = resident_mb();

  auto index = [&](const char* name, bool hash) {
    engine::VectorIndexDefinition v;
    v.name = name;
    v.vector_attribute = kVectorAttribute;
    v.dimensions = static_cast<uint32_t>(o.dims);
    v.distance = o.distance;
    if (hash) v.search_schema.push_back({"tenant", true});
    v.projection.type = "KEYS_ONLY";
    return v;
  };
  start = Clock::now();
  table.update_definition([&](engine::TableDefinition& def) { def.vector_indexes.push_back(index("all", false)); });
  const double backfill_s = seconds_since(start);
  const double rss_index = resident_mb();
  table.update_definition([&](engine::TableDefinition& def) { def.vector_indexes.push_back(index("tenant", true)); });
  const double rss_both = resident_mb();

  const double n = static_cast<double>(o.vectors);
  std::printf("load %.1f s (%.0f items/s); backfill of one index %.2f s (%.0f vectors/s)\n", load_s, n / load_s,
              backfill_s, n / backfill_s);
  std::printf(
      "resident memory per item: %.0f B with its item (the item alone %.0f B), %.0f B per index "
      "(%.0f B of float32 data), %.0f B for the HASH index\n",
      (rss_index - rss_empty) * 1e6 / n, (rss_items - rss_empty) * 1e6 / n, (rss_index - rss_items) * 1e6 / n,
      static_cast<double>(table.vector_index_stats("all")->size_bytes) / n, (rss_both - rss_index) * 1e6 / n);

  const double bandwidth = read_bandwidth(threads);
  const double bandwidth_1 = threads > 1 ? read_bandwidth(1) : bandwidth;
  std::printf("read bandwidth: %.2f GB/s with %zu threads, %.2f GB/s with 1\n", bandwidth, threads, bandwidth_1);

  const std::size_t row_bytes = vector::padded_dims(o.dims) * sizeof(float);
  for (const char* name : {"all", "tenant"}) {
    std::vector<double> ms;
    std::size_t compared = 0, rescored = 0, found = 0;
    for (std::size_t i = 0; i < o.queries; ++i) {
      engine::VectorSearchSpec q;
      for (std::size_t j = 0; j < o.dims; ++j) q.vector.push_back(normal(gen));
      q.top_k = o.top_k;
      q.threads = threads;
      if (std::strcmp(name, "tenant") == 0)
        q.hash_value = model::AttributeValue("t" + std::to_string(gen() % o.tenants));
      auto t0 = Clock::now();
      engine::VectorSearchStats stats = table.search_vectors(name, q, 0, [&](std::string_view, double) { ++found; });
      ms.push_back(seconds_since(t0) * 1e3);
      compared += stats.compared;
      rescored += stats.rescored;
    }
    const double p50 = percentile(ms, 0.5), p99 = percentile(ms, 0.99);
    const double per_query = static_cast<double>(compared) / static_cast<double>(o.queries);
    const double stream_ms = per_query * static_cast<double>(row_bytes) / (bandwidth * 1e9) * 1e3;
    std::printf(
        "%-6s p50 %.3f ms  p99 %.3f ms  %.0f vectors/query  %.1f M vectors/s  %.2f GB/s  "
        "%.2fx the stream time (%.3f ms)  %.1f rescored/query  %zu hits\n",
        name, p50, p99, per_query, per_query / p50 / 1e3, per_query * static_cast<double>(row_bytes) / p50 / 1e6,
        p50 / stream_ms, stream_ms, static_cast<double>(rescored) / static_cast<double>(o.queries), found);
  }
  return 0;
}
