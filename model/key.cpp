#include "model/key.h"

#include "model/base64.h"
#include "model/errors.h"
#include "model/limits.h"
#include "model/md5.h"

namespace minnow::model {

bool is_empty_scalar(const AttributeValue& v) {
  if (v.type() == ValueType::S) return v.as<std::string>().empty();
  if (v.type() == ValueType::B) return v.as<Binary>().bytes.empty();
  return false;
}

namespace {

std::size_t scalar_bytes(const AttributeValue& v) {
  if (v.type() == ValueType::S) return v.as<std::string>().size();
  if (v.type() == ValueType::B) return v.as<Binary>().bytes.size();
  return 0;  // numbers are always within the limits
}

void check_key_value(const KeyAttribute& attr, const AttributeValue& v, bool is_hash, bool start_key) {
  if (is_empty_scalar(v))
    throw start_key ? query_key_empty_value(attr.name, attr.type) : key_empty_value(attr.name, attr.type);
  if (key_value_too_large(v, is_hash)) throw Error(is_hash ? kPartitionKeyTooLarge : kSortKeyTooLarge);
}

void append_be64(std::string& out, uint64_t x) {
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((x >> shift) & 0xff);
}

}  // namespace

Error exclusive_start_key_invalid(const AttributeMap& start_key) {
  std::string text;
  for (const auto& [name, value] : start_key) {
    std::string shown;
    if (value.type() == ValueType::S) shown = value.as<std::string>();
    if (value.type() == ValueType::N) shown = value.as<Number>().to_string();
    if (value.type() == ValueType::B) shown = base64_encode(value.as<Binary>().bytes);
    text += (text.empty() ? "" : ", ") + name + "=AttributeValue: {" + std::string(value_type_name(value.type())) + ":" +
            shown + "}";
  }
  return Error(ErrorCode::ValidationException, "The provided exclusive start key is invalid: ExclusiveStartKey: {" + text + "}");
}
bool key_value_too_large(const AttributeValue& v, bool is_hash) {
  return scalar_bytes(v) > (is_hash ? kMaxPartitionKeyBytes : kMaxSortKeyBytes);
}

namespace {
void check_key(const AttributeMap& key, const KeySchema& schema, bool start_key) {
  std::size_t expected = schema.range ? 2 : 1;
  if (key.size() != expected) throw Error(kKeyDoesNotMatchSchema);
  auto check = [&](const KeyAttribute& attr, bool is_hash) {
    const AttributeValue* v = find_attribute(key, attr.name);
    if (!v || v->type() != attr.type) throw Error(kKeyDoesNotMatchSchema);
    check_key_value(attr, *v, is_hash, start_key);
  };
  check(schema.hash, true);
  if (schema.range) check(*schema.range, false);
}
}  // namespace

void validate_key(const AttributeMap& key, const KeySchema& schema) { check_key(key, schema, false); }
void check_key_not_empty(const AttributeMap& key, const KeySchema& schema) {
  for (const KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (!attr) continue;
    const AttributeValue* v = find_attribute(key, attr->name);
    if (v && v->type() == attr->type && is_empty_scalar(*v)) throw key_empty_value(attr->name, attr->type);
  }
}
void validate_start_key(const AttributeMap& key, const KeySchema& schema) { check_key(key, schema, true); }

void validate_item_key(const Item& item, const KeySchema& schema, ItemKeyWording wording) {
  const bool named = wording == ItemKeyWording::Named;
  auto check = [&](const KeyAttribute& attr, bool is_hash) {
    const AttributeValue* v = find_attribute(item, attr.name);
    if (!v) throw named ? missing_key_in_item(attr.name) : Error(kKeyDoesNotMatchSchema);
    if (v->type() != attr.type)
      throw named ? key_type_mismatch(attr.name, attr.type, v->type()) : Error(kKeyDoesNotMatchSchema);
    check_key_value(attr, *v, is_hash, false);
  };
  check(schema.hash, true);
  if (schema.range) check(*schema.range, false);
}

AttributeMap key_of(const Item& item, const KeySchema& schema) {
  AttributeMap key;
  key.emplace(schema.hash.name, item.at(schema.hash.name));
  if (schema.range) key.emplace(schema.range->name, item.at(schema.range->name));
  return key;
}

namespace {
// A key value's bytes: S as UTF-8, B raw, N as `number` encodes it.
std::string key_bytes_with(const AttributeValue& value, std::string (Number::*number)() const) {
  switch (value.type()) {
    case ValueType::S:
      return value.as<std::string>();
    case ValueType::B:
      return value.as<Binary>().bytes;
    case ValueType::N:
      return (value.as<Number>().*number)();
    default:
      return {};
  }
}

// DynamoDB's partition order, as dynalite reproduces it: the first 24 bits of MD5("Outliers" ‖
// the key's bytes), the rest zero, so that a tie is broken by the key's bytes (in the storage key).
uint64_t dynamodb_hash(std::string_view bytes) {
  const Md5Digest d = md5({"Outliers", bytes});
  return uint64_t(d[0]) << 56 | uint64_t(d[1]) << 48 | uint64_t(d[2]) << 40;
}

// The bytes of a key value DynamoDB digests: N in its binary form.
std::string digested_bytes(const AttributeValue& value) { return key_bytes_with(value, &Number::dynamodb_bytes); }
}  // namespace

std::string key_value_bytes(const AttributeValue& value) { return key_bytes_with(value, &Number::sortable_bytes); }

uint64_t partition_hash(const AttributeValue& hash_value) { return dynamodb_hash(digested_bytes(hash_value)); }

uint64_t table_key_hash(const AttributeMap& item, const KeySchema& schema) {
  std::string bytes = digested_bytes(item.at(schema.hash.name));
  if (schema.range) bytes += digested_bytes(item.at(schema.range->name));
  return dynamodb_hash(bytes);
}

std::string rehashed_storage_key(std::string_view storage_key, ValueType hash_type) {
  const std::string_view key_bytes = partition_key_bytes(storage_key);
  const uint64_t hash = hash_type == ValueType::N
                            ? dynamodb_hash(Number::from_sortable_bytes(key_bytes).dynamodb_bytes())
                            : dynamodb_hash(key_bytes);
  std::string out;
  out.reserve(storage_key.size());
  append_be64(out, hash);
  out.append(storage_key.substr(8));
  return out;
}

uint64_t mix_hash(uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

namespace {
// The partition key's length (4 bytes, big-endian) and key_value_bytes.
void append_partition_identity(std::string& out, const AttributeValue& hash_value) {
  const std::string bytes = key_value_bytes(hash_value);
  const auto n = static_cast<uint32_t>(bytes.size());
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((n >> shift) & 0xff);
  out += bytes;
}
}  // namespace

std::string partition_prefix(const AttributeValue& hash_value) {
  std::string out;
  out.reserve(12 + 32);
  append_be64(out, partition_hash(hash_value));
  append_partition_identity(out, hash_value);
  return out;
}

std::string partition_identity(const AttributeValue& hash_value) {
  std::string out;
  append_partition_identity(out, hash_value);
  return out;
}

std::string key_identity(const AttributeMap& item_or_key, const KeySchema& schema) {
  std::string out = partition_identity(item_or_key.at(schema.hash.name));
  if (schema.range) out += key_value_bytes(item_or_key.at(schema.range->name));
  return out;
}

namespace {
constexpr std::size_t kHashBytes = 8, kLengthBytes = 4;
std::size_t key_length_of(std::string_view storage_key) {
  std::size_t n = 0;
  for (std::size_t i = kHashBytes; i < kHashBytes + kLengthBytes; ++i)
    n = (n << 8) | static_cast<unsigned char>(storage_key[i]);
  return n;
}
}  // namespace

std::string_view partition_prefix_of(std::string_view storage_key) {
  return storage_key.substr(0, kHashBytes + kLengthBytes + key_length_of(storage_key));
}

std::string_view partition_key_bytes(std::string_view storage_key) {
  return storage_key.substr(kHashBytes + kLengthBytes, key_length_of(storage_key));
}

std::string storage_key(const AttributeMap& item_or_key, const KeySchema& schema) {
  std::string out = partition_prefix(item_or_key.at(schema.hash.name));
  if (schema.range) out += key_value_bytes(item_or_key.at(schema.range->name));
  return out;
}

}  // namespace minnow::model
