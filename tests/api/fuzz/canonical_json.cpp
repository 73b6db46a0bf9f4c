// libFuzzer target: the canonical form ClientRequestToken idempotency compares requests by
// (api/json canonical_json_text). For any request it must be valid JSON that is its own canonical
// form (when it holds no number RapidJSON reads as a double: see below), and a document with the
// members of every object in reverse order has the same one (when no object repeats a name: the
// first of the same name is the one read, so order matters then). Seeds: corpus/canonical_json/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "api/json.h"
#include "model/errors.h"

namespace {

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

bool repeats_a_name(const minnow::api::JsonValue& v) {
  if (v.IsArray()) {
    for (const auto& x : v.GetArray())
      if (repeats_a_name(x)) return true;
  }
  if (!v.IsObject()) return false;
  for (auto a = v.MemberBegin(); a != v.MemberEnd(); ++a) {
    if (repeats_a_name(a->value)) return true;
    for (auto b = a + 1; b != v.MemberEnd(); ++b)
      if (minnow::api::view(a->name) == minnow::api::view(b->name)) return true;
  }
  return false;
}

bool has_inexact_number(const minnow::api::JsonValue& v) {
  if (v.IsArray()) {
    for (const auto& x : v.GetArray())
      if (has_inexact_number(x)) return true;
  }
  if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it)
      if (has_inexact_number(it->value)) return true;
  }
  return v.IsDouble();
}

void reverse_members(minnow::api::JsonValue& v, minnow::api::JsonDocument::AllocatorType& allocator) {
  if (v.IsObject()) {
    minnow::api::JsonValue reversed(rapidjson::kObjectType);
    for (auto it = v.MemberEnd(); it != v.MemberBegin();) {
      --it;
      reverse_members(it->value, allocator);
      reversed.AddMember(it->name, it->value, allocator);
    }
    v = reversed;
  } else if (v.IsArray()) {
    for (auto& x : v.GetArray()) reverse_members(x, allocator);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace minnow;
  std::string body(reinterpret_cast<const char*>(data), size);
  api::JsonDocument doc;
  try {
    api::parse_request_json(body, doc);
  } catch (const model::Error&) {
    return 0;
  }
  std::string canonical = api::canonical_json_text(doc);
  std::string copy = canonical;
  api::JsonDocument again;
  api::parse_request_json(copy, again);  // throws (and fails the target) if not valid JSON
  // RapidJSON reads a number that is not an exact double approximately (its full-precision
  // mode has undefined behaviour on some inputs), so such a number may come back an ulp away.
  // Idempotency never parses a canonical form again: it compares those of two requests.
  if (!has_inexact_number(doc))
    require(api::canonical_json_text(again) == canonical, "the canonical form is not its own canonical form");
  if (repeats_a_name(doc)) return 0;
  reverse_members(doc, doc.GetAllocator());
  require(api::canonical_json_text(doc) == canonical, "member order changes the canonical form");
  return 0;
}
