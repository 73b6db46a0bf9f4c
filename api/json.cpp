#include "api/json.h"

#include "model/errors.h"

namespace minnow::api {

void parse_request_json(std::string& body, JsonDocument& document) {
  document.ParseInsitu<rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag>(body.data());
  if (document.HasParseError() || !document.IsObject()) {
    // An empty body is treated as an empty request, as DynamoDB does.
    if (body.find_first_not_of(" \t\r\n") == std::string::npos) {
      document.SetObject();
      return;
    }
    throw model::serialization(document.HasParseError() ? "Unexpected character found"
                                                        : "Start of list found where not expected");
  }
}

std::string to_json_text(const JsonValue& v) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  v.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace minnow::api
