#include "api/error_reply.h"

#include "api/codec.h"
#include "api/json.h"
#include "model/utf8.h"

namespace minnow::api {

using model::ErrorCode;

Reply error_reply(const model::Error& error, model::Compat compat) {
  const bool local = compat == model::Compat::kDynamoDBLocal;
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("__type");
  std::string type = std::string(model::error_namespace(error.code())) + "#" + model::error_code_name(error.code());
  w.String(type.data(), type.size());
  if (!error.message().empty()) {
    // Coral's own deserializer and its authorization check spell it "Message"; every other
    // DynamoDB error says "message", every DynamoDB Local error "Message".
    const bool coral_spelling = error.code() == ErrorCode::SerializationException || error.coral_message_key;
    w.Key(local || coral_spelling ? "Message" : "message");
    const std::string message =
        model::valid_utf8(local && error.dynamodb_local_message() ? error.dynamodb_local_message() : error.message());
    w.String(message.data(), message.size());
  }
  if (error.item) {
    w.Key("Item");
    write_attribute_map(w, error.item->as<model::AttributeMap>());
  }
  if (error.code() == ErrorCode::TransactionCanceledException) {
    w.Key("CancellationReasons");
    w.StartArray();
    for (const auto& reason : error.cancellation_reasons) {
      w.StartObject();
      if (reason.item) {
        w.Key("Item");
        write_attribute_map(w, reason.item->as<model::AttributeMap>());
      }
      w.Key("Code");
      w.String(reason.code.data(), reason.code.size());
      if (!reason.message.empty()) {
        w.Key("Message");
        w.String(reason.message.data(), reason.message.size());
      }
      w.EndObject();
    }
    w.EndArray();
  }
  if (!error.throttling_reasons.empty()) {
    // AWS's model names the member throttlingReasons in ThrottlingException, ThrottlingReasons in
    // the others.
    w.Key(error.code() == ErrorCode::ThrottlingException ? "throttlingReasons" : "ThrottlingReasons");
    w.StartArray();
    for (const model::ThrottlingReason& reason : error.throttling_reasons) {
      w.StartObject();
      w.Key("reason");
      w.String(reason.reason.data(), reason.reason.size());
      w.Key("resource");
      w.String(reason.resource.data(), reason.resource.size());
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  Reply reply{model::error_status(error.code()), "application/x-amz-json-1.0",
              std::string(buffer.GetString(), buffer.GetSize())};
  reply.summary.error_type = model::error_code_name(error.code());
  return reply;
}

}  // namespace minnow::api
