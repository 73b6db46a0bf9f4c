// What the data-movement families (api/exports, api/imports, api/bulk) share: the S3 stand-in
// of the request's service, the failures its refusals are reported as, ids and ARNs, the
// ClientToken's parameters, and nested parameters echoed back as they came.
//
// These operations run to the end within the request that starts them (the data is written or
// read before the answer), so what a client sees of their progress is the clock's: a record is
// IN_PROGRESS until its done_ms, which is the start (every later call sees the terminal status)
// or, with -delayTransientStatuses, kTransientPhaseMs later (engine/transfers.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/action.h"
#include "requests/movement.h"
#include "s3local/store.h"

namespace minnow::api::movement {

// The service's S3 stand-in; null without --s3-dir.
const s3local::Store* s3_store(const ActionContext& context);
// The failure an S3 stand-in status is reported as (nullopt for Ok and NoSuchKey).
std::optional<requests::TransferFailure> s3_failure(const ActionContext& context, s3local::Status status);
// The failure of a bucket that does not exist, or of no --s3-dir.
requests::TransferFailure no_such_bucket(const ActionContext& context);

// "01764567890123-0a1b2c3d": the start in ms (14 digits) and 8 random hex digits, the form of
// DynamoDB's export and import ids.
std::string new_transfer_id(int64_t now_ms);
// When a transfer started now is over (see above).
int64_t done_ms(const ActionContext& context);

// The request without its ClientToken, as JSON text: what a ClientToken's later uses must repeat.
std::string token_parameters(const JsonValue& request);
// A member's JSON text (a nested parameter kept to be echoed back); empty when null.
std::string json_text(const JsonValue* value);
// Writes `key` and the JSON text `text` as it is (nothing when `text` is empty).
void write_json_text(JsonWriter& out, const char* key, const std::string& text);

}  // namespace minnow::api::movement
