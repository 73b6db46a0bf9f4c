#include "api/json.h"

#include <algorithm>
#include <vector>

#include "model/errors.h"

namespace minnow::api {

void parse_request_json(std::string& body, JsonDocument& document) {
  document.ParseInsitu<rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag>(body.data());
  // DynamoDB answers malformed JSON with a bare SerializationException, and treats a JSON
  // value that is not an object as a request with no members.
  if (document.HasParseError()) throw model::serialization("");
  if (!document.IsObject()) document.SetObject();
}

std::string to_json_text(const JsonValue& v) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  v.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

namespace {
void write_canonical(const JsonValue& v, JsonWriter& w) {
  if (v.IsObject()) {
    std::vector<const JsonValue::Member*> members;
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) members.push_back(&*it);
    std::sort(members.begin(), members.end(),
              [](const auto* a, const auto* b) { return view(a->name) < view(b->name); });
    w.StartObject();
    for (const auto* m : members) {
      w.Key(m->name.GetString(), m->name.GetStringLength());
      write_canonical(m->value, w);
    }
    w.EndObject();
  } else if (v.IsArray()) {
    w.StartArray();
    for (const auto& x : v.GetArray()) write_canonical(x, w);
    w.EndArray();
  } else {
    v.Accept(w);
  }
}
}  // namespace

std::string canonical_json_text(const JsonValue& v) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  write_canonical(v, writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace minnow::api
