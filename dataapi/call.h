// What every data API route gets, and the routes themselves. Private to dataapi/.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "api/json.h"
#include "api/service.h"
#include "dataapi/data_api.h"
#include "dataapi/workspaces.h"
#include "engine/faults.h"
#include "engine/namespaces.h"
#include "engine/table.h"

namespace minnow::dataapi {

// The DataApi's own state. Constant after construction but for `workspaces` (thread-safe) and
// `options.endpoint` (set before serving).
struct DataApiState {
  DataApiState(engine::Namespaces& namespaces, DataApiOptions options);

  DataApiOptions options;
  Workspaces workspaces;
  engine::Namespace space;  // where the shared table lives
  // For the DynamoDB operations the shared table is created with (ActionContext): the server's
  // region and account; no faults are ever injected into them.
  api::ServiceOptions service_options;
  engine::FaultRegistry no_faults;
};

struct Call {
  DataApiState& state;
  const Workspace& workspace;
  const api::JsonValue& body;
  std::string endpoint;  // the SDK endpoint a local function is given
  api::JsonWriter& out;  // the JSON answer
};

// The shared table, created (with TTL on `ttl`) when absent, partitions in key order
// (engine/table.h order_partitions). A table of that name with another key schema: 409.
std::shared_ptr<engine::Table> shared_table(DataApiState& state);

// The primary key of an item of the shared table in its stored form.
model::AttributeMap key_of_encoded(const engine::Table& table, std::string_view encoded);

// Each route writes its JSON answer into call.out, or throws model::DataApiError. All but
// provision run for provisioned workspaces only (data_api.cpp checks).
void provision(Call& call);
void info(Call& call);
void get_item(Call& call);
void put_item(Call& call);
void delete_item(Call& call);
void query_items(Call& call);
void scan_items(Call& call);
void deprovision(Call& call);
// The environment of a local function, as shell assignments (text, not JSON).
std::string environment_text(const Call& call);

}  // namespace minnow::dataapi
