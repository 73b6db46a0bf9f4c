#include "api/service.h"

// Placeholder until the router lands: every action is unknown.
namespace minnow::api {

struct Service::Impl {
  engine::Database& database;
  ServiceOptions options;
};

Service::Service(engine::Database& database, ServiceOptions options)
    : impl_(std::make_unique<Impl>(Impl{database, std::move(options)})) {}
Service::~Service() = default;

Reply Service::handle(Request& request) {
  if (request.method == "GET") return Reply{200, "text/plain", "healthy: dynamodb.us-east-1.amazonaws.com "};
  return Reply{400, "application/x-amz-json-1.0", R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"};
}

}  // namespace minnow::api
