#include "api/json.h"

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "model/errors.h"
#include "model/limits.h"
#include "model/shape_errors.h"
#include "model/utf8.h"

namespace minnow::api {

namespace {

// A SAX handler in front of `Target` (the document's own handler, or JsonEvents), with two checks
// on the way in: nesting deeper than any valid request holds (model::kMaxJsonDepth) and strings
// that are not UTF-8 stop the parse. Both are decided here, while parsing, so that no later walk
// over the document meets either.
template <class Target>
class CheckedHandler {
 public:
  enum class Failure { None, TooDeep, NotUtf8 };

  explicit CheckedHandler(Target& document) : document_(document) {}
  Failure failure() const { return failure_; }

  bool Null() { return document_.Null(); }
  bool Bool(bool b) { return document_.Bool(b); }
  bool Int(int i) { return document_.Int(i); }
  bool Uint(unsigned i) { return document_.Uint(i); }
  bool Int64(int64_t i) { return document_.Int64(i); }
  bool Uint64(uint64_t i) { return document_.Uint64(i); }
  bool Double(double d) { return document_.Double(d); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) { return document_.RawNumber(s, n, copy); }
  bool String(const char* s, rapidjson::SizeType n, bool copy) { return utf8(s, n) && document_.String(s, n, copy); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) { return utf8(s, n) && document_.Key(s, n, copy); }
  bool StartObject() { return deeper() && document_.StartObject(); }
  bool EndObject(rapidjson::SizeType members) {
    --depth_;
    return document_.EndObject(members);
  }
  bool StartArray() { return deeper() && document_.StartArray(); }
  bool EndArray(rapidjson::SizeType elements) {
    --depth_;
    return document_.EndArray(elements);
  }

 private:
  bool deeper() {
    if (++depth_ <= model::kMaxJsonDepth) return true;
    failure_ = Failure::TooDeep;
    return false;
  }
  // After unescaping: a \uDC00 escape alone decodes to a surrogate, which is not UTF-8 either.
  bool utf8(const char* s, rapidjson::SizeType n) {
    if (model::is_valid_utf8(std::string_view(s, n))) return true;
    failure_ = Failure::NotUtf8;
    return false;
  }

  Target& document_;
  std::size_t depth_ = 0;
  Failure failure_ = Failure::None;
};

using DocumentHandler = CheckedHandler<JsonDocument>;

// RapidJSON's handler calls, forwarded to JsonEvents; numbers arrive as their text only
// (kParseNumbersAsStringsFlag).
class EventsTarget {
 public:
  explicit EventsTarget(JsonEvents& events) : events_(events) {}
  bool Null() { return events_.null(), true; }
  bool Bool(bool b) { return events_.boolean(b), true; }
  bool Int(int) { return false; }
  bool Uint(unsigned) { return false; }
  bool Int64(int64_t) { return false; }
  bool Uint64(uint64_t) { return false; }
  bool Double(double) { return false; }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) { return events_.number({s, n}), true; }
  bool String(const char* s, rapidjson::SizeType n, bool) { return events_.string({s, n}), true; }
  bool Key(const char* s, rapidjson::SizeType n, bool) { return events_.key({s, n}), true; }
  bool StartObject() { return events_.start_object(), true; }
  bool EndObject(rapidjson::SizeType) { return events_.end_object(), true; }
  bool StartArray() { return events_.start_array(), true; }
  bool EndArray(rapidjson::SizeType) { return events_.end_array(), true; }

 private:
  JsonEvents& events_;
};

}  // namespace

void parse_request_json(std::string& body, JsonDocument& document) {
  // Without kParseStopWhenDoneFlag: text after the object (`{} xyz`) is malformed JSON.
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseInsituFlag;
  rapidjson::GenericInsituStringStream<rapidjson::UTF8<>> stream(body.data());
  DocumentHandler::Failure failure = DocumentHandler::Failure::None;
  bool parsed = false;
  auto generate = [&](JsonDocument& target) {
    DocumentHandler handler(target);
    rapidjson::Reader reader;
    parsed = !reader.Parse<kFlags>(stream, handler).IsError();
    failure = handler.failure();
    return parsed;
  };
  document.Populate(generate);
  if (failure == DocumentHandler::Failure::TooDeep) throw model::json_too_deep();
  if (failure == DocumentHandler::Failure::NotUtf8) throw model::Error(model::kJsonNotUtf8);
  // DynamoDB answers malformed JSON with a bare SerializationException, and (2026) a JSON value
  // that is not an object too (dynalite's 2020 capture read it as a request with no members).
  if (!parsed || !document.IsObject()) throw model::Error(model::kBareSerialization);
}

bool parse_json_events(std::string_view text, JsonEvents& events) {
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
  rapidjson::MemoryStream bytes(text.data(), text.size());
  rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> stream(bytes);
  EventsTarget target(events);
  CheckedHandler<EventsTarget> handler(target);
  rapidjson::Reader reader;
  return !reader.Parse<kFlags>(stream, handler).IsError();
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
    // Stable: members of the same name keep their order (the first is the one read).
    std::stable_sort(members.begin(), members.end(),
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
