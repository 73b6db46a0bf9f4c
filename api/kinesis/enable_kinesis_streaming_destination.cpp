// EnableKinesisStreamingDestination: starts (describing) streaming a table to a Kinesis data
// stream; answers ENABLING (api/kinesis/kinesis.h). A destination already enabled, or in a
// transient state, is ResourceInUseException; a disabled one is enabled again.
#include <string>

#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/descriptions.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

namespace enable_kinesis_streaming_destination {

// AWS's API model.
const Shape kShape(std::string("{") + kDestinationShape + "," + kEnableConfigurationShape + "}");

void enable_kinesis_streaming_destination(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  const std::string stream_arn(view(request["StreamArn"]));
  std::string precision = "MILLISECOND";
  const JsonValue* configuration = member(request, "EnableKinesisStreamingConfiguration");
  if (configuration) {
    if (const JsonValue* given = member(*configuration, "ApproximateCreationDateTimePrecision"))
      precision = std::string(view(*given));
  }
  table->update_definition([&](engine::TableDefinition& def) {
    engine::KinesisDestination* destination = find_destination(def, stream_arn);
    if (destination && destination_status(*destination, context.now_ms) != "DISABLED")
      throw model::kinesis_destination_in_use(stream_arn);
    if (!destination) destination = &def.kinesis_destinations.emplace_back();
    destination->stream_arn = stream_arn;
    destination->precision = precision;
    start_transition(context, *destination, "ENABLING", "ACTIVE");
  });
  out.StartObject();
  write_destination_answer(out, table->name(), stream_arn, "ENABLING");
  if (configuration) {
    out.Key("EnableKinesisStreamingConfiguration");
    out.StartObject();
    write_string(out, "ApproximateCreationDateTimePrecision", precision);
    out.EndObject();
  }
  out.EndObject();
}

}  // namespace enable_kinesis_streaming_destination

const Action kEnableKinesisStreamingDestination{"EnableKinesisStreamingDestination", &enable_kinesis_streaming_destination::kShape,
                                                enable_kinesis_streaming_destination::enable_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
