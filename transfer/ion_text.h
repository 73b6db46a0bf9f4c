// Amazon Ion text, as DynamoDB's ION exports write items and its imports read them. Hand-written:
// Debian packages no Ion library (amazon-ion's ion-c is not in Debian), and the subset DynamoDB
// uses is small.
//
// DynamoDB's mapping (its export format documentation): S a string, N a decimal ("103." or
// "1.5", exponents with 'd'), B a blob ({{base64}}), BOOL a bool, NULL null, L a list, M a
// struct, SS/NS/BS a list annotated $dynamodb_SS::, $dynamodb_NS:: or $dynamodb_BS::. A data
// file starts with the version marker $ion_1_0 and holds one struct {Item:{...}} a line.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "model/attribute_value.h"

namespace minnow::transfer {

inline constexpr std::string_view kIonVersionMarker = "$ion_1_0";

// Appends the Ion text of `value` / of `map` as a struct.
void append_ion_value(std::string& out, const model::AttributeValue& value);
void append_ion_struct(std::string& out, const model::AttributeMap& map);

}  // namespace minnow::transfer
