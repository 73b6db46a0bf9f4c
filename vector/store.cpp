#include "vector/store.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <future>
#include <limits>
#include <queue>
#include <thread>

#include "vector/kernels.h"

namespace minnow::vector {

namespace {

constexpr double kUnitRoundoff = 0x1p-24;  // float32
// Below this many bytes of vectors a partition is scanned by one thread: starting threads costs
// more than it saves.
constexpr std::size_t kParallelBytes = std::size_t{4} << 20;
constexpr std::size_t kBatch = 64;  // vectors per call of sums()
// A partition's vectors grow by doubling up to this many bytes, then by a quarter: at most a
// quarter of a large partition is slack (std::vector's doubling leaves up to half).
constexpr std::size_t kDoublingBytes = std::size_t{1} << 20;

template <class Vector>
void grow_for(Vector& v, std::size_t size) {
  if (size <= v.capacity()) return;
  const std::size_t bytes = v.capacity() * sizeof(typename Vector::value_type);
  v.reserve(std::max(size, bytes < kDoublingBytes ? 2 * v.capacity() : v.capacity() + v.capacity() / 4));
}

}  // namespace

// What one thread's share of a scan keeps: the top_k smallest upper bounds seen (a max-heap),
// and the candidates, (lower bound, slot), whose lower bound was at most the k-th upper bound
// when they were seen.
struct Store::Chunk {
  std::priority_queue<double> upper;
  std::vector<std::pair<double, uint32_t>> candidates;
  std::size_t compared = 0;
};

Store::Store(Distance distance, std::size_t dims, std::size_t filter_count)
    : distance_(distance),
      dims_(dims),
      stride_(padded_dims(dims)),
      filter_count_(filter_count),
      interned_(filter_count),
      by_id_(filter_count, std::vector<std::pair<const std::string, Interned>*>(1, nullptr)),
      free_ids_(filter_count) {}

Store::Store(const Store& other)
    : distance_(other.distance_),
      dims_(other.dims_),
      stride_(other.stride_),
      filter_count_(other.filter_count_),
      partitions_(other.partitions_),
      interned_(other.interned_),
      by_id_(other.by_id_.size()),
      free_ids_(other.free_ids_) {
  // The pointers into the copied maps point into this store's own.
  locations_.reserve(other.locations_.size());
  for (auto& [key, partition] : partitions_) {
    partition.key = &key;
    for (uint32_t slot = 0; slot < partition.size(); ++slot) locations_.emplace(partition.handles[slot], Location{&partition, slot});
  }
  for (std::size_t f = 0; f < filter_count_; ++f) {
    by_id_[f].assign(other.by_id_[f].size(), nullptr);
    for (auto& entry : interned_[f]) by_id_[f][entry.second.id] = &entry;
  }
}

Store::~Store() = default;

uint32_t Store::intern(std::size_t filter, const std::optional<std::string>& value) {
  if (!value) return 0;
  auto [it, added] = interned_[filter].try_emplace(*value, Interned{0, 0});
  if (added) {
    std::vector<uint32_t>& free = free_ids_[filter];
    if (!free.empty()) {
      it->second.id = free.back();
      free.pop_back();
      by_id_[filter][it->second.id] = &*it;
    } else {
      it->second.id = static_cast<uint32_t>(by_id_[filter].size());
      by_id_[filter].push_back(&*it);
    }
  }
  ++it->second.references;
  return it->second.id;
}

void Store::release(std::size_t filter, uint32_t id) {
  if (id == 0) return;
  auto* entry = by_id_[filter][id];
  if (--entry->second.references > 0) return;
  by_id_[filter][id] = nullptr;
  free_ids_[filter].push_back(id);
  interned_[filter].erase(entry->first);
}

void Store::write_slot(Partition& p, uint32_t slot, Handle handle, const float* vector,
                       const std::vector<std::optional<std::string>>& filters) {
  float* row = p.vectors.data() + std::size_t{slot} * stride_;
  std::memcpy(row, vector, dims_ * sizeof(float));
  std::fill(row + dims_, row + stride_, 0.0f);
  p.norms[slot] = static_cast<float>(norm(vector, dims_));
  p.handles[slot] = handle;
  for (std::size_t f = 0; f < filter_count_; ++f) {
    uint32_t& id = p.filter_ids[std::size_t{slot} * filter_count_ + f];
    uint32_t next = intern(f, filters[f]);  // before the release: the same value keeps its id
    release(f, id);
    id = next;
  }
}

void Store::put(Handle handle, std::string_view partition, const float* vector,
                const std::vector<std::optional<std::string>>& filters) {
  auto located = locations_.find(handle);
  if (located != locations_.end()) {
    Location& at = located->second;
    auto same = partitions_.find(std::string(partition));
    if (same != partitions_.end() && &same->second == at.partition) {
      write_slot(*at.partition, at.slot, handle, vector, filters);
      return;
    }
    erase(handle);
  }
  auto entry = partitions_.try_emplace(std::string(partition)).first;
  Partition& p = entry->second;
  p.key = &entry->first;
  const uint32_t slot = static_cast<uint32_t>(p.size());
  grow_for(p.vectors, p.vectors.size() + stride_);
  p.vectors.resize(p.vectors.size() + stride_);
  p.norms.push_back(0);
  p.handles.push_back(handle);
  p.filter_ids.resize(p.filter_ids.size() + filter_count_, 0);
  write_slot(p, slot, handle, vector, filters);
  locations_.emplace(handle, Location{&p, slot});
}

void Store::rehandle(Handle from, Handle to) {
  auto located = locations_.find(from);
  if (located == locations_.end() || from == to) return;
  const Location at = located->second;
  locations_.erase(located);
  at.partition->handles[at.slot] = to;
  locations_.emplace(to, at);
}

void Store::erase(Handle handle) {
  auto located = locations_.find(handle);
  if (located == locations_.end()) return;
  Partition& p = *located->second.partition;
  const uint32_t slot = located->second.slot;
  locations_.erase(located);
  for (std::size_t f = 0; f < filter_count_; ++f) release(f, p.filter_ids[std::size_t{slot} * filter_count_ + f]);

  const uint32_t last = static_cast<uint32_t>(p.size() - 1);
  if (slot != last) {  // the last slot moves into the hole
    std::memcpy(p.vectors.data() + std::size_t{slot} * stride_, p.vectors.data() + std::size_t{last} * stride_,
                stride_ * sizeof(float));
    p.norms[slot] = p.norms[last];
    p.handles[slot] = p.handles[last];
    std::copy_n(p.filter_ids.begin() + std::size_t{last} * filter_count_, filter_count_,
                p.filter_ids.begin() + std::size_t{slot} * filter_count_);
    locations_.at(p.handles[slot]).slot = slot;
  }
  p.vectors.resize(std::size_t{last} * stride_);
  p.norms.pop_back();
  p.handles.pop_back();
  p.filter_ids.resize(std::size_t{last} * filter_count_);
  if (p.size() == 0) {
    const std::string key = *p.key;  // a copy: erasing destroys the node holding it
    partitions_.erase(key);
  }
}

void Store::clear() {
  partitions_.clear();
  locations_.clear();
  for (std::size_t f = 0; f < filter_count_; ++f) {
    interned_[f].clear();
    by_id_[f].assign(1, nullptr);
    free_ids_[f].clear();
  }
}

std::size_t Store::data_bytes() const {
  std::size_t per_slot = stride_ * sizeof(float) + sizeof(float) + sizeof(Handle) + filter_count_ * sizeof(uint32_t);
  return size() * per_slot;
}

void Store::scan(const Partition& p, const Query& query, const float* q, double q_norm,
                 const std::vector<uint32_t>& filter_ids, std::size_t begin, std::size_t end, Chunk& chunk) const {
  const Sum sum = distance_ == Distance::Euclidean ? Sum::SquaredDistance : Sum::Dot;
  // Each float32 sum is within eps * (the sum of its terms' magnitudes) of the exact one, plus
  // `tiny` for products that fell below float32's normal range. Twice the textbook bound, which
  // also covers the double rounding of the exact score and of the stored norms.
  const double steps = static_cast<double>(max_rounding_steps(stride_) + 8);
  const double eps = 2 * steps * kUnitRoundoff / (1 - steps * kUnitRoundoff);
  const double tiny = (steps + static_cast<double>(dims_)) * 0x1p-148;
  const std::size_t k = query.top_k;
  auto threshold = [&] { return chunk.upper.size() < k ? std::numeric_limits<double>::infinity() : chunk.upper.top(); };

  // cost: the score as "lower is better" (negated for DOT_PRODUCT; squared for EUCLIDEAN).
  auto consider = [&](uint32_t slot, float raw) {
    ++chunk.compared;
    double cost = 0, error = 0;
    const double f = raw;
    switch (distance_) {
      case Distance::DotProduct:
        cost = -f;
        error = eps * q_norm * p.norms[slot] + tiny;
        break;
      case Distance::Euclidean:
        cost = f;
        error = eps * f + tiny;
        break;
      case Distance::Cosine: {
        const double norms = q_norm * p.norms[slot];
        const double inverse = norms > 0 ? 1 / norms : 0;
        cost = 1 - f * inverse;
        error = eps + tiny * inverse;
        break;
      }
    }
    if (!std::isfinite(cost) || !std::isfinite(error)) {  // overflowed float32: always rescored
      chunk.candidates.emplace_back(-std::numeric_limits<double>::infinity(), slot);
      return;
    }
    const double upper = cost + error;
    if (chunk.upper.size() < k) {
      chunk.upper.push(upper);
    } else if (upper < chunk.upper.top()) {
      chunk.upper.pop();
      chunk.upper.push(upper);
    }
    if (cost - error <= threshold()) chunk.candidates.emplace_back(cost - error, slot);
    if (chunk.candidates.size() > 2 * k + 1024) {
      const double t = threshold();
      std::erase_if(chunk.candidates, [t](const auto& c) { return c.first > t; });
    }
  };

  float raw[kBatch];
  for (std::size_t start = begin; start < end; start += kBatch) {
    const std::size_t n = std::min(kBatch, end - start);
    if (filter_ids.empty()) {
      sums(sum, q, p.vectors.data() + start * stride_, n, stride_, raw);
      for (std::size_t i = 0; i < n; ++i) consider(static_cast<uint32_t>(start + i), raw[i]);
      continue;
    }
    for (std::size_t s = start; s < start + n; ++s) {
      const uint32_t* ids = p.filter_ids.data() + s * filter_count_;
      bool match = true;
      for (std::size_t i = 0; i < filter_ids.size() && match; ++i) match = ids[query.filters[i].first] == filter_ids[i];
      if (!match) continue;
      sums(sum, q, p.vectors.data() + s * stride_, 1, stride_, raw);
      consider(static_cast<uint32_t>(s), raw[0]);
    }
  }
}

Store::Result Store::search(const Query& query, const std::function<std::string(Handle)>& tie_key) const {
  Result result;
  auto found = partitions_.find(std::string(query.partition));
  if (found == partitions_.end() || query.top_k == 0) return result;
  const Partition& p = found->second;

  std::vector<uint32_t> filter_ids;
  for (const auto& [filter, value] : query.filters) {
    auto it = interned_[filter].find(value);
    if (it == interned_[filter].end()) return result;  // no item has that value
    filter_ids.push_back(it->second.id);
  }

  std::vector<float, AlignedAllocator<float>> q(stride_, 0.0f);
  std::copy_n(query.vector, dims_, q.begin());
  const double q_norm = norm(query.vector, dims_);

  const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t wanted = query.threads ? std::min(query.threads, hardware) : hardware;
  const std::size_t bytes = p.size() * stride_ * sizeof(float);
  const std::size_t threads = bytes < kParallelBytes ? 1 : std::min(wanted, p.size() / kBatch + 1);
  std::vector<Chunk> chunks(threads);
  std::vector<std::future<void>> running;
  for (std::size_t t = 0; t < threads; ++t) {
    // Chunk boundaries on kBatch multiples, so each thread's calls are full batches.
    const std::size_t begin = p.size() * t / threads / kBatch * kBatch;
    const std::size_t end = t + 1 == threads ? p.size() : p.size() * (t + 1) / threads / kBatch * kBatch;
    auto work = [&, begin, end, t] { scan(p, query, q.data(), q_norm, filter_ids, begin, end, chunks[t]); };
    if (t + 1 == threads) {
      work();
    } else {
      running.push_back(std::async(std::launch::async, work));
    }
  }
  for (auto& r : running) r.get();

  // The k-th smallest upper bound over all chunks: no vector with a greater lower bound can be
  // among the k best, so only those at most it are scored exactly.
  std::vector<double> upper;
  for (Chunk& c : chunks) {
    result.compared += c.compared;
    for (; !c.upper.empty(); c.upper.pop()) upper.push_back(c.upper.top());
  }
  double threshold = std::numeric_limits<double>::infinity();
  if (upper.size() >= query.top_k) {
    std::nth_element(upper.begin(), upper.begin() + static_cast<std::ptrdiff_t>(query.top_k - 1), upper.end());
    threshold = upper[query.top_k - 1];
  }
  struct Scored {
    double cost;  // lower is better
    double score;
    std::string tie;
    Handle handle;
  };
  std::vector<Scored> scored;
  for (const Chunk& c : chunks) {
    for (const auto& [lower, slot] : c.candidates) {
      if (lower > threshold) continue;
      double score = exact_score(distance_, query.vector, p.vectors.data() + std::size_t{slot} * stride_, dims_);
      scored.push_back(
          {higher_is_better(distance_) ? -score : score, score, tie_key(p.handles[slot]), p.handles[slot]});
    }
  }
  result.rescored = scored.size();
  const std::size_t k = std::min(query.top_k, scored.size());
  std::partial_sort(
      scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(k), scored.end(),
      [](const Scored& a, const Scored& b) { return a.cost != b.cost ? a.cost < b.cost : a.tie < b.tie; });
  for (std::size_t i = 0; i < k; ++i) result.hits.push_back({scored[i].handle, scored[i].score});
  return result;
}

}  // namespace minnow::vector
