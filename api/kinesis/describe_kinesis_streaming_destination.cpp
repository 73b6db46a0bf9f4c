// DescribeKinesisStreamingDestination: a table's Kinesis destinations, in the order they were
// first enabled, disabled ones included (api/kinesis/kinesis.h).
#include "api/descriptions.h"
#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"

namespace minnow::api::kinesis {

namespace describe_kinesis_streaming_destination {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DescribeKinesisStreamingDestinationRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_table(context, json, /*table_operation=*/true)};
}

void describe_kinesis_streaming_destination(const ActionContext& context,
                                            requests::DescribeKinesisStreamingDestinationRequest request,
                                            JsonWriter& out) {
  const requests::DescribeKinesisStreamingDestinationResult result = requests::execute(context.requests(), request);
  out.StartObject();
  write_string(out, "TableName", result.table_name);
  out.Key("KinesisDataStreamDestinations");
  out.StartArray();
  for (const auto& destination : result.destinations) {
    out.StartObject();
    write_string(out, "StreamArn", destination.stream_arn);
    write_string(out, "DestinationStatus", destination.status);
    write_string(out, "ApproximateCreationDateTimePrecision", destination.precision);
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

}  // namespace describe_kinesis_streaming_destination

const Action kDescribeKinesisStreamingDestination{
    "DescribeKinesisStreamingDestination", &describe_kinesis_streaming_destination::kShape,
    describe_kinesis_streaming_destination::decode,
    describe_kinesis_streaming_destination::describe_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
