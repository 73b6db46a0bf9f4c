#include "engine/index.h"

#include <cstring>
#include <new>
#include <stdexcept>

#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::engine {

namespace {

void append_be(std::string& out, uint64_t x, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) out += static_cast<char>((x >> shift) & 0xff);
}

// The bytes of an S or B value with 0x00 escaped as 0x00 0xFF, without the terminator: a
// begins_with prefix, or the start of the value's self-delimiting form.
void append_escaped(std::string& out, const model::AttributeValue& v) {
  for (char c : model::key_value_bytes(v)) {
    out += c;
    if (c == '\0') out += '\xff';
  }
}

// The self-delimiting, memcmp-ordered form of one key value (see index.h).
void append_delimited(std::string& out, const model::AttributeValue& v) {
  if (v.type() == model::ValueType::N) {
    out += v.as<model::Number>().sortable_bytes();
    return;
  }
  append_escaped(out, v);
  out += '\0';
  out += '\x01';
}

}  // namespace

IndexKeySchema index_key_schema(const IndexDefinition& index, const std::vector<AttributeDefinition>& definitions) {
  IndexKeySchema schema;
  for (const KeySchemaElement& e : index.key_schema) {
    model::KeyAttribute attr{e.attribute_name, model::ValueType::S};
    for (const AttributeDefinition& d : definitions)
      if (d.name == e.attribute_name) attr.type = d.type;
    (e.is_hash ? schema.hash : schema.range).push_back(std::move(attr));
  }
  return schema;
}

SecondaryIndex::SecondaryIndex(const IndexDefinition& definition,
                               const std::vector<AttributeDefinition>& attribute_definitions,
                               const model::KeySchema& table_schema, bool local)
    : name_(definition.name),
      local_(local),
      key_(index_key_schema(definition, attribute_definitions)),
      table_schema_(table_schema),
      entry_attributes_(table_schema, definition) {}

// An item the index cannot key is refused on write, and skipped when the index is built from the
// table (UpdateTable's backfill).
std::optional<model::IndexKeyViolation> SecondaryIndex::check_item(const model::Item& item) const {
  using Problem = model::IndexKeyViolation::Problem;
  for (const auto* attrs : {&key_.hash, &key_.range}) {
    const bool is_hash = attrs == &key_.hash;
    for (const model::KeyAttribute& a : *attrs) {
      const model::AttributeValue* v = model::find_attribute(item, a.name);
      if (!v) continue;
      model::IndexKeyViolation violation{Problem::WrongType, false, name_, a.name, a.type, v->type()};
      if (v->type() != a.type) return violation;
      violation.problem = Problem::EmptyValue;
      if (is_empty_scalar(*v)) return violation;
      violation.problem = is_hash ? Problem::PartitionKeyTooLarge : Problem::SortKeyTooLarge;
      if (model::key_value_too_large(*v, is_hash)) return violation;
    }
  }
  return std::nullopt;
}

std::string SecondaryIndex::partition_prefix(const std::vector<const model::AttributeValue*>& values) const {
  std::string bytes;
  uint64_t hash;
  if (values.size() == 1) {
    bytes = model::key_value_bytes(*values[0]);
    hash = model::partition_hash(*values[0]);
  } else {
    hash = 0;
    for (const model::AttributeValue* v : values) {
      append_delimited(bytes, *v);
      hash = model::mix_hash(hash * 31 + model::partition_hash(*v));
    }
  }
  std::string out;
  out.reserve(12 + bytes.size() + 32);
  append_be(out, hash, 8);
  append_be(out, bytes.size(), 4);
  out += bytes;
  return out;
}

std::optional<std::string> SecondaryIndex::index_key(const model::Item& item) const {
  std::vector<const model::AttributeValue*> hash_values;
  for (const model::KeyAttribute& a : key_.hash) {
    const model::AttributeValue* v = model::find_attribute(item, a.name);
    if (!v || v->type() != a.type || is_empty_scalar(*v)) return std::nullopt;
    hash_values.push_back(v);
  }
  std::string key = partition_prefix(hash_values);
  for (const model::KeyAttribute& a : key_.range) {
    const model::AttributeValue* v = model::find_attribute(item, a.name);
    if (!v || v->type() != a.type || is_empty_scalar(*v)) return std::nullopt;
    append_delimited(key, *v);
  }
  return key;
}

std::string SecondaryIndex::table_part(const model::AttributeMap& item, const std::string& base_key) const {
  std::string part;
  part.reserve(3 + base_key.size());
  append_be(part, model::table_key_hash(item, table_schema_) >> 40, 3);
  part += base_key;
  return part;
}

std::string SecondaryIndex::entry_key_of_attributes(const model::AttributeMap& attributes) const {
  return *index_key(attributes) + table_part(attributes, model::storage_key(attributes, table_schema_));
}

void SecondaryIndex::update(const std::string& base_key, const model::AttributeMap* old_item,
                            const model::AttributeMap* new_item, const StoredItem* new_position) {
  std::optional<std::string> old_key = old_item ? index_key(*old_item) : std::nullopt;
  std::optional<std::string> new_key = new_item ? index_key(*new_item) : std::nullopt;
  if (!old_key && !new_key) return;
  // Both versions share the table key: its digest is taken once.
  const std::string table = table_part(new_key ? *new_item : *old_item, base_key);
  if (old_key) *old_key += table;
  if (new_key) *new_key += table;
  if (old_key && old_key != new_key) {
    if (Shared<const IndexEntry> removed = entries_.erase(*old_key)) size_bytes_ -= removed->size();
  }
  if (new_key) {
    const auto size = static_cast<uint32_t>(
        entry_attributes_.size(*new_item, model::encoded_item_size(new_position->encoded())));
    size_bytes_ += size;
    if (Shared<const IndexEntry> replaced = entries_.put(IndexEntry::make(*new_key, new_position, size)))
      size_bytes_ -= replaced->size();
  }
}

Shared<const IndexEntry> IndexEntry::make(std::string_view key, const StoredItem* item, uint32_t size) {
  if (key.size() > UINT32_MAX) throw std::length_error("IndexEntry: key too large");
  void* memory = ::operator new(sizeof(IndexEntry) + key.size());
  auto* entry = new (memory) IndexEntry(item, static_cast<uint32_t>(key.size()), size);
  std::memcpy(entry + 1, key.data(), key.size());
  return Shared<const IndexEntry>::adopt(entry);
}

void IndexEntry::destroy() const noexcept {
  this->~IndexEntry();
  ::operator delete(const_cast<IndexEntry*>(this));
}

void SecondaryIndex::clear() {
  entries_.clear();
  size_bytes_ = 0;
}

model::AttributeMap SecondaryIndex::page_key(const model::Item& item) const {
  model::AttributeMap key = model::key_of(item, table_schema_);
  for (const auto* attrs : {&key_.hash, &key_.range})
    for (const auto& a : *attrs) key.emplace(a.name, item.at(a.name));
  return key;
}

KeyRange SecondaryIndex::query_range(const IndexQuerySpec& spec) const {
  std::vector<const model::AttributeValue*> hash_values;
  for (const auto& v : spec.hash_values) hash_values.push_back(&v);
  std::string prefix = partition_prefix(hash_values);
  for (const auto& v : spec.range_equal) append_delimited(prefix, v);

  KeyRange r;
  r.low = prefix;
  auto set_high = [&r](std::optional<std::string> high, bool inclusive) {
    r.unbounded_high = !high;
    if (high) r.high = std::move(*high);
    r.high_inclusive = inclusive;
  };
  set_high(prefix_successor(prefix), false);
  if (spec.sort) {
    const SortKeyCondition& c = *spec.sort;
    std::string bound = prefix;
    append_delimited(bound, c.value);
    switch (c.op) {
      case model::KeyOperator::EQ:
        r.low = bound;
        set_high(prefix_successor(bound), false);
        break;
      case model::KeyOperator::LT:
        set_high(bound, false);
        break;
      case model::KeyOperator::LE:
        set_high(prefix_successor(bound), false);
        break;
      case model::KeyOperator::GT:
        r.low = *prefix_successor(bound);
        break;
      case model::KeyOperator::GE:
        r.low = bound;
        break;
      case model::KeyOperator::BETWEEN: {
        r.low = bound;
        std::string high = prefix;
        append_delimited(high, c.high);
        set_high(prefix_successor(high), false);
        break;
      }
      case model::KeyOperator::BEGINS_WITH: {
        std::string start = prefix;
        append_escaped(start, c.value);
        set_high(prefix_successor(start), false);
        r.low = std::move(start);
        break;
      }
    }
  }
  if (spec.exclusive_start_key) {
    std::string start = entry_key_of_attributes(*spec.exclusive_start_key);
    if (spec.forward) {
      if (start >= r.low) {
        r.low = std::move(start);
        r.low_inclusive = false;
      }
    } else if (r.unbounded_high || start <= r.high) {
      set_high(std::move(start), false);
    }
  }
  return r;
}

KeyRange SecondaryIndex::scan_range(const ScanSpec& spec) const {
  HashRange h = segment_hash_range(spec.segment, spec.total_segments);
  KeyRange r;
  if (h.first != 0) append_be(r.low, h.first, 8);
  if (h.last == UINT64_MAX) {
    r.unbounded_high = true;
  } else {
    append_be(r.high, h.last + 1, 8);
  }
  if (spec.exclusive_start_key) {
    std::string start = entry_key_of_attributes(*spec.exclusive_start_key);
    if (start >= r.low) {
      r.low = std::move(start);
      r.low_inclusive = false;
    }
  }
  return r;
}

}  // namespace minnow::engine
