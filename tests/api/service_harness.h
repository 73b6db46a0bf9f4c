// An in-process Minnow for the api tests: requests go through api::Service::handle as the
// server would send them (POST /, JSON 1.0, a well-formed SigV4 header), no network.
#pragma once

#include <string>

#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"

namespace minnow::testing {

struct ServiceHarness {
  ServiceHarness() = default;
  explicit ServiceHarness(engine::DatabaseOptions options) : database{clock, options} {}

  engine::AdjustableClock clock;
  engine::Database database{clock, engine::DatabaseOptions{}};
  api::Service service{database, api::ServiceOptions{}, &clock};

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
