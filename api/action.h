// What every action handler gets, and how it is declared.
//
// An action is a function that reads the request (already type-checked against its Shape),
// runs DynamoDB's semantic checks, executes against the engine and writes the response body
// with the writer. It throws model::Error for every error answer. One action per file in its
// family's folder (api/items/, api/reads/, ...); one line per action in api/operations.h.
#pragma once

#include <string>

#include "api/json.h"
#include "api/service.h"
#include "api/shape.h"
#include "engine/database.h"

namespace minnow::api {

struct ActionContext {
  engine::Database& database;
  const ServiceOptions& options;
  int64_t now_ms;  // the engine clock's time when the request arrived
};

using ActionHandler = void (*)(const ActionContext& context, const JsonValue& request, JsonWriter& out);

struct Action {
  const char* name;    // "CreateTable"
  const Shape* shape;  // null: no declarative checks
  ActionHandler handler;
};

}  // namespace minnow::api
