#include "dataapi/data_api.h"

#include <iostream>

#include "dataapi/call.h"
#include "model/data_api_errors.h"
#include "model/errors.h"

namespace minnow::dataapi {

DataApiState::DataApiState(engine::Namespaces& namespaces, DataApiOptions o)
    : options(std::move(o)),
      workspaces(options.tokens),
      space(namespaces.get(namespaces.id_for(kAccessKey, options.region))) {
  service_options.region = options.region;
  service_options.console = false;
}

struct DataApi::Impl {
  Impl(engine::Namespaces& namespaces, DataApiOptions options) : state(namespaces, std::move(options)) {}
  DataApiState state;
};

DataApi::DataApi(engine::Namespaces& namespaces, DataApiOptions options)
    : impl_(std::make_unique<Impl>(namespaces, std::move(options))) {}
DataApi::~DataApi() = default;

void DataApi::set_endpoint(std::string endpoint) { impl_->state.options.endpoint = std::move(endpoint); }

namespace {

using RouteHandler = void (*)(Call&);

struct Route {
  std::string_view name;  // after kRoutePrefix
  RouteHandler handler;   // null: env, answered as text
};

constexpr Route kRoutes[] = {
    {"provision", provision}, {"info", info},       {"env", nullptr},
    {"get", get_item},        {"put", put_item},    {"delete", delete_item},
    {"query", query_items},   {"scan", scan_items}, {"deprovision", deprovision},
};

const Route* find_route(std::string_view path) {
  if (!path.starts_with(kRoutePrefix)) return nullptr;
  path.remove_prefix(kRoutePrefix.size());
  for (const Route& route : kRoutes)
    if (route.name == path) return &route;
  return nullptr;
}

api::Reply json_reply(int status, std::string body) { return api::Reply{status, "application/json", std::move(body)}; }

api::Reply error_reply(int status, std::string_view message) {
  rapidjson::StringBuffer buffer;
  api::JsonWriter out(buffer);
  out.StartObject();
  out.Key("error");
  out.String(message.data(), static_cast<rapidjson::SizeType>(message.size()));
  out.EndObject();
  return json_reply(status, std::string(buffer.GetString(), buffer.GetSize()));
}

bool is_blank(std::string_view body) { return body.find_first_not_of(" \t\r\n") == std::string_view::npos; }

}  // namespace

// The order of checks: the route (404), the method (405), the token (401: nothing about the
// data is said before it), the body (400), the workspace provisioned (404; but for provision
// itself), then the route's own checks.
api::Reply DataApi::handle(api::Request& request) {
  try {
    const Route* route = find_route(request.path);
    if (!route) throw model::DataApiError(model::kDataApiUnknownRoute);
    if (request.method != "POST") {
      api::Reply reply = error_reply(405, model::kDataApiMethodNotAllowed.message);
      reply.headers = "Allow: POST\r\n";
      return reply;
    }
    const Workspace workspace = impl_->state.workspaces.authenticate(request.authorization);
    api::JsonDocument body;
    if (is_blank(request.body)) {
      body.SetObject();
    } else {
      const std::size_t first = request.body.find_first_not_of(" \t\r\n");
      if (request.body[first] != '{') throw model::DataApiError(model::kDataApiBodyNotObject);
      try {
        api::parse_request_json(request.body, body);
      } catch (const model::Error&) {
        throw model::DataApiError(model::kDataApiBodyNotObject);
      }
    }
    rapidjson::StringBuffer buffer;
    api::JsonWriter out(buffer);
    Call call{impl_->state, workspace, body,
              request.host.empty() ? impl_->state.options.endpoint : "http://" + std::string(request.host), out};
    if (route->handler != provision && !impl_->state.workspaces.provisioned(workspace))
      throw model::DataApiError(model::kDataApiNotProvisioned);
    if (!route->handler) return api::Reply{200, "text/plain; charset=utf-8", environment_text(call)};
    route->handler(call);
    return json_reply(200, std::string(buffer.GetString(), buffer.GetSize()));
  } catch (const model::DataApiError& error) {
    return error_reply(error.status(), error.message());
  } catch (const std::exception& e) {
    std::cerr << "minnow: internal error (data API request " << request.request_id << ", " << request.path
              << "): " << e.what() << std::endl;
    return error_reply(500, model::kInternalError.message);
  }
}

}  // namespace minnow::dataapi
