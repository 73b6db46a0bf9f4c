#include "engine/query.h"

namespace minnow::engine {

namespace {

int compare(const model::AttributeValue& a, const model::AttributeValue& b) {
  if (a.type() == model::ValueType::N) return a.as<model::Number>().compare(b.as<model::Number>());
  int c = model::bytes_of(a).compare(model::bytes_of(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

std::string big_endian(uint64_t x) {
  std::string out(8, '\0');
  for (int i = 7; i >= 0; --i, x >>= 8) out[i] = static_cast<char>(x & 0xff);
  return out;
}

void set_low(KeyRange& r, std::string key, bool inclusive) {
  r.low = std::move(key);
  r.low_inclusive = inclusive;
}

void set_high(KeyRange& r, std::optional<std::string> key, bool inclusive) {
  if (!key) {
    r.unbounded_high = true;
    return;
  }
  r.high = std::move(*key);
  r.high_inclusive = inclusive;
  r.unbounded_high = false;
}

// Narrows `r` to the keys after `start` (forward) or before it (backward).
void apply_start(KeyRange& r, const std::string& start, bool forward) {
  if (forward) {
    if (start >= r.low) set_low(r, start, false);
  } else if (r.unbounded_high || start <= r.high) {
    set_high(r, start, false);
  }
}

}  // namespace

bool sort_key_matches(const SortKeyCondition& c, const model::AttributeValue& v) {
  if (v.type() != c.value.type()) return false;
  switch (c.op) {
    case model::KeyOperator::EQ:
      return compare(v, c.value) == 0;
    case model::KeyOperator::LT:
      return compare(v, c.value) < 0;
    case model::KeyOperator::LE:
      return compare(v, c.value) <= 0;
    case model::KeyOperator::GT:
      return compare(v, c.value) > 0;
    case model::KeyOperator::GE:
      return compare(v, c.value) >= 0;
    case model::KeyOperator::BETWEEN:
      return compare(v, c.value) >= 0 && compare(v, c.high) <= 0;
    case model::KeyOperator::BEGINS_WITH:
      if (v.type() == model::ValueType::N) return false;
      return model::bytes_of(v).compare(0, model::bytes_of(c.value).size(), model::bytes_of(c.value)) == 0 &&
             model::bytes_of(v).size() >= model::bytes_of(c.value).size();
  }
  return false;
}

HashRange segment_hash_range(uint32_t segment, uint32_t total_segments) {
  // The first of the 4096 buckets (a hash's top 12 bits) a segment holds: ceil(4096 * s / total).
  auto first_bucket = [&](uint64_t s) { return (kSegmentBuckets * s + total_segments - 1) / total_segments; };
  const uint64_t first = first_bucket(segment), end = first_bucket(uint64_t(segment) + 1);
  if (first >= kSegmentBuckets) return HashRange{UINT64_MAX, UINT64_MAX - 1};  // none left: empty
  HashRange r;
  r.first = first << 52;
  r.last = end >= kSegmentBuckets ? UINT64_MAX : (end << 52) - 1;  // first - 1 when empty
  return r;
}

bool in_segment(const model::AttributeValue& hash_value, uint32_t segment, uint32_t total_segments) {
  HashRange r = segment_hash_range(segment, total_segments);
  uint64_t h = model::partition_hash(hash_value);
  return r.first <= h && h <= r.last;
}

bool KeyRange::empty() const {
  if (unbounded_high) return false;
  int c = low.compare(high);
  return c > 0 || (c == 0 && !(low_inclusive && high_inclusive));
}

std::optional<std::string> prefix_successor(const std::string& prefix) {
  std::string s = prefix;
  while (!s.empty() && static_cast<unsigned char>(s.back()) == 0xff) s.pop_back();
  if (s.empty()) return std::nullopt;
  s.back() = static_cast<char>(static_cast<unsigned char>(s.back()) + 1);
  return s;
}

KeyRange query_range(const QuerySpec& spec, const model::KeySchema& schema) {
  const std::string partition = model::partition_prefix(spec.hash_value);
  KeyRange r;
  set_low(r, partition, true);
  set_high(r, prefix_successor(partition), false);
  if (spec.sort) {
    const SortKeyCondition& c = *spec.sort;
    std::string bound = partition + model::key_value_bytes(c.value);
    switch (c.op) {
      case model::KeyOperator::EQ:
        set_low(r, bound, true);
        set_high(r, bound, true);
        break;
      case model::KeyOperator::LT:
        set_high(r, bound, false);
        break;
      case model::KeyOperator::LE:
        set_high(r, bound, true);
        break;
      case model::KeyOperator::GT:
        set_low(r, bound, false);
        break;
      case model::KeyOperator::GE:
        set_low(r, bound, true);
        break;
      case model::KeyOperator::BETWEEN:
        set_low(r, bound, true);
        set_high(r, partition + model::key_value_bytes(c.high), true);
        break;
      case model::KeyOperator::BEGINS_WITH:
        set_high(r, prefix_successor(bound), false);
        set_low(r, std::move(bound), true);
        break;
    }
  }
  if (spec.exclusive_start_key) apply_start(r, model::storage_key(*spec.exclusive_start_key, schema), spec.forward);
  return r;
}

KeyRange scan_range(const ScanSpec& spec, const model::KeySchema& schema) {
  HashRange h = segment_hash_range(spec.segment, spec.total_segments);
  KeyRange r;
  if (h.first != 0) set_low(r, big_endian(h.first), true);
  if (h.last == UINT64_MAX)
    set_high(r, std::nullopt, false);
  else
    set_high(r, big_endian(h.last + 1), false);
  if (spec.exclusive_start_key) apply_start(r, model::storage_key(*spec.exclusive_start_key, schema), true);
  return r;
}

}  // namespace minnow::engine
