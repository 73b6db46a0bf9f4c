// Command-line options of the `minnow` executable.
//
// parse_options is a pure function of its arguments: everything it would otherwise read from
// the process (environment variables, the file system, the CPU count) arrives in an
// OptionsEnvironment, which detect_environment() fills once in main(). It never prints and
// never exits; main() does both, from the result.
//
// Minnow's own flags are GNU-style (`--port 8000` or `--port=8000`). DynamoDB Local's
// single-dash flags (`-port 8000`, `-inMemory`, `-sharedDb`, ...) are accepted too, so that
// Minnow drops into scripts written for DynamoDB Local.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/database.h"
#include "model/compat.h"
#include "persist/fsync_policy.h"

namespace minnow::server {

inline constexpr std::string_view kVersion = "0.1.0";
inline constexpr std::uint16_t kDefaultPort = 8000;
// DynamoDB answers 413 to a body over 16 MiB (dynalite recorded the limit to the byte); with
// Content-Encoding the limit applies to the decoded body.
inline constexpr std::size_t kDefaultMaxBodyBytes = 16u << 20;
// Connections beyond --max-connections are answered 503 and closed. The default leaves half the
// descriptors to everything else (and to the refusals themselves), and stays far from the
// memory a flood of idle connections would take (about 20 KB each).
inline constexpr std::size_t kMaxDefaultConnections = 4096;
// --transaction-window beyond a minute is surely a mistake (each transaction answers that late).
inline constexpr std::uint64_t kMaxTransactionWindowMs = 60'000;
// Global tables replicate asynchronously: DynamoDB's replicas usually see a write "within a
// second"; a few milliseconds keeps a local test's waits short and still shows the delay.
inline constexpr std::uint64_t kDefaultReplicationDelayMs = 5;
inline constexpr std::uint64_t kMaxReplicationDelayMs = 600'000;
std::size_t default_max_connections(std::uint64_t descriptor_limit);

// What parse_options would otherwise read from the process.
struct OptionsEnvironment {
  // In a container: MINNOW_IN_DOCKER=1, /.dockerenv (docker), /run/.containerenv (podman), the
  // `container` variable (podman, systemd-nspawn) or KUBERNETES_SERVICE_HOST (any pod).
  bool in_docker = false;
  unsigned hardware_concurrency = 1;      // std::thread::hardware_concurrency(), at least 1
  std::uint64_t descriptor_limit = 1024;  // RLIMIT_NOFILE, after raise_descriptor_limit()
  bool no_admin = false;                  // MINNOW_NO_ADMIN=1 (for containers: same as --no-admin)
  std::string compat{};                   // MINNOW_COMPAT (the image's: same as --compat)
  // MINNOW_ADDRESS_FILE: where a server writes its URL once listening, and where `minnow health`
  // reads it (the image sets it, so that its health check follows --port). `advertised_url` is
  // the file's first line when it could be read.
  std::string address_file{};
  std::string advertised_url{};
};

// Raises the soft limit on open files to the hard limit (containers often start with 1024 of a
// much higher hard limit): each connection is a descriptor.
void raise_descriptor_limit();

OptionsEnvironment detect_environment();

enum class LogFormat { kText, kJson };

struct Options {
  // kEnv: `minnow env --data-api TOKEN`, which asks a running Minnow for a workspace's
  // environment (docs/data-api.md) and prints it.
  // kHealth: `minnow health [--host H] [--port N]` asks a running server (server/health_check.h).
  enum class Action { kServe, kHelp, kVersion, kEnv, kHealth };
  Action action = Action::kServe;

  std::string host = "127.0.0.1";     // "0.0.0.0" by default inside a container
  std::uint16_t port = kDefaultPort;  // 0 picks an ephemeral port (tests)
  unsigned threads = 1;
  std::size_t max_body_bytes = kDefaultMaxBodyBytes;
  std::size_t max_connections = kMaxDefaultConnections;
  // Kept in milliseconds so that tests can use short ones; the flags take seconds.
  std::chrono::milliseconds idle_timeout{std::chrono::seconds(60)};  // between requests
  std::chrono::milliseconds read_timeout{std::chrono::seconds(30)};  // one request, or one reply
  std::chrono::milliseconds shutdown_grace{500};  // for a request or reply in flight when stopping
  std::chrono::milliseconds ttl_interval{std::chrono::seconds(1)};
  // --replication-delay: how long a global table's change takes to reach its other replicas.
  std::chrono::milliseconds replication_delay{kDefaultReplicationDelayMs};
  std::string region = "us-east-1";
  // -sharedDb: one database for every request; else one per access key and region, as
  // DynamoDB Local keeps them (engine/namespaces.h).
  bool shared_db = false;
  bool console = true;  // --no-console turns off the web console at /console
  engine::DatabaseOptions database;
  // The /_minnow test controls (api/admin/admin_access.h): --no-admin turns them off;
  // --admin-hosts lists Host names accepted besides the loopback ones.
  bool admin = true;
  std::vector<std::string> admin_hosts;
  // -cors: the origins browsers may call from; "*" is every origin (DynamoDB's and DynamoDB
  // Local's default).
  std::vector<std::string> cors_origins = {"*"};
  // --compat dynamodb-local (or MINNOW_COMPAT): DynamoDB Local's start-up contract (model/compat.h).
  model::Compat compat = model::Compat::kDynamoDB;
  // --log-requests: one line per request on stdout, as text or JSON (--log-format).
  bool log_requests = false;
  LogFormat log_format = LogFormat::kText;

  // Persistence (persist/): -dbPath DIR or --db-path DIR; empty keeps everything in memory.
  std::string db_path;
  persist::FsyncPolicy fsync = persist::FsyncPolicy::Interval;
  bool optimize_db = false;  // -optimizeDbBeforeStartup: write a fresh snapshot before serving
  // --seed FILE (repeatable): tables and items every namespace starts with (server/seed.h);
  // with -dbPath a namespace the directory holds keeps its data.
  std::vector<std::string> seeds;
  // --template-namespace ACCESS_KEY/REGION: every other namespace starts as a fork of this one's
  // state when it is first used (docs/admin-api.md); empty: from the seeds.
  std::string template_namespace;
  // --s3-dir DIR: the local S3 stand-in (s3local/store.h): bucket B is the directory DIR/B.
  std::string s3_dir;
  // --data-api: the data API stand-in's routes under /api/data/dynamodb/ (dataapi/).
  bool data_api = false;
  std::string data_api_tokens_file;  // --data-api-tokens FILE; empty: every token is a workspace
  std::string data_api_table;        // --data-api-table NAME; empty: dataapi::kDefaultTable
  std::string env_token;             // minnow env --data-api TOKEN
  // --verify-signatures: SigV4 signatures checked against the secrets of --credentials FILE
  // (read by main) and --credential ACCESS_KEY_ID:SECRET (in credential_pairs, already checked).
  bool verify_signatures = false;
  std::string credentials_file;
  std::vector<std::string> credential_pairs;

  std::string address_file;  // MINNOW_ADDRESS_FILE: written with the URL once listening (empty: none)

  // Notes for stderr about flags accepted but without effect.
  std::vector<std::string> notes;
};

struct OptionsError {
  std::string message;  // one line, without the program name
  int exit_code = 2;    // 0 where DynamoDB Local exits with 0 after its message
};

using ParsedOptions = std::variant<Options, OptionsError>;

// argv[0] is the program name and is skipped.
ParsedOptions parse_options(int argc, const char* const* argv, const OptionsEnvironment& environment);

// The --help text, with the defaults that apply in `environment`.
// What the start-up line says of the settings: "namespaces: per access key and region;
// signatures: form checked, not verified; CORS: *; threads: 2; max connections: 4096; request
// log: off" (and any non-default mode).
std::string describe_settings(const Options& options);

std::string help_text(const OptionsEnvironment& environment);

}  // namespace minnow::server
