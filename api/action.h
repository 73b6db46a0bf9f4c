// What every action handler gets, and how it is declared.
//
// An action is a function that reads the request (already type-checked against its Shape),
// runs DynamoDB's semantic checks, executes against the engine and writes the response body
// with the writer. It throws model::Error for every error answer. One action per file in its
// family's folder (api/items/, api/reads/, ...); one line per action in api/operations.h.
#pragma once

#include <string>
#include <string_view>

#include "api/json.h"
#include "api/protocol.h"
#include "api/shape.h"
#include "engine/database.h"
#include "engine/faults.h"
#include "requests/context.h"

namespace minnow::api {

struct ActionContext {
  engine::Database& database;  // of the request's namespace (engine/namespaces.h)
  std::string_view namespace_id;
  const ServiceOptions& options;
  std::string_view region;     // the region of the request's credential: every ARN it is answered with
  int64_t now_ms;              // the engine clock's time when the request arrived
  std::string_view operation;  // "PutItem"
  engine::FaultRegistry& faults;
  // How long the server holds the reply back (injected latency, --transaction-window).
  int64_t& reply_delay_ms;
  std::string_view host;  // the request's Host header: the address DescribeEndpoints answers with

  // What executing a typed request needs (requests/context.h).
  requests::Context requests() const { return {database, now_ms, faults, namespace_id, operation, reply_delay_ms}; }
};

using ActionHandler = void (*)(const ActionContext& context, const JsonValue& request, JsonWriter& out);

struct Action {
  const char* name;    // "CreateTable"
  const Shape* shape;  // null: no declarative checks
  ActionHandler handler;
  // An operation AWS reads with a strict deserializer (api/strict_members.h) checks the body as
  // sent, before its Shape; null for the others.
  void (*read_strictly)(std::string_view body) = nullptr;
};

}  // namespace minnow::api
