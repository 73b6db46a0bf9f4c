// EnableKinesisStreamingDestination: starts (describing) streaming a table to a Kinesis data
// stream; answers ENABLING (api/kinesis/kinesis.h). A destination already enabled, or in a
// transient state, is ResourceInUseException; a disabled one is enabled again.
#include <string>

#include "api/descriptions.h"
#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

namespace enable_kinesis_streaming_destination {

// AWS's API model.
const Shape kShape(std::string("{") + kDestinationShape + "," + kEnableConfigurationShape + "}");

// The typed request, and whether EnableKinesisStreamingConfiguration was given (it is echoed).
struct Decoded {
  requests::EnableKinesisStreamingDestinationRequest request;
  bool configuration_given = false;
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded d;
  d.request.table = find_table(context, json, /*table_operation=*/true);
  d.request.stream_arn = std::string(view(json["StreamArn"]));
  if (const JsonValue* configuration = member(json, "EnableKinesisStreamingConfiguration")) {
    d.configuration_given = true;
    if (const JsonValue* given = member(*configuration, "ApproximateCreationDateTimePrecision"))
      d.request.precision = std::string(view(*given));
  }
  return d;
}

void enable_kinesis_streaming_destination(const ActionContext& context, Decoded d, JsonWriter& out) {
  const requests::EnableKinesisStreamingDestinationRequest& request = d.request;
  throw_if_refused(requests::execute(context.requests(), request), request.table->name(), request.stream_arn);
  out.StartObject();
  write_destination_answer(out, request.table->name(), request.stream_arn, "ENABLING");
  if (d.configuration_given) {
    out.Key("EnableKinesisStreamingConfiguration");
    out.StartObject();
    write_string(out, "ApproximateCreationDateTimePrecision", request.precision);
    out.EndObject();
  }
  out.EndObject();
}

}  // namespace enable_kinesis_streaming_destination

const Action kEnableKinesisStreamingDestination{
    "EnableKinesisStreamingDestination", &enable_kinesis_streaming_destination::kShape,
    enable_kinesis_streaming_destination::decode,
    enable_kinesis_streaming_destination::enable_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
