// UpdateKinesisStreamingDestination: changes an ACTIVE destination's timestamp precision;
// answers UPDATING (api/kinesis/kinesis.h).
#include <string>

#include "api/descriptions.h"
#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

namespace update_kinesis_streaming_destination {

// AWS's API model.
const Shape kShape(std::string("{") + kDestinationShape + R"(,
  "UpdateKinesisStreamingConfiguration": {"type": "FieldStruct<UpdateKinesisStreamingConfiguration>", "children": {
    "ApproximateCreationDateTimePrecision": {"type": "String", "enum": ["MILLISECOND", "MICROSECOND"]}}}
})");

requests::UpdateKinesisStreamingDestinationRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::UpdateKinesisStreamingDestinationRequest r;
  r.table = find_table(context, json, /*table_operation=*/true);
  r.stream_arn = std::string(view(json["StreamArn"]));
  const JsonValue* configuration = member(json, "UpdateKinesisStreamingConfiguration");
  const JsonValue* precision = configuration ? member(*configuration, "ApproximateCreationDateTimePrecision") : nullptr;
  if (!precision) throw model::Error(model::kKinesisUpdateWithoutPrecision);
  r.precision = std::string(view(*precision));
  return r;
}

void update_kinesis_streaming_destination(const ActionContext& context,
                                          requests::UpdateKinesisStreamingDestinationRequest request, JsonWriter& out) {
  throw_if_refused(requests::execute(context.requests(), request), request.table->name(), request.stream_arn);
  out.StartObject();
  write_destination_answer(out, request.table->name(), request.stream_arn, "UPDATING");
  out.Key("UpdateKinesisStreamingConfiguration");
  out.StartObject();
  write_string(out, "ApproximateCreationDateTimePrecision", request.precision);
  out.EndObject();
  out.EndObject();
}

}  // namespace update_kinesis_streaming_destination

const Action kUpdateKinesisStreamingDestination{
    "UpdateKinesisStreamingDestination", &update_kinesis_streaming_destination::kShape,
    update_kinesis_streaming_destination::decode,
    update_kinesis_streaming_destination::update_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
