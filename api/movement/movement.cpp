#include "api/movement/movement.h"

#include <cstdio>
#include <random>

#include "model/transfer_errors.h"

namespace minnow::api::movement {

const s3local::Store* s3_store(const ActionContext& context) { return context.options.s3.get(); }

requests::TransferFailure no_such_bucket(const ActionContext& context) {
  return {model::kS3NoSuchBucketCode,
          s3_store(context) ? model::kS3NoSuchBucketMessage : model::kS3NotConfiguredMessage};
}

std::optional<requests::TransferFailure> s3_failure(const ActionContext& context, s3local::Status status) {
  switch (status) {
    case s3local::Status::Ok:
    case s3local::Status::NoSuchKey:
      return std::nullopt;
    case s3local::Status::NoSuchBucket:
      return no_such_bucket(context);
    case s3local::Status::InvalidKey:
      return requests::TransferFailure{model::kS3AccessDeniedCode, model::kS3AccessDeniedMessage};
    case s3local::Status::IoError:
      break;
  }
  return requests::TransferFailure{model::kS3AccessDeniedCode, model::kS3IoErrorMessage};
}

std::string new_transfer_id(int64_t now_ms) {
  thread_local std::mt19937 random{std::random_device{}()};
  char id[32];
  std::snprintf(id, sizeof id, "%014lld-%08x", static_cast<long long>(now_ms), static_cast<unsigned>(random()));
  return id;
}

int64_t done_ms(const ActionContext& context) {
  return context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
}

std::string token_parameters(const JsonValue& request) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  for (auto it = request.MemberBegin(); it != request.MemberEnd(); ++it) {
    if (view(it->name) == "ClientToken") continue;
    writer.Key(it->name.GetString(), it->name.GetStringLength());
    it->value.Accept(writer);
  }
  writer.EndObject();
  return buffer.GetString();
}

std::string json_text(const JsonValue* value) {
  if (!value || value->IsNull()) return {};
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  value->Accept(writer);
  return buffer.GetString();
}

void write_json_text(JsonWriter& out, const char* key, const std::string& text) {
  if (text.empty()) return;
  out.Key(key);
  out.RawValue(text.data(), text.size(), rapidjson::kObjectType);
}

}  // namespace minnow::api::movement
