#include "api/json.h"

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

}  // namespace minnow::api
