// The texts of Minnow's /_minnow test controls (docs/admin-api.md): a call Minnow cannot take is
// a ValidationException "Invalid /_minnow call: <why>" (HTTP 400); one admin_access refuses, an
// AccessDeniedException "Refused /_minnow call: <why>" (HTTP 403).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/errors.h"

namespace minnow::model {

#define MINNOW_ADMIN_INVALID "Invalid /_minnow call: "

// ---- Refused (api/admin/admin_access) --------------------------------------------------------
Error admin_forbidden(std::string_view why);  // "Refused /_minnow call: <why>"
inline constexpr const char* kAdminHeaderRequired =
    "the test controls need the header X-Minnow-Admin: 1 (docs/admin-api.md), which a web page cannot send to "
    "another site";
inline constexpr const char* kAdminJsonRequired = "the test controls need Content-Type: application/json";
std::string admin_host_refused(std::string_view host);

// ---- Any call ----------------------------------------------------------------------------------
Error admin_no_such_call(std::string_view method, std::string_view path);  // "no such call: GET /_minnow/x"
Error admin_wrong_method(std::string_view allowed);                        // "use GET or POST"
inline constexpr FixedError kAdminBodyNotObject{ErrorCode::ValidationException,
                                                MINNOW_ADMIN_INVALID "the body must be a JSON object"};
// A number outside what the call accepts: "<name> must be an integer from <min> to <max>".
Error admin_integer_range(std::string_view name, int64_t min, int64_t max);
Error admin_not_unsigned(std::string_view name);  // "<name> must be an unsigned integer"
inline constexpr FixedError kAdminNamespaceForm{ErrorCode::ValidationException,
                                                MINNOW_ADMIN_INVALID "namespace must be ACCESS_KEY/REGION or shared"};
inline constexpr FixedError kAdminNoSharedNamespace{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "namespace shared: this server keeps a namespace per access key and region (no -sharedDb)"};
// "there are 3 namespaces: name one with ?namespace=ID (GET /_minnow/namespaces lists them)"
Error admin_namespace_needed(std::size_t namespaces);

// ---- /_minnow/clock ----------------------------------------------------------------------------
inline constexpr FixedError kAdminClockFixed{ErrorCode::ValidationException,
                                             MINNOW_ADMIN_INVALID "this server's clock cannot be moved"};
inline constexpr FixedError kAdminClockBody{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "expected advanceSeconds, epochSeconds, reset: true or freeze: true/false"};
inline constexpr FixedError kAdminClockFreeze{ErrorCode::ValidationException,
                                              MINNOW_ADMIN_INVALID "freeze must be true or false"};

// ---- /_minnow/faults ---------------------------------------------------------------------------
Error admin_fault_error_unknown(std::string_view names);  // "error must be one of A, B"
inline constexpr FixedError kAdminFaultOperation{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "operation must be an operation's name (PutItem, Query, GetRecords, ...) or a list of them"};
inline constexpr FixedError kAdminFaultNoOperations{ErrorCode::ValidationException,
                                                    MINNOW_ADMIN_INVALID "operation must not be an empty list"};
inline constexpr FixedError kAdminFaultTable{ErrorCode::ValidationException,
                                             MINNOW_ADMIN_INVALID "table must be a table name"};
inline constexpr FixedError kAdminFaultKey{ErrorCode::ValidationException,
                                           MINNOW_ADMIN_INVALID "key must be a primary key in DynamoDB JSON"};
inline constexpr FixedError kAdminFaultEmpty{ErrorCode::ValidationException,
                                             MINNOW_ADMIN_INVALID "a fault needs an error, a latencyMs, or both"};
inline constexpr FixedError kAdminFaultLatencyWithConflict{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "latencyMs cannot be combined with TransactionConflict (add a rule of its own)"};
inline constexpr FixedError kAdminFaultProbability{
    ErrorCode::ValidationException, MINNOW_ADMIN_INVALID "probability must be a number above 0 and at most 1"};
inline constexpr FixedError kAdminFaultId{ErrorCode::ValidationException,
                                          MINNOW_ADMIN_INVALID "id must be a fault's id"};

// ---- /_minnow/requests -------------------------------------------------------------------------
inline constexpr FixedError kAdminRequestsLimit{ErrorCode::ValidationException,
                                                MINNOW_ADMIN_INVALID "limit must be from 1 to 1000"};

// ---- /_minnow/snapshot, /_minnow/restore, /_minnow/snapshots -----------------------------------
inline constexpr FixedError kAdminSnapshotName{ErrorCode::ValidationException,
                                               MINNOW_ADMIN_INVALID "name must be a string of 1 to 255 characters"};
// "no snapshot named 'x'", "... for namespace ID"
Error admin_no_snapshot(std::string_view name, const std::optional<std::string>& namespace_id = std::nullopt);

// ---- /_minnow/checkpoint, /_minnow/rewind ------------------------------------------------------
inline constexpr FixedError kAdminCheckpointId{ErrorCode::ValidationException,
                                               MINNOW_ADMIN_INVALID "id must be a checkpoint's id"};
inline constexpr FixedError kAdminRewindClock{ErrorCode::ValidationException,
                                              MINNOW_ADMIN_INVALID "clock must be true or false"};
// "no checkpoint 'x'", "... for namespace ID"
Error admin_no_checkpoint(std::string_view id, const std::optional<std::string>& namespace_id = std::nullopt);

// ---- /_minnow/namespaces/fork ------------------------------------------------------------------
inline constexpr FixedError kAdminForkNamespaces{
    ErrorCode::ValidationException, MINNOW_ADMIN_INVALID "source and target must be namespaces, ACCESS_KEY/REGION"};
inline constexpr FixedError kAdminForkSame{ErrorCode::ValidationException,
                                           MINNOW_ADMIN_INVALID "source and target must be different namespaces"};
inline constexpr FixedError kAdminForkReplace{ErrorCode::ValidationException,
                                              MINNOW_ADMIN_INVALID "replace must be true or false"};
inline constexpr FixedError kAdminForkShared{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "a fork needs a namespace per access key and region (this server runs with -sharedDb)"};
// "namespace ID already has tables: send \"replace\": true to replace them"
Error admin_fork_target_has_tables(std::string_view id);

// ---- /_minnow/capacity -------------------------------------------------------------------------
inline constexpr FixedError kAdminCapacityBody{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "expected {\"table\": NAME, \"capacityModel\": true, false or null}"};
Error admin_no_table(std::string_view table);  // "no table named T (in the namespaces addressed)"

// ---- /_minnow/consistency ----------------------------------------------------------------------
inline constexpr FixedError kAdminConsistencyBody{
    ErrorCode::ValidationException,
    MINNOW_ADMIN_INVALID "expected {\"table\": NAME, \"lagMs\": an integer from 0 to 60000, or null}"};

}  // namespace minnow::model
