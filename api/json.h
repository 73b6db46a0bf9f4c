// The one way api/ touches JSON: a hardened RapidJSON.
//
// RapidJSON asserts on misuse; here an assertion throws instead (a bug answered as
// InternalServerError, never a crash). Requests are parsed in place, iteratively (no stack
// overflow on deep input). Include this header before any other RapidJSON header.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace minnow::api {
struct JsonAssertion : std::logic_error {
  using std::logic_error::logic_error;
};
}  // namespace minnow::api

#ifndef RAPIDJSON_ASSERT
#define RAPIDJSON_ASSERT(x)                                                   \
  do {                                                                        \
    if (!(x)) throw ::minnow::api::JsonAssertion("RapidJSON assertion: " #x); \
  } while (0)
#endif
#define RAPIDJSON_HAS_STDSTRING 1
#define RAPIDJSON_NOMEMBERITERATORCLASS 0

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace minnow::api {

using JsonValue = rapidjson::Value;
using JsonDocument = rapidjson::Document;
// RapidJSON's writer, which can also append a value written by hand (api/codec's items, which
// skip its per-byte calls) in its place among the others.
class JsonWriter : public rapidjson::Writer<rapidjson::StringBuffer> {
 public:
  using Writer::Writer;

  // The next value, of `type`, as `write(stream)` appends it: complete JSON text, after the
  // comma or colon the writer's place calls for.
  template <class Write>
  void raw_value(rapidjson::Type type, Write&& write) {
    Prefix(type);
    write(*os_);
    EndValue(true);
  }
};

// Parses `body` in place (the document points into it: keep `body` alive). Throws
// model::Error SerializationException when it is not a JSON object.
void parse_request_json(std::string& body, JsonDocument& document);

// The events of a plain JSON text, for readers that build their own values (api/codec's plain
// items). Numbers arrive as their text, never as a double, so they stay exact. A reader may throw
// to stop (its own error); the exception leaves parse_json_events.
class JsonEvents {
 public:
  virtual ~JsonEvents() = default;
  virtual void null() = 0;
  virtual void boolean(bool value) = 0;
  virtual void number(std::string_view text) = 0;
  virtual void string(std::string_view text) = 0;
  virtual void key(std::string_view name) = 0;
  virtual void start_object() = 0;
  virtual void end_object() = 0;
  virtual void start_array() = 0;
  virtual void end_array() = 0;
};

// Sends the events of `text` to `events`. False when `text` is not one JSON value (with nothing
// but white space after it), nests deeper than model::kMaxJsonDepth, or holds a string that is
// not UTF-8; the events sent until then may describe part of a value.
bool parse_json_events(std::string_view text, JsonEvents& events);

inline std::string_view view(const JsonValue& v) { return {v.GetString(), v.GetStringLength()}; }

// Member lookup that treats JSON null as absent, as DynamoDB does.
inline const JsonValue* member(const JsonValue& object, std::string_view name) {
  auto it = object.FindMember(rapidjson::StringRef(name.data(), name.size()));
  if (it == object.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

// Compact JSON text of a value (JavaScript's JSON.stringify form), for messages.
std::string to_json_text(const JsonValue& v);
// The same with every object's members sorted by name: equal for two requests that differ only in
// the order of members (ClientRequestToken idempotency compares requests this way).
std::string canonical_json_text(const JsonValue& v);

}  // namespace minnow::api
