#include "api/kinesis/kinesis.h"

#include "api/descriptions.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

const char* const kDestinationShape = R"(
  "TableName": {"type": "String", "required": true, "tableName": true},
  "StreamArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
)";

const char* const kEnableConfigurationShape = R"(
  "EnableKinesisStreamingConfiguration": {"type": "FieldStruct<EnableKinesisStreamingConfiguration>", "children": {
    "ApproximateCreationDateTimePrecision": {"type": "String", "enum": ["MILLISECOND", "MICROSECOND"]}}}
)";

void throw_if_refused(const requests::KinesisDestinationResult& result, const std::string& table,
                      const std::string& stream_arn) {
  using Status = requests::KinesisDestinationResult::Status;
  if (result.status == Status::NotEnabled) throw model::kinesis_destination_not_found(table, stream_arn);
  if (result.status == Status::InUse) throw model::kinesis_destination_in_use(stream_arn);
}

void write_destination_answer(JsonWriter& out, const std::string& table, const std::string& stream_arn,
                              const char* status) {
  write_string(out, "TableName", table);
  write_string(out, "StreamArn", stream_arn);
  out.Key("DestinationStatus");
  out.String(status);
}

}  // namespace minnow::api::kinesis
