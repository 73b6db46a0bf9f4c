#include "api/kinesis/kinesis.h"

#include "api/descriptions.h"

namespace minnow::api::kinesis {

const char* const kDestinationShape = R"(
  "TableName": {"type": "String", "required": true, "tableName": true},
  "StreamArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
)";

const char* const kEnableConfigurationShape = R"(
  "EnableKinesisStreamingConfiguration": {"type": "FieldStruct<EnableKinesisStreamingConfiguration>", "children": {
    "ApproximateCreationDateTimePrecision": {"type": "String", "enum": ["MILLISECOND", "MICROSECOND"]}}}
)";

engine::KinesisDestination* find_destination(engine::TableDefinition& def, const std::string& stream_arn) {
  for (auto& destination : def.kinesis_destinations) {
    if (destination.stream_arn == stream_arn) return &destination;
  }
  return nullptr;
}

std::string destination_status(const engine::KinesisDestination& destination, int64_t now_ms) {
  return now_ms < destination.transient_until_ms ? destination.transient_status : destination.status;
}

void start_transition(const ActionContext& context, engine::KinesisDestination& destination, const char* transient,
                      const char* status) {
  destination.status = status;
  destination.transient_status = transient;
  destination.transient_until_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
}

void write_destination_answer(JsonWriter& out, const std::string& table, const std::string& stream_arn,
                              const char* status) {
  write_string(out, "TableName", table);
  write_string(out, "StreamArn", stream_arn);
  out.Key("DestinationStatus");
  out.String(status);
}

}  // namespace minnow::api::kinesis
