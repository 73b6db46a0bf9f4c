#include "server/dynamodb_local_contract.h"

#include <catch2/catch.hpp>

namespace dynamodb_local_contract_test {

using minnow::server::dynamodb_local_banner;
using minnow::server::Options;

TEST_CASE("DynamoDB Local's start-up lines, as its 3.3.1 prints them for -inMemory -port 8001") {
  Options options;
  CHECK(dynamodb_local_banner(options, 8001) ==
        "Initializing DynamoDB Local with the following configuration:\n"
        "Port:\t8001\n"
        "InMemory:\ttrue\n"
        "Version:\t3.3.1\n"
        "DbPath:\tnull\n"
        "SharedDb:\tfalse\n"
        "shouldDelayTransientStatuses:\tfalse\n"
        "CorsParams:\tnull\n");
}

TEST_CASE("DynamoDB Local's start-up lines follow the flags") {
  Options options;
  options.db_path = "/data";
  options.shared_db = true;
  options.database.delay_transient_statuses = true;
  options.cors_origins = {"http://a.example", "http://b.example"};
  CHECK(dynamodb_local_banner(options, 8000) ==
        "Initializing DynamoDB Local with the following configuration:\n"
        "Port:\t8000\n"
        "InMemory:\tfalse\n"
        "Version:\t3.3.1\n"
        "DbPath:\t/data\n"
        "SharedDb:\ttrue\n"
        "shouldDelayTransientStatuses:\ttrue\n"
        "CorsParams:\thttp://a.example,http://b.example\n");
}

}  // namespace dynamodb_local_contract_test
