// What the request-level fuzz targets share: a fresh Minnow (api::Service) per input, with the
// tables and items of conformance/tools/requests.json's set-up, and the checks every answer must
// pass: never a 5xx, always valid UTF-8 and valid JSON (or the health check's text). A failed check
// aborts, which libFuzzer reports as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "model/utf8.h"

namespace minnow::fuzz {

struct FuzzService {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  api::Service service{namespaces, api::ServiceOptions{}, &clock};

  FuzzService() {
    static const char* const kSetup[][2] = {
        {"CreateTable",
         R"({"TableName":"probe_items","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
         R"({"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"},)"
         R"({"AttributeName":"l","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
         R"({"AttributeName":"sk","KeyType":"RANGE"}],"LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":)"
         R"([{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"l","KeyType":"RANGE"}],"Projection":)"
         R"({"ProjectionType":"ALL"}}],"GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":)"
         R"("g","KeyType":"HASH"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["s"]}}],)"
         R"("BillingMode":"PAY_PER_REQUEST","StreamSpecification":{"StreamEnabled":true,"StreamViewType":)"
         R"("NEW_AND_OLD_IMAGES"}})"},
        {"CreateTable",
         R"({"TableName":"probe_ttl","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})"},
        {"PutItem",
         R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"g1"},"l":{"S":"l1"},)"
         R"("s":{"S":"x"},"n":{"N":"2"},"b":{"B":"YQ=="},"t":{"BOOL":true},"z":{"NULL":true},"ss":{"SS":["a","b"]},)"
         R"("ns":{"NS":["1","2"]},"bs":{"BS":["YQ==","Yg=="]},"li":{"L":[{"S":"x"},{"N":"1"}]},"m":{"M":{"k":)"
         R"({"S":"v"}}}}})"},
    };
    for (const auto& [operation, body] : kSetup) {
      if (call("DynamoDB_20120810." + std::string(operation), "/", body).status != 200) std::abort();
    }
  }

  // A signature of the right form (signatures are not verified here).
  static constexpr auth::Header kSignatureHeaders[] = {
      {"Authorization",
       "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"},
      {"X-Amz-Date", "20260101T000000Z"},
  };

  api::Reply call(const std::string& target, const std::string& path, std::string body) {
    api::Request request;
    request.method = "POST";
    request.path = path;
    request.target = target;
    request.content_type = path == "/" ? "application/x-amz-json-1.0" : "application/json";
    request.headers = kSignatureHeaders;
    request.host = "localhost:8000";
    request.admin_header = "1";
    request.body = std::move(body);
    return check(service.handle(request));
  }

  // Aborts unless `reply` is an answer DynamoDB could give.
  static const api::Reply& check(const api::Reply& reply) {
    bool ok = reply.status < 500 && model::is_valid_utf8(reply.body);
    if (ok && reply.content_type != "text/plain" && !reply.body.starts_with("<")) {
      api::JsonDocument doc;
      doc.Parse(reply.body.data(), reply.body.size());
      ok = !doc.HasParseError();
    }
    if (!ok) {
      std::fprintf(stderr, "fuzz: bad answer: HTTP %d %.500s\n", reply.status, reply.body.c_str());
      std::abort();
    }
    return reply;
  }
};

}  // namespace minnow::fuzz
