// What every operation gets, and how it is declared: a decoder and an answer over a typed
// request (below). One operation per file in its family's folder (api/items/, api/reads/, ...);
// one line per operation in api/operations.h.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

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
  engine::Namespaces* namespaces = nullptr;  // every namespace (global tables' replicas)

  // What executing a typed request needs (requests/context.h).
  requests::Context requests() const {
    return {database, now_ms, faults, namespace_id, operation, reply_delay_ms, region, options.account_id, namespaces};
  }
};

// An operation, as the router knows it: its checks, and a decoder and an answer over one typed
// request. The decoder reads the JSON (already type-checked against the Shape), runs DynamoDB's
// semantic checks and finds what the request names; the answer gets only the typed request: it
// executes it (requests/) and writes the response. So no operation reads its JSON after
// decoding, and an operation without a typed request does not compile: there is no constructor
// for a handler over the JSON.
class Action {
 public:
  template <class Request>
  using Decoder = Request (*)(const ActionContext& context, const JsonValue& json);
  template <class Request>
  using Answer = void (*)(const ActionContext& context, Request request, JsonWriter& out);

  template <class Request>
  Action(const char* name, const Shape* shape, Decoder<Request> decode, Answer<Request> answer,
         void (*read_strictly)(std::string_view body) = nullptr)
      : name(name),
        shape(shape),
        read_strictly(read_strictly),
        decode_(reinterpret_cast<void (*)()>(decode)),
        answer_(reinterpret_cast<void (*)()>(answer)),
        run_(&run_typed<Request>) {
    static_assert(std::is_class_v<Request> && !std::is_base_of_v<JsonValue, Request>,
                  "an operation's request is a typed struct, not its JSON");
  }

  // Decodes `json` and answers it into `out`; throws model::Error for every error answer.
  void run(const ActionContext& context, const JsonValue& json, JsonWriter& out) const {
    run_(*this, context, json, out);
  }

  const char* name;    // "CreateTable"
  const Shape* shape;  // null: no declarative checks
  // An operation AWS reads with a strict deserializer (api/strict_members.h) checks the body as
  // sent, before its Shape; null for the others.
  void (*read_strictly)(std::string_view body);

 private:
  template <class Request>
  static void run_typed(const Action& action, const ActionContext& context, const JsonValue& json, JsonWriter& out) {
    const auto decode = reinterpret_cast<Decoder<Request>>(action.decode_);
    const auto answer = reinterpret_cast<Answer<Request>>(action.answer_);
    answer(context, decode(context, json), out);
  }

  void (*decode_)();  // a Decoder<Request>, and
  void (*answer_)();  // an Answer<Request> of the Request run_ was made for
  void (*run_)(const Action& action, const ActionContext& context, const JsonValue& json, JsonWriter& out);
};

}  // namespace minnow::api
