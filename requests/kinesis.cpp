#include "requests/kinesis.h"

namespace minnow::requests {

namespace {

engine::KinesisDestination* find_destination(engine::TableDefinition& def, const std::string& stream_arn) {
  for (auto& destination : def.kinesis_destinations)
    if (destination.stream_arn == stream_arn) return &destination;
  return nullptr;
}

// Puts `destination` in `transient` (ENABLING, UPDATING, DISABLING) until the request's
// transient time, leading to `status` (ACTIVE or DISABLED).
void start_transition(const Context& context, engine::KinesisDestination& destination, const char* transient,
                      const char* status) {
  destination.status = status;
  destination.transient_status = transient;
  destination.transient_until_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
}

// Runs `change` on the destination of `stream_arn` (null when there is none), which returns the
// refusal, if any: then the definition stays as it was.
template <typename Change>
KinesisDestinationResult change_destination(engine::Table& table, const std::string& stream_arn, Change change) {
  KinesisDestinationResult result;
  try {
    table.update_definition([&](engine::TableDefinition& def) {
      result.status = change(def, find_destination(def, stream_arn));
      if (result.status != KinesisDestinationResult::Status::Changed) throw DefinitionUnchanged{};
    });
  } catch (const DefinitionUnchanged&) {
  }
  return result;
}

// Disable and Update: of an ACTIVE destination only.
KinesisDestinationResult::Status active_only(const Context& context, const engine::KinesisDestination* destination) {
  using Status = KinesisDestinationResult::Status;
  const std::string status = destination ? destination_status(*destination, context.now_ms) : "DISABLED";
  if (status == "DISABLED") return Status::NotEnabled;
  return status == "ACTIVE" ? Status::Changed : Status::InUse;
}

}  // namespace

std::string destination_status(const engine::KinesisDestination& destination, int64_t now_ms) {
  return now_ms < destination.transient_until_ms ? destination.transient_status : destination.status;
}

KinesisDestinationResult execute(const Context& context, const EnableKinesisStreamingDestinationRequest& request) {
  using Status = KinesisDestinationResult::Status;
  return change_destination(*request.table, request.stream_arn,
                            [&](engine::TableDefinition& def, engine::KinesisDestination* destination) {
                              if (destination && destination_status(*destination, context.now_ms) != "DISABLED")
                                return Status::InUse;
                              if (!destination) destination = &def.kinesis_destinations.emplace_back();
                              destination->stream_arn = request.stream_arn;
                              destination->precision = request.precision;
                              start_transition(context, *destination, "ENABLING", "ACTIVE");
                              return Status::Changed;
                            });
}

KinesisDestinationResult execute(const Context& context, const DisableKinesisStreamingDestinationRequest& request) {
  using Status = KinesisDestinationResult::Status;
  return change_destination(*request.table, request.stream_arn,
                            [&](engine::TableDefinition&, engine::KinesisDestination* destination) {
                              const Status status = active_only(context, destination);
                              if (status == Status::Changed)
                                start_transition(context, *destination, "DISABLING", "DISABLED");
                              return status;
                            });
}

KinesisDestinationResult execute(const Context& context, const UpdateKinesisStreamingDestinationRequest& request) {
  using Status = KinesisDestinationResult::Status;
  return change_destination(*request.table, request.stream_arn,
                            [&](engine::TableDefinition&, engine::KinesisDestination* destination) {
                              const Status status = active_only(context, destination);
                              if (status == Status::Changed) {
                                destination->precision = request.precision;
                                start_transition(context, *destination, "UPDATING", "ACTIVE");
                              }
                              return status;
                            });
}

DescribeKinesisStreamingDestinationResult execute(const Context& context,
                                                  const DescribeKinesisStreamingDestinationRequest& request) {
  const engine::TableDefinition def = request.table->definition();
  DescribeKinesisStreamingDestinationResult result{def.name, {}};
  for (const auto& destination : def.kinesis_destinations)
    result.destinations.push_back(
        {destination.stream_arn, destination_status(destination, context.now_ms), destination.precision});
  return result;
}

}  // namespace minnow::requests
