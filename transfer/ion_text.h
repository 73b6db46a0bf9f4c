// Amazon Ion text, as DynamoDB's ION exports write items and its imports read them. Hand-written:
// Debian packages no Ion library (amazon-ion's ion-c is not in Debian), and the subset DynamoDB
// uses is small.
//
// DynamoDB's mapping (its export format documentation): S a string, N a decimal ("103." or
// "1.5", exponents with 'd'), B a blob ({{base64}}), BOOL a bool, NULL null, L a list, M a
// struct, SS/NS/BS a list annotated $dynamodb_SS::, $dynamodb_NS:: or $dynamodb_BS::. A data
// file starts with the version marker $ion_1_0 and holds one struct {Item:{...}} a line.
//
// The reader takes what Ion text allows in that subset: white space and comments anywhere,
// annotations, field names as identifiers, 'quoted symbols' or "strings", strings with Ion's
// escapes (long triple-quoted strings too, adjacent ones joined), integers and decimals (exact:
// DynamoDB numbers), blobs, bools, null and typed nulls (NULL), lists, structs. Floats ("1e5",
// nan), timestamps, clobs, s-expressions and hexadecimal or binary integers are refused:
// DynamoDB's Ion holds none of them.
// Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::transfer {

inline constexpr std::string_view kIonVersionMarker = "$ion_1_0";

// Appends the Ion text of `value` / of `map` as a struct.
void append_ion_value(std::string& out, const model::AttributeValue& value);
void append_ion_struct(std::string& out, const model::AttributeMap& map);

// One top-level value of an Ion text, as an attribute value (a struct is an M), or why it
// could not be read.
struct IonValue {
  model::AttributeValue value;
  std::size_t line = 0;  // where it starts, from 1
  std::string error;     // empty when the value was read
};

// Every top-level value of `text` (version markers skipped). After a value that cannot be read
// the reader goes on at the next line (DynamoDB's files hold one value a line).
std::vector<IonValue> read_ion_values(std::string_view text);

}  // namespace minnow::transfer
