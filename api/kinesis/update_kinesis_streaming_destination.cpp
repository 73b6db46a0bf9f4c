// UpdateKinesisStreamingDestination: changes an ACTIVE destination's timestamp precision;
// answers UPDATING (api/kinesis/kinesis.h).
#include <string>

#include "api/kinesis/kinesis.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/descriptions.h"
#include "model/control_errors.h"

namespace minnow::api::kinesis {

namespace update_kinesis_streaming_destination {

// AWS's API model.
const Shape kShape(std::string("{") + kDestinationShape + R"(,
  "UpdateKinesisStreamingConfiguration": {"type": "FieldStruct<UpdateKinesisStreamingConfiguration>", "children": {
    "ApproximateCreationDateTimePrecision": {"type": "String", "enum": ["MILLISECOND", "MICROSECOND"]}}}
})");

void update_kinesis_streaming_destination(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  const std::string stream_arn(view(request["StreamArn"]));
  const JsonValue* configuration = member(request, "UpdateKinesisStreamingConfiguration");
  const JsonValue* precision = configuration ? member(*configuration, "ApproximateCreationDateTimePrecision") : nullptr;
  if (!precision) throw model::Error(model::kKinesisUpdateWithoutPrecision);
  table->update_definition([&](engine::TableDefinition& def) {
    engine::KinesisDestination* destination = find_destination(def, stream_arn);
    const std::string status = destination ? destination_status(*destination, context.now_ms) : "DISABLED";
    if (status == "DISABLED") throw model::kinesis_destination_not_found(table->name(), stream_arn);
    if (status != "ACTIVE") throw model::kinesis_destination_in_use(stream_arn);
    destination->precision = std::string(view(*precision));
    start_transition(context, *destination, "UPDATING", "ACTIVE");
  });
  out.StartObject();
  write_destination_answer(out, table->name(), stream_arn, "UPDATING");
  out.Key("UpdateKinesisStreamingConfiguration");
  out.StartObject();
  write_string(out, "ApproximateCreationDateTimePrecision", std::string(view(*precision)));
  out.EndObject();
  out.EndObject();
}

}  // namespace update_kinesis_streaming_destination

const Action kUpdateKinesisStreamingDestination{"UpdateKinesisStreamingDestination", &update_kinesis_streaming_destination::kShape,
                                                update_kinesis_streaming_destination::update_kinesis_streaming_destination};

}  // namespace minnow::api::kinesis
