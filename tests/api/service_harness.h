// An in-process Minnow for the api tests: requests go through api::Service::handle as the
// server would send them (POST /, JSON 1.0, a well-formed SigV4 header), no network.
#pragma once

#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"

namespace minnow::testing {

inline const std::string kValidation = "com.amazon.coral.validate#ValidationException";

// A well-formed (not verified) SigV4 signature: what the Service checks on every request.
inline const auth::Header kSignatureHeaders[] = {
    {"Authorization",
     "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"},
    {"X-Amz-Date", "20260101T000000Z"}};

// One namespace per access key and region, as minnow serves by default; `database` is the one
// call() signs for (access key AKID, region us-east-1).
struct ServiceHarness {
  ServiceHarness() = default;
  explicit ServiceHarness(engine::DatabaseOptions options) : namespaces{false, clock, options} {}
  explicit ServiceHarness(api::ServiceOptions options) : service{namespaces, std::move(options), &clock} {}
  ServiceHarness(engine::DatabaseOptions database_options, api::ServiceOptions options)
      : namespaces{false, clock, database_options}, service{namespaces, std::move(options), &clock} {}

  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  engine::Database& database = namespaces.get("AKID/us-east-1").database;
  api::Service service{namespaces, api::ServiceOptions{}, &clock};

  // A DynamoDB call (or, with `protocol` "DynamoDBStreams_20120810.", a Streams call).
  api::Reply call(const std::string& action, std::string body, const std::string& protocol = "DynamoDB_20120810.") {
    std::string target = protocol + action;
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = target;
    request.content_type = "application/x-amz-json-1.0";
    request.headers = kSignatureHeaders;
    request.body = std::move(body);
    return service.handle(request);
  }

  // A call that must succeed: its answer, parsed.
  api::JsonDocument ok(const std::string& action, const std::string& body) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body << " -> " << reply.body);
    REQUIRE(reply.status == 200);
    api::JsonDocument document;
    document.Parse(reply.body.c_str());
    REQUIRE(document.IsObject());
    return document;
  }
  // A call that must succeed: its answer as sent.
  std::string ok_body(const std::string& action, std::string body, const std::string& protocol = "DynamoDB_20120810.") {
    const std::string sent = body.substr(0, 300);
    api::Reply reply = call(action, std::move(body), protocol);
    INFO(action << " " << sent << " -> " << reply.body.substr(0, 300));
    REQUIRE(reply.status == 200);
    return reply.body;
  }
  // A call that must fail with a 400: its error's __type after '#'.
  std::string error(const std::string& action, const std::string& body) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body << " -> " << reply.body);
    REQUIRE(reply.status == 400);
    api::JsonDocument document;
    document.Parse(reply.body.c_str());
    std::string type = document["__type"].GetString();
    return type.substr(type.find('#') + 1);
  }

  // A /_minnow call as the conformance helpers and docs/admin-api.md make it (`path` may carry a
  // query, "/_minnow/reset?namespace=..."); `edit` may change it first.
  api::Reply admin(const std::string& method, const std::string& path, std::string body = "",
                   const std::function<void(api::Request&)>& edit = {}) {
    api::Request request;
    request.method = method;
    const auto question = path.find('?');
    request.path = std::string_view(path).substr(0, question);
    if (question != std::string::npos) request.query = std::string_view(path).substr(question + 1);
    request.content_type = "application/json";
    request.host = "localhost:8000";
    request.admin_header = "1";
    request.body = std::move(body);
    if (edit) edit(request);
    return service.handle(request);
  }
};

}  // namespace minnow::testing
