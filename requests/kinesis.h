// Kinesis Data Streams destinations as typed requests: Enable, Disable, Update and
// DescribeKinesisStreamingDestination. The front end checks the request and finds the table;
// execute() changes or reads the destinations in the table's definition (engine/table_settings.h)
// under its lock and says what happened as a value. How they behave: api/kinesis/kinesis.h.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

// ENABLING, ACTIVE, UPDATING, DISABLING or DISABLED at `now_ms`.
std::string destination_status(const engine::KinesisDestination& destination, int64_t now_ms);

struct KinesisDestinationResult {
  // NotEnabled: Disable or Update of a destination that is not enabled; InUse: Enable of one
  // that is, or a change while it is ENABLING, UPDATING or DISABLING. Nothing changed then.
  enum class Status : uint8_t { Changed, NotEnabled, InUse };
  Status status = Status::Changed;
};

struct EnableKinesisStreamingDestinationRequest {
  std::shared_ptr<engine::Table> table;
  std::string stream_arn;
  std::string precision = "MILLISECOND";  // ApproximateCreationDateTimePrecision
};
KinesisDestinationResult execute(const Context& context, const EnableKinesisStreamingDestinationRequest& request);

struct DisableKinesisStreamingDestinationRequest {
  std::shared_ptr<engine::Table> table;
  std::string stream_arn;
};
KinesisDestinationResult execute(const Context& context, const DisableKinesisStreamingDestinationRequest& request);

struct UpdateKinesisStreamingDestinationRequest {
  std::shared_ptr<engine::Table> table;
  std::string stream_arn;
  std::string precision;  // the new ApproximateCreationDateTimePrecision
};
KinesisDestinationResult execute(const Context& context, const UpdateKinesisStreamingDestinationRequest& request);

struct DescribeKinesisStreamingDestinationRequest {
  std::shared_ptr<engine::Table> table;
};
struct KinesisDestinationDescription {
  std::string stream_arn;
  std::string status;  // destination_status at the request's time
  std::string precision;
};
struct DescribeKinesisStreamingDestinationResult {
  std::string table_name;
  std::vector<KinesisDestinationDescription> destinations;
};
DescribeKinesisStreamingDestinationResult execute(const Context& context,
                                                  const DescribeKinesisStreamingDestinationRequest& request);

}  // namespace minnow::requests
