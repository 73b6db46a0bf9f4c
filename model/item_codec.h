// The compact byte form in which tables keep their items.
//
// One contiguous string per item, about the size of the item's own data: a few bytes of
// lengths and type tags, names and values inline, numbers as their canonical text. It keeps
// a million small items in a few hundred megabytes (a tree of std::map nodes takes four times
// that), copies with one memcpy, and can be written as JSON without being decoded
// (api/codec.h write_encoded_item). The DynamoDB size of the item is stored up front.
//
//   item  := varint(size_bytes) varint(count) (varint(len) name value)*
//   value := tag payload; S, N (canonical text), B: varint(len) bytes; SS, NS, BS: varint(count)
//            (varint(len) bytes)*; L: varint(count) value*; M: varint(count) (varint(len) name value)*;
//            NULL, BOOL: the tag alone
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::model {

enum class EncodedTag : uint8_t { S, N, B, SS, NS, BS, M, L, Null, False, True };

std::string encode_item(const Item& item);
// The form's pieces, for a decoder that writes it straight from another form (api/codec's from
// a request's JSON) rather than through an Item: the bytes are the same as encode_item's.
void append_varint(std::string& out, uint64_t v);
void append_bytes(std::string& out, std::string_view bytes);  // varint(len) then the bytes
void append_value(std::string& out, const AttributeValue& value);
// The top-level attributes named `names` (absent ones left out), decoded; the rest skipped.
AttributeMap decode_attributes(std::string_view encoded, std::initializer_list<std::string_view> names);
AttributeMap decode_attributes(std::string_view encoded, const std::vector<std::string_view>& names);
// The same bytes in this thread's scratch buffer, valid until its next encode_item or
// encode_item_scratch: for a caller that copies them into storage of its own (engine::StoredItem).
std::string_view encode_item_scratch(const Item& item);
Item decode_item(std::string_view encoded);
// The item's DynamoDB size (item_size), read from the header.
std::size_t encoded_item_size(std::string_view encoded);

// A cursor over encoded bytes, for code that walks them without decoding (api's JSON writer).
class EncodedReader {
 public:
  explicit EncodedReader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  uint64_t varint();
  std::string_view bytes();  // varint(len) then len bytes
  EncodedTag tag() { return static_cast<EncodedTag>(*p_++); }
  bool done() const { return p_ >= end_; }

 private:
  const char* p_;
  const char* end_;
};

}  // namespace minnow::model
