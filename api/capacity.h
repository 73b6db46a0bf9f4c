// ConsumedCapacity's response shape (the arithmetic is requests/capacity.h).
#pragma once

#include <string>

#include "api/json.h"
#include "requests/capacity.h"

namespace minnow::api {

using requests::CapacityBreakdown;
using requests::ReturnConsumedCapacity;
using requests::TableCharges;

// ReturnConsumedCapacity's value (null: absent, NONE).
ReturnConsumedCapacity return_consumed_capacity(const JsonValue* value);
ReturnConsumedCapacity return_consumed_capacity(const JsonValue& request);

// Writes one ConsumedCapacity object {TableName, CapacityUnits[, Table]} (batch responses list
// one per table).
void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units);
void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                          const CapacityBreakdown& units);

// Writes "ConsumedCapacity": [...] (one entry per table) when asked for.
void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const TableCharges& charges);

// Writes "ConsumedCapacity": {...} when asked for.
void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units);
void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                             const CapacityBreakdown& units);

}  // namespace minnow::api
