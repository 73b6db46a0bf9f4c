// An in-process Minnow for the api tests: requests go through api::Service::handle as the
// server would send them (POST /, JSON 1.0, a well-formed SigV4 header), no network.
#pragma once

#include <string>

#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"

namespace minnow::testing {

// One namespace per access key and region, as minnow serves by default; `database` is the one
// call() signs for (access key AKID, region us-east-1).
struct ServiceHarness {
  ServiceHarness() = default;
  explicit ServiceHarness(engine::DatabaseOptions options) : namespaces{false, clock, options} {}
  explicit ServiceHarness(api::ServiceOptions options) : service{namespaces, std::move(options), &clock} {}

  engine::AdjustableClock clock;
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  engine::Database& database = namespaces.get("AKID/us-east-1").database;
  api::Service service{namespaces, api::ServiceOptions{}, &clock};

  api::Reply call(const std::string& action, std::string body) {
    std::string target = "DynamoDB_20120810." + action;
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = target;
    request.content_type = "application/x-amz-json-1.0";
    request.authorization =
        "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0";
    request.body = std::move(body);
    return service.handle(request);
  }
};

}  // namespace minnow::testing
