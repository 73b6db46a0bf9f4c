// Every answer of the data API stand-in (dataapi/, docs/data-api.md) that is not a success: its
// HTTP status and text, in one table. The data API is not DynamoDB's protocol: errors are
// {"error": TEXT} with these statuses, not __type and message.
#pragma once

#include <exception>
#include <string>
#include <string_view>

namespace minnow::model {

struct DataApiFixedError {
  int status;
  const char* message;
};

class DataApiError : public std::exception {
 public:
  DataApiError(int status, std::string message) : status_(status), message_(std::move(message)) {}
  explicit DataApiError(const DataApiFixedError& fixed) : status_(fixed.status), message_(fixed.message) {}

  int status() const { return status_; }
  const std::string& message() const { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  int status_;
  std::string message_;
};

// ---- Routing and authentication ----------------------------------------------------------
inline constexpr DataApiFixedError kDataApiUnknownRoute{404, "No such data API route"};
inline constexpr DataApiFixedError kDataApiMethodNotAllowed{405, "Data API routes take POST"};
inline constexpr DataApiFixedError kDataApiMissingToken{
    401, "Missing bearer token: send Authorization: Bearer <AUTH_TOKEN>"};
inline constexpr DataApiFixedError kDataApiUnknownToken{401, "Unknown bearer token"};
inline constexpr DataApiFixedError kDataApiNotProvisioned{
    404, "DynamoDB is not provisioned for this workspace: POST /api/data/dynamodb/provision first"};
// The shared table exists (created through the DynamoDB API) with another key schema.
DataApiError data_api_table_mismatch(const std::string& table);

// ---- Request bodies ----------------------------------------------------------------------
inline constexpr DataApiFixedError kDataApiBodyNotObject{400, "The request body must be a JSON object"};
DataApiError data_api_not_string(std::string_view field);   // "pk must be a string"
DataApiError data_api_key_invalid(const std::string& why);  // DynamoDB's refusal of a key
DataApiError data_api_limit(std::size_t max);               // "limit must be an integer from 1 to MAX"
inline constexpr DataApiFixedError kDataApiStartKey{
    400, "exclusiveStartKey must be an object with string pk and sk, as lastEvaluatedKey was"};
inline constexpr DataApiFixedError kDataApiItemNotString{400, "item must be a string holding the item as JSON"};
inline constexpr DataApiFixedError kDataApiItemNotJson{400, "item is not valid JSON"};
inline constexpr DataApiFixedError kDataApiItemNotObject{400, "item must be a JSON object"};
DataApiError data_api_item_lacks(std::string_view key);      // "item has no pk attribute"
DataApiError data_api_item_key_type(std::string_view key);   // "item's pk must be a string"
DataApiError data_api_item_invalid(const std::string& why);  // DynamoDB's refusal of the item
DataApiError data_api_throttled(const std::string& why);    // 429, DynamoDB's throttling text

// A transaction in progress holds the item (--transaction-window): nothing changed, retry.
inline constexpr DataApiFixedError kDataApiTransactionConflict{
    409, "A transaction in progress holds this item: nothing changed, try again"};

// ---- Isolation -----------------------------------------------------------------------------
// A pk (or a start key) outside the caller's prefix: 403, whatever exists there.
DataApiError data_api_outside_prefix(std::string_view prefix);

}  // namespace minnow::model
