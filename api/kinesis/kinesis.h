// Kinesis Data Streams destinations: EnableKinesisStreamingDestination,
// DisableKinesisStreamingDestination, DescribeKinesisStreamingDestination,
// UpdateKinesisStreamingDestination.
//
// A table's destinations live in its definition (engine/table_settings.h; requests/kinesis runs
// the operations): each is a Kinesis
// stream ARN, its status and its timestamp precision (MILLISECOND by default, or MICROSECOND).
// Enable answers ENABLING, then ACTIVE; Update answers UPDATING, then ACTIVE; Disable answers
// DISABLING, then DISABLED (the destination stays described); each at once, or after
// kTransientPhaseMs with -delayTransientStatuses. No data flows to Kinesis.
//
// Errors (AWS documents the exceptions, not their texts: Minnow's wording,
// model/control_errors.h): an unknown table is ResourceNotFoundException; enabling a
// destination that is already enabled, or changing one in a transient state, is
// ResourceInUseException; disabling or updating one that is not enabled is
// ResourceNotFoundException.
//
// No reference emulator has these: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/).
#pragma once

#include <string>

#include "api/action.h"
#include "engine/table.h"
#include "requests/kinesis.h"

namespace minnow::api::kinesis {

// The shape members Enable, Disable and Update share (AWS's API model), a fragment of a Shape.
extern const char* const kDestinationShape;
// EnableKinesisStreamingConfiguration (Enable's, and accepted by Disable), the same way.
extern const char* const kEnableConfigurationShape;

// A refused change as its error: not enabled (ResourceNotFoundException) or in use.
void throw_if_refused(const requests::KinesisDestinationResult& result, const std::string& table,
                      const std::string& stream_arn);

// The answers' common members: TableName, StreamArn, DestinationStatus.
void write_destination_answer(JsonWriter& out, const std::string& table, const std::string& stream_arn,
                              const char* status);

}  // namespace minnow::api::kinesis
