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

void disable_kinesis_streaming_destination(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  const std::string stream_arn(view(request["StreamArn"]));
  table->update_definition([&](engine::TableDefinition& def) {
    engine::KinesisDestination* destination = find_destination(def, stream_arn);
    const std::string status = destination ? destination_status(*destination, context.now_ms) : "DISABLED";
    if (status == "DISABLED") throw model::kinesis_destination_not_found(table->name(), stream_arn);
    if (status != "ACTIVE") throw model::kinesis_destination_in_use(stream_arn);
    start_transition(context, *destination, "DISABLING", "DISABLED");
  });
  out.StartObject();
  write_destination_answer(out, table->name(), stream_arn, "DISABLING");
  out.EndObject();
}

}  // namespace disable_kinesis_streaming_destination

const Action kDisableKinesisStreamingDestination{"DisableKinesisStreamingDestination", &disable_kinesis_streaming_destination::kShape,
                                                 disable_kinesis_streaming_destination::disable_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
