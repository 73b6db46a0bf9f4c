// DisableKinesisStreamingDestination: stops streaming a table to a Kinesis data stream; answers
// DISABLING (api/kinesis/kinesis.h). The destination must be ACTIVE.
#include <string>

#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

namespace disable_kinesis_streaming_destination {

// AWS's API model (EnableKinesisStreamingConfiguration is accepted and has no effect here).
const Shape kShape(std::string("{") + kDestinationShape + "," + kEnableConfigurationShape + "}");

requests::DisableKinesisStreamingDestinationRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_table(context, json, /*table_operation=*/true), std::string(view(json["StreamArn"]))};
}

void disable_kinesis_streaming_destination(const ActionContext& context,
                                           requests::DisableKinesisStreamingDestinationRequest request,
                                           JsonWriter& out) {
  throw_if_refused(requests::execute(context.requests(), request), request.table->name(), request.stream_arn);
  out.StartObject();
  write_destination_answer(out, request.table->name(), request.stream_arn, "DISABLING");
  out.EndObject();
}

}  // namespace disable_kinesis_streaming_destination

const Action kDisableKinesisStreamingDestination{
    "DisableKinesisStreamingDestination", &disable_kinesis_streaming_destination::kShape,
    disable_kinesis_streaming_destination::decode,
    disable_kinesis_streaming_destination::disable_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
