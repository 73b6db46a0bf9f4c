#include "server/options.h"

#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

namespace options_test {

using minnow::server::Options;
using minnow::server::OptionsEnvironment;
using minnow::server::OptionsError;
using minnow::server::parse_options;

namespace {

const OptionsEnvironment kHost{.in_docker = false, .hardware_concurrency = 8, .descriptor_limit = 65536};
const OptionsEnvironment kDocker{.in_docker = true, .hardware_concurrency = 8, .descriptor_limit = 65536};

minnow::server::ParsedOptions parse(std::initializer_list<const char*> args,
                                    const OptionsEnvironment& environment = kHost) {
  std::vector<const char*> argv{"minnow"};
  argv.insert(argv.end(), args.begin(), args.end());
  return parse_options(static_cast<int>(argv.size()), argv.data(), environment);
}

Options ok(const minnow::server::ParsedOptions& parsed) {
  if (const auto* error = std::get_if<OptionsError>(&parsed)) FAIL("unexpected error: " << error->message);
  return std::get<Options>(parsed);
}

OptionsError error(const minnow::server::ParsedOptions& parsed) {
  REQUIRE(std::holds_alternative<OptionsError>(parsed));
  return std::get<OptionsError>(parsed);
}

}  // namespace

TEST_CASE("defaults") {
  const Options options = ok(parse({}));
  CHECK(options.action == Options::Action::kServe);
  CHECK(options.host == "127.0.0.1");
  CHECK(options.port == 8000);
  CHECK(options.threads == 8);
  CHECK(options.max_body_bytes == 16u * 1024 * 1024);
  CHECK(options.idle_timeout == std::chrono::seconds(60));
  CHECK(options.read_timeout == std::chrono::seconds(30));
  CHECK(options.ttl_interval == std::chrono::seconds(1));
  CHECK(options.region == "us-east-1");
  CHECK_FALSE(options.database.delay_transient_statuses);
  CHECK(options.console);
  CHECK(options.notes.empty());
}

TEST_CASE("--compat and MINNOW_COMPAT choose whose start-up contract Minnow keeps") {
  CHECK(ok(parse({})).compat == minnow::model::Compat::kDynamoDB);
  CHECK(ok(parse({"--compat", "dynamodb-local"})).compat == minnow::model::Compat::kDynamoDBLocal);
  CHECK(ok(parse({"--compat=dynamodb"})).compat == minnow::model::Compat::kDynamoDB);
  CHECK(error(parse({"--compat", "dynalite"})).message == "--compat: expected dynamodb or dynamodb-local, got 'dynalite'");
  OptionsEnvironment image = kDocker;
  image.compat = "dynamodb-local";
  CHECK(ok(parse({}, image)).compat == minnow::model::Compat::kDynamoDBLocal);
  CHECK(ok(parse({"--compat", "dynamodb"}, image)).compat == minnow::model::Compat::kDynamoDB);  // the flag wins
  image.compat = "local";
  CHECK(error(parse({}, image)).message == "MINNOW_COMPAT: expected dynamodb or dynamodb-local, got 'local'");
  CHECK(minnow::server::describe_settings(ok(parse({"--compat", "dynamodb-local"}))).find("; compat: dynamodb-local") !=
        std::string::npos);
}

TEST_CASE("--no-console turns the web console off, and takes no value") {
  CHECK_FALSE(ok(parse({"--no-console"})).console);
  CHECK(error(parse({"--no-console=1"})).message == "--no-console: takes no value");
}

TEST_CASE("inside a container the default host is every interface") {
  CHECK(ok(parse({}, kDocker)).host == "0.0.0.0");
  CHECK(ok(parse({"--host", "127.0.0.1"}, kDocker)).host == "127.0.0.1");
}

TEST_CASE("at least one thread even when the CPU count is unknown") {
  CHECK(ok(parse({}, OptionsEnvironment{.in_docker = false, .hardware_concurrency = 0})).threads == 1);
}

TEST_CASE("minnow flags, with a separate or a glued value") {
  const Options options =
      ok(parse({"--host", "::1", "--port=9123", "--threads", "3", "--max-body-bytes=1024", "--idle-timeout", "5",
                "--read-timeout=7", "--ttl-interval", "9", "--region", "eu-west-1"}));
  CHECK(options.host == "::1");
  CHECK(options.port == 9123);
  CHECK(options.threads == 3);
  CHECK(options.max_body_bytes == 1024);
  CHECK(options.idle_timeout == std::chrono::seconds(5));
  CHECK(options.read_timeout == std::chrono::seconds(7));
  CHECK(options.ttl_interval == std::chrono::seconds(9));
  CHECK(options.region == "eu-west-1");
}

TEST_CASE("--max-connections: half the descriptor limit by default, at most 4096") {
  CHECK(ok(parse({})).max_connections == 4096);
  const auto with_limit = [](std::uint64_t limit) {
    return OptionsEnvironment{.in_docker = false, .hardware_concurrency = 1, .descriptor_limit = limit};
  };
  CHECK(ok(parse({}, with_limit(1024))).max_connections == 512);
  CHECK(ok(parse({}, with_limit(20))).max_connections == 16);
  CHECK(ok(parse({"--max-connections", "100"})).max_connections == 100);
  CHECK(ok(parse({"--max-connections", "100"})).notes.empty());
  // Above the descriptor limit: accepted, with a note.
  const Options high = ok(parse({"--max-connections", "2000"}, with_limit(1024)));
  CHECK(high.max_connections == 2000);
  REQUIRE(high.notes.size() == 1);
  CHECK(high.notes[0].find("limit on open files (1024)") != std::string::npos);
  CHECK(error(parse({"--max-connections", "0"})).message ==
        "--max-connections: expected an integer from 1 to 1000000, got '0'");
}

TEST_CASE("port 0 asks for an ephemeral port") { CHECK(ok(parse({"--port", "0"})).port == 0); }

TEST_CASE("help and version") {
  CHECK(ok(parse({"--help"})).action == Options::Action::kHelp);
  CHECK(ok(parse({"-h"})).action == Options::Action::kHelp);
  CHECK(ok(parse({"-help"})).action == Options::Action::kHelp);
  CHECK(ok(parse({"--version"})).action == Options::Action::kVersion);
  CHECK(ok(parse({"-version"})).action == Options::Action::kVersion);  // DynamoDB Local's spelling
  CHECK(ok(parse({"--port", "1", "--help", "--bogus"})).action == Options::Action::kHelp);
}

TEST_CASE("help text documents the container default") {
  const std::string text = minnow::server::help_text(kHost);
  CHECK(text.find("MINNOW_IN_DOCKER=1") != std::string::npos);
  CHECK(text.find("podman") != std::string::npos);
  CHECK(text.find("minnow health") != std::string::npos);
  CHECK(text.find("--max-body-bytes") != std::string::npos);
  CHECK(text.find("-delayTransientStatuses") != std::string::npos);
}

TEST_CASE("DynamoDB Local flags") {
  const Options options = ok(parse({"-port", "8123", "-inMemory", "-sharedDb", "-disableTelemetry"}));
  CHECK(options.port == 8123);
  CHECK(options.shared_db);
  CHECK(options.notes.empty());
  CHECK_FALSE(ok(parse({"-inMemory"})).shared_db);  // one database per access key and region
  CHECK(ok(parse({"--shared-db"})).shared_db);

  CHECK(ok(parse({"-delayTransientStatuses"})).database.delay_transient_statuses);
  CHECK(ok(parse({"--transaction-window", "250"})).database.transaction_window_ms == 250);
  CHECK(ok(parse({})).database.transaction_window_ms == 0);
  CHECK(error(parse({"--transaction-window", "60001"})).exit_code == 2);

  CHECK(ok(parse({})).cors_origins == std::vector<std::string>{"*"});
  CHECK(ok(parse({"-cors", "*"})).cors_origins == std::vector<std::string>{"*"});
  CHECK(ok(parse({"-cors", "http://a.example, http://b.example"})).cors_origins ==
        std::vector<std::string>{"http://a.example", "http://b.example"});
  CHECK(ok(parse({"--cors=http://a.example"})).cors_origins == std::vector<std::string>{"http://a.example"});
  CHECK(error(parse({"-cors", " , "})).message == "-cors: expected origins or *");
}

TEST_CASE("persistence flags") {
  CHECK(ok(parse({})).db_path.empty());
  const Options dynamodb_local = ok(parse({"-dbPath", "/tmp/db", "-optimizeDbBeforeStartup"}));
  CHECK(dynamodb_local.db_path == "/tmp/db");
  CHECK(dynamodb_local.optimize_db);
  CHECK(dynamodb_local.fsync == minnow::persist::FsyncPolicy::Interval);
  const Options own = ok(parse({"--db-path=/data", "--fsync", "always", "--seed", "a.json", "--seed=b.jsonl"}));
  CHECK(own.db_path == "/data");
  CHECK(own.fsync == minnow::persist::FsyncPolicy::Always);
  CHECK(own.seeds == std::vector<std::string>{"a.json", "b.jsonl"});
  CHECK(ok(parse({"-dbPath", "/data", "--fsync", "never"})).fsync == minnow::persist::FsyncPolicy::Never);
  CHECK(error(parse({"--fsync", "never"})).message == "--fsync needs --db-path (or -dbPath)");
  CHECK(error(parse({"--fsync", "sometimes"})).message ==
        "--fsync: expected always, interval or never, got 'sometimes'");
}

TEST_CASE("persistence flags DynamoDB Local refuses get its words and its exit status 0") {
  const OptionsError both = error(parse({"-inMemory", "-dbPath", "/tmp/db"}));
  CHECK(both.exit_code == 0);
  CHECK(both.message == "dbPath and inMemory cannot be set at the same time.");
  CHECK(error(parse({"-dbPath", "/tmp/db", "-inMemory"})).message == both.message);

  const OptionsError optimize = error(parse({"-optimizeDbBeforeStartup"}));
  CHECK(optimize.exit_code == 0);
  CHECK(optimize.message ==
        "optimizeDbBeforeStartup option must be used with dbPath to determine the location of database files to "
        "optimize.");
}

TEST_CASE("bad flags: one line and exit code 2") {
  struct Case {
    std::vector<const char*> args;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"--bogus"}, "unknown flag: --bogus"},
      {{"-Port", "1"}, "unknown flag: -Port"},
      {{"-port=8000"}, "unknown flag: -port=8000"},
      {{"serve"}, "unexpected argument: 'serve'"},
      {{"--port"}, "--port: missing value"},
      {{"-port"}, "-port: missing value"},
      {{"-cors"}, "-cors: missing value"},
      {{"--port", "65536"}, "--port: expected an integer from 0 to 65535, got '65536'"},
      {{"--port", "-1"}, "--port: expected an integer from 0 to 65535, got '-1'"},
      {{"--port", "80x"}, "--port: expected an integer from 0 to 65535, got '80x'"},
      {{"--port="}, "--port: expected an integer from 0 to 65535, got ''"},
      {{"--threads", "0"}, "--threads: expected an integer from 1 to 1024, got '0'"},
      {{"--idle-timeout", "0"}, "--idle-timeout: expected an integer from 1 to 1000000, got '0'"},
      {{"--max-body-bytes", "0"}, "--max-body-bytes: expected an integer from 1 to 4294967296, got '0'"},
      {{"--region", ""}, "--region: must not be empty"},
      {{"--host="}, "--host: must not be empty"},
      {{"--version=2"}, "--version: takes no value"},
  };
  for (const Case& c : cases) {
    std::vector<const char*> argv{"minnow"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    const auto parsed = parse_options(static_cast<int>(argv.size()), argv.data(), kHost);
    INFO(c.message);
    REQUIRE(std::holds_alternative<OptionsError>(parsed));
    CHECK(std::get<OptionsError>(parsed).message == c.message);
    CHECK(std::get<OptionsError>(parsed).exit_code == 2);
  }
}

TEST_CASE("the test controls: on by default, --no-admin or MINNOW_NO_ADMIN=1 turns them off, --admin-hosts") {
  CHECK(ok(parse({})).admin);
  CHECK(ok(parse({})).admin_hosts.empty());
  CHECK_FALSE(ok(parse({"--no-admin"})).admin);
  OptionsEnvironment no_admin = kDocker;
  no_admin.no_admin = true;
  CHECK_FALSE(ok(parse({}, no_admin)).admin);
  CHECK(ok(parse({"--admin-hosts", "minnow"})).admin_hosts == std::vector<std::string>{"minnow"});
  CHECK(ok(parse({"--admin-hosts=minnow,db.test"})).admin_hosts == std::vector<std::string>{"minnow", "db.test"});
  for (const char* bad : {"", ",", "a,", ",a", "a,,b"}) {
    INFO(bad);
    CHECK(error(parse({"--admin-hosts", bad})).message == "--admin-hosts: expected host names separated by commas");
  }
  CHECK(error(parse({"--no-admin=1"})).message == "--no-admin: takes no value");
  CHECK(error(parse({"--no-admin", "--admin-hosts", "minnow"})).message ==
        "--admin-hosts: the test controls are off (--no-admin or MINNOW_NO_ADMIN=1)");
  CHECK(error(parse({"--admin-hosts", "minnow"}, no_admin)).message ==
        "--admin-hosts: the test controls are off (--no-admin or MINNOW_NO_ADMIN=1)");
}

TEST_CASE("--data-api and its flags; they need --data-api") {
  CHECK_FALSE(ok(parse({})).data_api);
  const Options on = ok(parse({"--data-api", "--data-api-tokens", "tokens.txt", "--data-api-table=shared.v1"}));
  CHECK(on.data_api);
  CHECK(on.data_api_tokens_file == "tokens.txt");
  CHECK(on.data_api_table == "shared.v1");
  CHECK(error(parse({"--data-api-table", "xyz"})).message == "--data-api-tokens and --data-api-table need --data-api");
  CHECK(error(parse({"--data-api", "--data-api-table", "a b"})).message ==
        "--data-api-table: a table name is 3 to 255 letters, digits, '_', '-' and '.', got 'a b'");
  CHECK(error(parse({"--data-api=yes"})).message == "--data-api: takes no value");
}

TEST_CASE("minnow env --data-api TOKEN, with where Minnow listens") {
  const Options env = ok(parse({"env", "--data-api", "tok", "--port", "9000", "--host", "10.0.0.1"}));
  CHECK(env.action == Options::Action::kEnv);
  CHECK(env.env_token == "tok");
  CHECK(env.port == 9000);
  CHECK(env.host == "10.0.0.1");
  CHECK(ok(parse({"env", "--data-api=tok"})).port == 8000);
  CHECK(error(parse({"env"})).message == "env: --data-api TOKEN is required");
  CHECK(error(parse({"env", "--data-api", "t", "--threads", "2"})).message ==
        "env: takes --data-api TOKEN, --host and --port only, not --threads");
  CHECK(error(parse({"--port", "1", "env"})).message == "unexpected argument: 'env'");
}

TEST_CASE("--verify-signatures needs credentials; credentials alone are only noted") {
  const Options file = ok(parse({"--verify-signatures", "--credentials", "/etc/minnow/keys"}));
  CHECK(file.verify_signatures);
  CHECK(file.credentials_file == "/etc/minnow/keys");
  const Options pairs = ok(parse({"--verify-signatures", "--credential", "AKID:secret", "--credential=B:s"}));
  CHECK(pairs.credential_pairs == std::vector<std::string>{"AKID:secret", "B:s"});
  CHECK(pairs.notes.empty());
  CHECK(error(parse({"--verify-signatures"})).message ==
        "--verify-signatures needs --credentials FILE or --credential ACCESS_KEY_ID:SECRET");
  CHECK(error(parse({"--verify-signatures", "--credential", "AKID"})).message ==
        "--credential: expected ACCESS_KEY_ID:SECRET_ACCESS_KEY");
  CHECK(error(parse({"--verify-signatures=yes", "--credential", "A:b"})).message ==
        "--verify-signatures: takes no value");
  const Options unverified = ok(parse({"--credential", "AKID:secret"}));
  CHECK_FALSE(unverified.verify_signatures);
  CHECK(unverified.notes ==
        std::vector<std::string>{"credentials given without --verify-signatures: signatures are not verified"});
}

TEST_CASE("logging flags, and the start-up line's account of the settings") {
  CHECK_FALSE(ok(parse({})).log_requests);
  const Options json = ok(parse({"--log-requests", "--log-format", "json"}));
  CHECK(json.log_requests);
  CHECK(json.log_format == minnow::server::LogFormat::kJson);
  CHECK(ok(parse({"--log-requests", "--log-format=text"})).log_format == minnow::server::LogFormat::kText);
  CHECK(error(parse({"--log-format", "xml"})).message == "--log-format: expected text or json, got 'xml'");
  CHECK(error(parse({"--log-format", "json"})).message == "--log-format needs --log-requests");
  CHECK(minnow::server::describe_settings(json).ends_with("; request log: json"));
  CHECK(minnow::server::describe_settings(ok(parse({}))) ==
        "namespaces: per access key and region; signatures: form checked, not verified; CORS: *; threads: 8; max "
        "connections: 4096; request log: off");
  CHECK(minnow::server::describe_settings(
            ok(parse({"-sharedDb", "-cors", "http://a.example", "--transaction-window", "300", "--no-admin"}))) ==
        "namespaces: shared; signatures: form checked, not verified; CORS: http://a.example; threads: 8; max "
        "connections: 4096; transaction window: 300 ms; test controls: off; request log: off");
}

TEST_CASE("a compose file's command for DynamoDB Local's image runs as it is") {
  // command: -jar DynamoDBLocal.jar -sharedDb -inMemory (the image's entrypoint was java)
  const Options options = ok(parse({"-Djava.library.path=./DynamoDBLocal_lib", "-Xmx512m", "-jar", "DynamoDBLocal.jar",
                                    "-sharedDb", "-inMemory", "-port", "9000"}));
  CHECK(options.port == 9000);
  CHECK(options.shared_db);
  CHECK(options.notes == std::vector<std::string>{"-Djava.library.path=./DynamoDBLocal_lib: ignored (a Java option)",
                                                  "-Xmx512m: ignored (a Java option)",
                                                  "-jar DynamoDBLocal.jar: ignored (Minnow is not a Java program)"});
  CHECK(error(parse({"-jar"})).message == "-jar: missing value");
}

TEST_CASE("minnow health: asks where the server said it listens, or where the flags say") {
  CHECK(ok(parse({"health"})).action == Options::Action::kHealth);
  CHECK(ok(parse({"health"})).port == 8000);
  CHECK(ok(parse({"health", "--port", "9001"})).port == 9001);
  OptionsEnvironment advertised = kDocker;
  advertised.advertised_url = "http://0.0.0.0:9002\n";
  const Options options = ok(parse({"health"}, advertised));
  CHECK(options.host == "0.0.0.0");
  CHECK(options.port == 9002);
  CHECK(ok(parse({"health", "-port", "9003"}, advertised)).port == 9003);
  advertised.advertised_url = "http://[::1]:9004";
  CHECK(ok(parse({"health"}, advertised)).host == "::1");
  advertised.advertised_url = "garbage";
  CHECK(ok(parse({"health"}, advertised)).port == 8000);
  CHECK(error(parse({"health", "--threads", "2"})).message == "health: takes --host and --port only, not --threads");
}

}  // namespace options_test
