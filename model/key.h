// Key schemas, key validation and the byte order of keys.
//
// A table's (or index's) key is one partition ("HASH") attribute and an optional sort
// ("RANGE") attribute, each of scalar type S, N or B. Keys are stored as bytes whose memcmp
// order is DynamoDB's order: partitions by a hash of the partition key (ties broken by its
// bytes), then items inside a partition by sort key (numbers numerically, S and B bytewise).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/attribute_value.h"
#include "model/errors.h"

namespace minnow::model {

struct KeyAttribute {
  std::string name;
  ValueType type;  // S, N or B
  bool operator==(const KeyAttribute&) const = default;
};

struct KeySchema {
  KeyAttribute hash;
  std::optional<KeyAttribute> range;
  bool operator==(const KeySchema&) const = default;
};

// An empty S or B value, which no key (of the table or of an index) may have.
bool is_empty_scalar(const AttributeValue& v);
// Whether a key value (of the table or of an index) is over its size limit: 2048 bytes for a
// partition key, 1024 for a sort key (numbers never are).
bool key_value_too_large(const AttributeValue& v, bool is_hash);

// A start key where no page can follow (a Query of a table without a sort key), echoed as
// DynamoDB prints it: "The provided exclusive start key is invalid: ExclusiveStartKey:
// {p=AttributeValue: {S:abc}}".
Error exclusive_start_key_invalid(const AttributeMap& start_key);

// Checks the Key parameter of GetItem/DeleteItem/UpdateItem: exactly the key attributes, of
// the schema's types, non-empty, within the size limits. Throws with DynamoDB's messages.
void validate_key(const AttributeMap& key, const KeySchema& schema);

// Only the emptiness of the key attributes present with the schema's type (a transaction makes
// it the request's error, and the rest of validate_key a cancellation reason).
void check_key_not_empty(const AttributeMap& key, const KeySchema& schema);

// As validate_key, for an ExclusiveStartKey: DynamoDB words an empty value there the older way.
void validate_start_key(const AttributeMap& key, const KeySchema& schema);

// How a put reports a key attribute absent from its item or of another type: PutItem names it
// ("Missing the key pk in the item", "Type mismatch for key pk ..."), BatchWriteItem says the
// provided key element does not match the schema.
enum class ItemKeyWording : uint8_t { Named, SchemaMismatch };

// Checks the key attributes inside a full item (PutItem). Throws with DynamoDB's messages.
void validate_item_key(const Item& item, const KeySchema& schema, ItemKeyWording wording = ItemKeyWording::Named);

// The key attributes of a (validated) item.
AttributeMap key_of(const Item& item, const KeySchema& schema);

// memcmp-ordered bytes of a single key value.
std::string key_value_bytes(const AttributeValue& value);

// SplitMix64's finalizer: spreads a 64-bit value evenly over the 64-bit space.
uint64_t mix_hash(uint64_t h);

// The 64-bit hash of a partition key value, in DynamoDB's order of partitions (24 bits of an MD5
// digest; a Scan reads partitions in this order); parallel Scan segments are ranges of it.
uint64_t partition_hash(const AttributeValue& hash_value);
// The same digest over the whole table key (partition key's bytes, then the sort key's): the
// order of items whose secondary index keys are equal.
uint64_t table_key_hash(const AttributeMap& item_or_key, const KeySchema& schema);
// A storage key written with an earlier partition hash (persist/ format version 2 and before),
// with the hash of today; `hash_type` is the partition key's type.
std::string rehashed_storage_key(std::string_view storage_key, ValueType hash_type);

// The storage key of an item: big-endian hash, then the partition key (length-prefixed), then
// the sort key. Requires the key attributes to be present and valid.
std::string storage_key(const AttributeMap& item_or_key, const KeySchema& schema);

// The partition prefix of storage_key: every item of the partition starts with it.
std::string partition_prefix(const AttributeValue& hash_value);
// The same prefix cut from a storage key, and the partition key's bytes (key_value_bytes) inside
// a partition prefix or a storage key.
std::string_view partition_prefix_of(std::string_view storage_key);
std::string_view partition_key_bytes(std::string_view storage_key);

// A partition prefix and a storage key without their hash: as distinct as they are, without the
// cost of the digest. For telling keys apart (a set of keys, a map by partition).
std::string partition_identity(const AttributeValue& hash_value);
std::string key_identity(const AttributeMap& item_or_key, const KeySchema& schema);

}  // namespace minnow::model
