// --seed files (server/seed.h): JSON Lines, a JSON array or values across lines; items into the
// table defined last; every error names the file and the line where its value starts; and
// GET /_minnow/export's output seeds a fresh Minnow to the same export.
#include "server/seed.h"

#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "api/service.h"
#include "engine/clock.h"
#include "engine/namespaces.h"

namespace seed_test {

namespace {

using namespace minnow;

struct SeedFile {
  explicit SeedFile(const std::string& contents) {
    char name[] = "/tmp/minnow-seed-test-XXXXXX";
    int fd = ::mkstemp(name);
    REQUIRE(fd >= 0);
    ::close(fd);
    path = name;
    std::ofstream(path, std::ios::binary) << contents;
  }
  ~SeedFile() { std::filesystem::remove(path); }
  std::string path;
};

const char* kMusic =
    R"({"TableName":"Music","AttributeDefinitions":[{"AttributeName":"Artist","AttributeType":"S"},)"
    R"({"AttributeName":"Song","AttributeType":"S"}],"KeySchema":[{"AttributeName":"Artist","KeyType":"HASH"},)"
    R"({"AttributeName":"Song","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"})";

// One shared namespace, as main() seeds: whatever the credential, one database.
struct SeedHarness {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{true, clock, engine::DatabaseOptions{}};
  api::Service service{namespaces, api::ServiceOptions{}, &clock};

  api::Reply call(const std::string& action, std::string body) {
    std::string target = "DynamoDB_20120810." + action;
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = target;
    request.content_type = "application/x-amz-json-1.0";
    static constexpr auth::Header kSignatureHeaders[] = {
        {"Authorization",
         "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"},
        {"X-Amz-Date", "20260101T000000Z"}};
    request.headers = kSignatureHeaders;
    request.body = std::move(body);
    return service.handle(request);
  }
};

std::string exported(SeedHarness& h) {
  api::Request request;
  request.method = "GET";
  request.path = "/_minnow/export";
  request.host = "localhost:8000";
  request.admin_header = "1";
  api::Reply reply = h.service.handle(request);
  INFO(reply.body);
  REQUIRE(reply.status == 200);
  return reply.body;
}

// The error load_seed_file throws, or "" when it loads.
std::string seed_error(const std::string& contents) {
  SeedHarness h;
  SeedFile file(contents);
  try {
    server::load_seed_file(h.service, file.path, "us-east-1");
  } catch (const std::runtime_error& e) {
    std::string message = e.what();
    const std::string prefix = file.path + ":";
    REQUIRE(message.starts_with(prefix));
    return message.substr(prefix.size());
  }
  return "";
}

}  // namespace

TEST_CASE("seed: JSON Lines, an array, or values spread over lines", "[seed]") {
  const std::string item1 = R"({"Artist":{"S":"Miles Davis"},"Song":{"S":"So What"},"Year":{"N":"1959"}})";
  const std::string item2 = R"({"Artist":{"S":"Miles Davis"},"Song":{"S":"Blue in Green"}})";
  const std::string ttl = R"({"TableName":"Music","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})";
  const std::string put = R"({"TableName":"Music","Item":{"Artist":{"S":"Bill Evans"},"Song":{"S":"Peace Piece"}}})";
  std::string expected;
  for (const std::string& contents :
       {std::string(kMusic) + "\n" + item1 + "\n\n" + item2 + "\n" + ttl + "\n" + put + "\n",
        "[\n  " + std::string(kMusic) + ",\n  " + item1 + " , " + item2 + ",\n" + ttl + "," + put + "\n]\n",
        std::string(kMusic) + " " + item1 +
            "\n{\n  \"Artist\": {\"S\": \"Miles Davis\"},\n  \"Song\": {\"S\": "
            "\"Blue in Green\"}\n}\n" +
            ttl + put}) {
    INFO(contents);
    SeedHarness h;
    SeedFile file(contents);
    server::SeedStats stats = server::load_seed_file(h.service, file.path, "us-east-1");
    CHECK(stats.tables == 1);
    CHECK(stats.items == 3);
    const std::string out = exported(h);
    CHECK(out.find(R"("AttributeName":"exp")") != std::string::npos);
    if (expected.empty()) expected = out;
    CHECK(out == expected);
  }
}

TEST_CASE("seed: errors name the file and the line the value starts on", "[seed]") {
  CHECK(seed_error(std::string(kMusic) + "\n" + R"({"Artist":{"S":"a"},"Song":{"S":"b"}})" + "\n" +
                   "{\"Artist\": {\"S\": \"a\"},\n \"Song\": {\"N\": \"1\"}}\n") ==
        "3: ValidationException: One or more parameter values were invalid: Type mismatch for key Song expected: S "
        "actual: N");
  CHECK(seed_error(R"({"pk":{"S":"a"}})") ==
        "1: an item before any CreateTable definition in this file (or give it as {\"TableName\": ..., \"Item\": "
        "...})");
  CHECK(seed_error(std::string(kMusic) + "\n" + kMusic) == "2: ResourceInUseException: Table already exists: Music");
  CHECK(seed_error("\n\n[1, 2]") ==
        "3: expected a JSON object: a CreateTable, UpdateTimeToLive or PutItem request, or an item in DynamoDB JSON");
  CHECK(seed_error("\n{\"TableName\": \"Music\"}") ==
        "2: a request with TableName but none of KeySchema (CreateTable), Item (PutItem) or TimeToLiveSpecification "
        "(UpdateTimeToLive)");
  CHECK(seed_error("{\"a\": 1}\n}") == "2: unbalanced '}'");
  CHECK(seed_error("\n{\"a\": \"b") == "2: the JSON value starting here never ends");
  CHECK(seed_error("[{\"a\":1} {\"b\":2}]") == "1: expected ',' between array elements");
  CHECK(seed_error("") == "");

  SeedHarness h;
  CHECK_THROWS_WITH(server::load_seed_file(h.service, "/nonexistent/seed.json", "us-east-1"),
                    "cannot read seed file /nonexistent/seed.json");
}

TEST_CASE("seed: an export seeds a fresh Minnow to the same export", "[seed][export]") {
  SeedHarness a;
  auto ok = [&](const std::string& action, const std::string& body) {
    api::Reply reply = a.call(action, body);
    INFO(action << " -> " << reply.body);
    REQUIRE(reply.status == 200);
  };
  ok("CreateTable", R"({"TableName":"rich","BillingMode":"PROVISIONED",
    "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":3},
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},
      {"AttributeName":"g","AttributeType":"B"},{"AttributeName":"l","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "LocalSecondaryIndexes":[{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x","y"]},
      "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}],
    "VectorIndexes":[{"IndexName":"by_vec","VectorAttribute":{"AttributeName":"vec"},"Dimensions":3,
      "DistanceFunction":"EUCLIDEAN","SearchSchema":[{"AttributeName":"l","SearchSchemaElementType":"HASH"}],
      "Projection":{"ProjectionType":"KEYS_ONLY"}}],
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"},
    "SSESpecification":{"Enabled":true,"SSEType":"KMS","KMSMasterKeyId":"alias/k"},
    "TableClass":"STANDARD_INFREQUENT_ACCESS","Tags":[{"Key":"a","Value":"1"},{"Key":"b","Value":""}]})");
  ok("CreateTable", R"({"TableName":"demand","BillingMode":"PAY_PER_REQUEST",
    "OnDemandThroughput":{"MaxReadRequestUnits":10,"MaxWriteRequestUnits":-1},
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"B"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
  for (int i = 0; i < 30; ++i) {
    ok("PutItem",
       R"({"TableName":"rich","Item":{"pk":{"S":"p)" + std::to_string(i % 4) + R"("},"sk":{"N":")" + std::to_string(i) +
           R"(e-1"},"g":{"B":"AA=="},"l":{"S":"v"},"vec":{"L":[{"N":"1"},{"N":"2"},{"N":")" + std::to_string(i) +
           R"("}]},"m":{"M":{"ss":{"SS":["a","b"]},)"
           R"("n":{"NULL":true},"t":{"BOOL":true}}},"x":{"NS":["1","-2.5"]}}})");
  }
  ok("PutItem", R"({"TableName":"demand","Item":{"id":{"B":"/w=="},"bs":{"BS":["AQ==","Ag=="]}}})");
  const std::string out = exported(a);
  SeedHarness b;
  SeedFile file(out);
  server::SeedStats stats = server::load_seed_file(b.service, file.path, "us-east-1");
  CHECK(stats.tables == 2);
  CHECK(stats.items == 31);
  CHECK(out.find(R"("VectorIndexes":[{"IndexName":"by_vec")") != std::string::npos);
  CHECK(exported(b) == out);
}

}  // namespace seed_test
