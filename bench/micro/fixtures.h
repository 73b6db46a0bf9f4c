// Shared inputs of the micro-benchmarks: a ~200-byte PutItem item, and a 10-attribute item.
#pragma once

#include <cstdio>
#include <string>

#include "model/attribute_value.h"
#include "model/number.h"

namespace minnow::bench {

// The Item of a ~200-byte PutItem body, with partition key "pk" = "user#<8 digits>".
inline std::string put_item_json(int key) {
  char pk[32];
  std::snprintf(pk, sizeof pk, "user#%08d", key);
  return std::string(R"({"pk":{"S":")") + pk +
         R"("},"name":{"S":"Alice Example"},"email":{"S":"alice@example.com"},"age":{"N":"42"},)"
         R"("score":{"N":"1234.5"},"active":{"BOOL":true},"tags":{"SS":["red","blue"]}})";
}

inline model::AttributeValue S(std::string s) { return model::AttributeValue(std::move(s)); }
inline model::AttributeValue N(const char* text) { return model::AttributeValue(model::Number::parse(text)); }

// Ten attributes of the common kinds: strings, numbers, a bool, a set, a list and a map.
inline model::Item ten_attribute_item() {
  model::Item item;
  item["pk"] = S("user#00012345");
  item["sk"] = N("17");
  item["name"] = S("Alice Example");
  item["email"] = S("alice@example.com");
  item["age"] = N("42");
  item["score"] = N("1234.5");
  item["status"] = S("active");
  item["verified"] = model::AttributeValue(true);
  item["tags"] = model::AttributeValue(model::StringSet{{"red", "blue", "green"}});
  item["address"] = model::AttributeValue(model::AttributeMap{{"city", S("Lyon")}, {"zip", S("69001")}});
  return item;
}

}  // namespace minnow::bench
