// What the requests tests run typed requests against: one Database, no faults, and a context
// as the api layer makes it.
#pragma once

#include <memory>
#include <string>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/faults.h"
#include "model/errors.h"
#include "requests/context.h"

namespace minnow::testing {

// The message of the model::Error `call` throws; "" when it throws none.
inline std::string message_of(auto&& call) {
  try {
    call();
  } catch (const model::Error& e) {
    return e.message();
  }
  return "";
}

// A table keyed by pk (S), with the sort key sk (N) when `with_sort_key`.
inline engine::TableDefinition table_definition(const std::string& name, bool with_sort_key = false) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema.hash = {"pk", model::ValueType::S};
  if (with_sort_key) {
    d.attribute_definitions.push_back({"sk", model::ValueType::N});
    d.key_schema_elements.push_back({"sk", false});
    d.key_schema.range = model::KeyAttribute{"sk", model::ValueType::N};
  }
  return d;
}

struct RequestsFixture {
  RequestsFixture() = default;
  explicit RequestsFixture(engine::DatabaseOptions options) : database(clock, options) {}

  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database database{clock, {}};
  engine::FaultRegistry faults;
  int64_t reply_delay_ms = 0;

  // At time 0, in region us-east-1 of account 000000000000.
  requests::Context context() {
    return {database, 0, faults, "", "Test", reply_delay_ms, "us-east-1", "000000000000"};
  }

  // A table keyed by pk (S), with the sort key sk (N) when `with_sort_key`.
  std::shared_ptr<engine::Table> create_table(const std::string& name, bool with_sort_key = false) {
    return database.create(table_definition(name, with_sort_key));
  }
};

}  // namespace minnow::testing
