#include "server/options.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <thread>
#include <tuple>
#include <utility>

#include "auth/credentials.h"
#include "engine/namespaces.h"
#include "server/cors.h"

namespace minnow::server {

namespace {

constexpr std::uint64_t kMaxSeconds = 1'000'000;  // keeps milliseconds far from overflow

std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

OptionsError usage_error(std::string message) { return OptionsError{std::move(message), 2}; }

// Walks argv; a flag's value is either glued on with '=' (GNU style only) or the next argument.
class ArgumentReader {
 public:
  ArgumentReader(int argc, const char* const* argv) : argc_(argc), argv_(argv) {}

  bool done() const { return next_ >= argc_; }

  // The next flag's name, with any "=value" split off and remembered.
  std::string_view next_flag() {
    std::string_view argument = argv_[next_++];
    glued_.reset();
    if (argument.starts_with("--")) {
      if (auto eq = argument.find('='); eq != std::string_view::npos) {
        glued_ = argument.substr(eq + 1);
        return argument.substr(0, eq);
      }
    }
    return argument;
  }

  bool has_glued_value() const { return glued_.has_value(); }

  std::optional<std::string_view> value() {
    if (glued_) return std::exchange(glued_, std::nullopt);
    if (next_ >= argc_) return std::nullopt;
    return std::string_view(argv_[next_++]);
  }

 private:
  int argc_;
  const char* const* argv_;
  int next_ = 1;
  std::optional<std::string_view> glued_;
};

bool is_table_name(std::string_view name) {
  if (name.size() < 3 || name.size() > 255) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

std::string quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.append(1, '\'').append(text).append(1, '\'');
  return out;
}

std::optional<model::Compat> parse_compat(std::string_view text) {
  if (text == "dynamodb") return model::Compat::kDynamoDB;
  if (text == "dynamodb-local") return model::Compat::kDynamoDBLocal;
  return std::nullopt;
}

}  // namespace

void raise_descriptor_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
  limit.rlim_cur = limit.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &limit);
}

std::size_t default_max_connections(std::uint64_t descriptor_limit) {
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(descriptor_limit / 2, 16, kMaxDefaultConnections));
}

namespace {

// "http://HOST:PORT" (the listening line's URL, as MINNOW_ADDRESS_FILE holds it) -> host, port.
std::optional<std::pair<std::string, std::uint16_t>> parse_listen_url(std::string_view url) {
  constexpr std::string_view kScheme = "http://";
  while (!url.empty() && (url.back() == '\n' || url.back() == '\r' || url.back() == ' ')) url.remove_suffix(1);
  if (!url.starts_with(kScheme)) return std::nullopt;
  url.remove_prefix(kScheme.size());
  const std::size_t colon = url.rfind(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  std::string_view host = url.substr(0, colon);
  if (host.starts_with('[') && host.ends_with(']')) host = host.substr(1, host.size() - 2);
  const std::string_view digits = url.substr(colon + 1);
  unsigned port = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
  if (ec != std::errc() || end != digits.data() + digits.size() || port > 65535) return std::nullopt;
  return std::make_pair(std::string(host), static_cast<std::uint16_t>(port));
}

}  // namespace

OptionsEnvironment detect_environment() {
  OptionsEnvironment environment;
  const auto variable = [](const char* name) {
    const char* value = std::getenv(name);
    return std::string_view(value ? value : "");
  };
  environment.in_docker = variable("MINNOW_IN_DOCKER") == "1" || ::access("/.dockerenv", F_OK) == 0 ||
                          ::access("/run/.containerenv", F_OK) == 0 || !variable("container").empty() ||
                          !variable("KUBERNETES_SERVICE_HOST").empty();
  environment.no_admin = variable("MINNOW_NO_ADMIN") == "1";
  environment.compat = variable("MINNOW_COMPAT");
  environment.address_file = std::string(variable("MINNOW_ADDRESS_FILE"));
  if (!environment.address_file.empty()) {
    std::ifstream file(environment.address_file);
    std::getline(file, environment.advertised_url);
  }
  environment.hardware_concurrency = std::max(1u, std::thread::hardware_concurrency());
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    environment.descriptor_limit = limit.rlim_cur == RLIM_INFINITY ? std::uint64_t{1} << 20 : limit.rlim_cur;
  }
  return environment;
}

ParsedOptions parse_options(int argc, const char* const* argv, const OptionsEnvironment& environment) {
  Options options;
  options.host = environment.in_docker ? "0.0.0.0" : "127.0.0.1";
  options.threads = std::max(1u, environment.hardware_concurrency);
  options.max_connections = default_max_connections(environment.descriptor_limit);
  options.admin = !environment.no_admin;
  if (!environment.compat.empty()) {
    const auto compat = parse_compat(environment.compat);
    if (!compat) return usage_error("MINNOW_COMPAT: expected dynamodb or dynamodb-local, got " + quoted(environment.compat));
    options.compat = *compat;
  }

  bool in_memory = false;
  bool fsync_given = false, log_format_given = false;  // flags that need another
  ArgumentReader reader(argc, argv);
  options.address_file = environment.address_file;
  // `minnow env`: the flags that say where Minnow listens, and the token.
  const bool env = argc > 1 && std::string_view(argv[1]) == "env";
  if (env) {
    options.action = Options::Action::kEnv;
    reader.next_flag();
  }
  // `minnow health`: where to ask, by default where the server said it listens.
  const bool health = argc > 1 && std::string_view(argv[1]) == "health";
  if (health) {
    options.action = Options::Action::kHealth;
    reader.next_flag();
    if (auto address = parse_listen_url(environment.advertised_url)) std::tie(options.host, options.port) = *address;
  }
  while (!reader.done()) {
    const std::string_view flag = reader.next_flag();

    // Reads the flag's value, or fails with "FLAG: missing value".
    std::optional<OptionsError> error;
    auto take_value = [&]() -> std::string_view {
      auto value = reader.value();
      if (!value) {
        error = usage_error(std::string(flag) + ": missing value");
        return {};
      }
      return *value;
    };
    auto take_integer = [&](std::uint64_t min, std::uint64_t max) -> std::uint64_t {
      std::string_view text = take_value();
      if (error) return 0;
      auto value = parse_unsigned(text);
      if (!value || *value < min || *value > max) {
        error = usage_error(std::string(flag) + ": expected an integer from " + std::to_string(min) + " to " +
                            std::to_string(max) + ", got " + quoted(text));
        return 0;
      }
      return *value;
    };
    auto take_seconds = [&]() { return std::chrono::milliseconds(std::chrono::seconds(take_integer(1, kMaxSeconds))); };
    auto take_text = [&]() -> std::string {
      std::string_view text = take_value();
      if (!error && text.empty()) error = usage_error(std::string(flag) + ": must not be empty");
      return std::string(text);
    };

    if (health && flag != "--host" && flag != "--port" && flag != "-port") {
      return usage_error("health: takes --host and --port only, not " + std::string(flag));
    }
    if (env && flag != "--data-api" && flag != "--host" && flag != "--port" && flag != "--help") {
      return usage_error("env: takes --data-api TOKEN, --host and --port only, not " + std::string(flag));
    }
    if (flag == "--data-api" && env) {
      options.env_token = take_text();
    } else if (flag == "--help" || flag == "-h" || flag == "-help" || flag == "--version" || flag == "-version") {
      if (reader.has_glued_value()) return usage_error(std::string(flag) + ": takes no value");
      options.action = flag.ends_with("-version") ? Options::Action::kVersion : Options::Action::kHelp;
      return options;
    } else if (flag == "--host") {
      options.host = take_text();
    } else if (flag == "--port" || flag == "-port") {
      options.port = static_cast<std::uint16_t>(take_integer(0, 65535));
    } else if (flag == "--threads") {
      options.threads = static_cast<unsigned>(take_integer(1, 1024));
    } else if (flag == "--max-body-bytes") {
      options.max_body_bytes = static_cast<std::size_t>(take_integer(1, std::uint64_t{1} << 32));
    } else if (flag == "--max-connections") {
      options.max_connections = static_cast<std::size_t>(take_integer(1, 1'000'000));
      if (!error && options.max_connections + 64 > environment.descriptor_limit) {
        options.notes.push_back("--max-connections " + std::to_string(options.max_connections) +
                                " is near or above the limit on open files (" +
                                std::to_string(environment.descriptor_limit) +
                                "): connections may fail before the cap is reached");
      }
    } else if (flag == "--idle-timeout") {
      options.idle_timeout = take_seconds();
    } else if (flag == "--read-timeout") {
      options.read_timeout = take_seconds();
    } else if (flag == "--ttl-interval") {
      options.ttl_interval = take_seconds();
    } else if (flag == "--region") {
      options.region = take_text();
    } else if (flag == "--no-console") {
      options.console = false;
    } else if (flag == "--verify-signatures") {
      options.verify_signatures = true;
    } else if (flag == "--credentials") {
      options.credentials_file = take_text();
    } else if (flag == "--credential") {
      const std::string pair = take_text();
      if (!error && !auth::parse_credential_pair(pair)) {
        return usage_error("--credential: expected ACCESS_KEY_ID:SECRET_ACCESS_KEY");
      }
      options.credential_pairs.push_back(pair);
    } else if (flag == "--log-requests") {
      options.log_requests = true;
    } else if (flag == "--log-format") {
      log_format_given = true;
      const std::string format = take_text();
      if (format == "json") {
        options.log_format = LogFormat::kJson;
      } else if (format == "text") {
        options.log_format = LogFormat::kText;
      } else if (!error) {
        return usage_error("--log-format: expected text or json, got " + quoted(format));
      }
    } else if (flag == "-sharedDb" || flag == "--shared-db") {
      options.shared_db = true;
    } else if (flag == "--data-api") {
      options.data_api = true;
    } else if (flag == "--data-api-tokens") {
      options.data_api_tokens_file = take_text();
    } else if (flag == "--data-api-table") {
      options.data_api_table = take_text();
      if (!error && !is_table_name(options.data_api_table)) {
        return usage_error("--data-api-table: a table name is 3 to 255 letters, digits, '_', '-' and '.', got " +
                           quoted(options.data_api_table));
      }
    } else if (flag == "-inMemory") {
      in_memory = true;
    } else if (flag == "-jar") {
      // DynamoDB Local's image runs java: compose files pass "-jar DynamoDBLocal.jar ..." to it.
      const std::string_view jar = take_value();
      if (!error) options.notes.push_back("-jar " + std::string(jar) + ": ignored (Minnow is not a Java program)");
    } else if (flag.starts_with("-D") || flag.starts_with("-X")) {
      options.notes.push_back(std::string(flag) + ": ignored (a Java option)");
    } else if (flag == "-disableTelemetry") {
      // Minnow sends no telemetry.
    } else if (flag == "--transaction-window") {
      options.database.transaction_window_ms = static_cast<int64_t>(take_integer(0, kMaxTransactionWindowMs));
    } else if (flag == "--replication-delay") {
      options.replication_delay = std::chrono::milliseconds(take_integer(0, kMaxReplicationDelayMs));
    } else if (flag == "--capacity-model") {
      options.database.capacity_model = true;
    } else if (flag == "--consistency-lag") {
      options.database.consistency.lag_ms = static_cast<int64_t>(take_integer(0, engine::kMaxConsistencyLagMs));
    } else if (flag == "--consistency-worst-case") {
      options.database.consistency.worst_case = true;
    } else if (flag == "--consistency-seed") {
      options.database.consistency.seed = take_integer(0, std::numeric_limits<std::uint64_t>::max());
    } else if (flag == "--no-admin") {
      options.admin = false;
    } else if (flag == "--admin-hosts") {
      std::string_view list = take_value();
      for (std::size_t start = 0; !error && start <= list.size();) {
        std::size_t comma = std::min(list.find(',', start), list.size());
        if (comma == start) error = usage_error("--admin-hosts: expected host names separated by commas");
        options.admin_hosts.emplace_back(list.substr(start, comma - start));
        start = comma + 1;
      }
    } else if (flag == "-delayTransientStatuses") {
      options.database.delay_transient_statuses = true;
    } else if (flag == "--compat") {
      const std::string_view text = take_value();
      const auto compat = parse_compat(text);
      if (!error && !compat) error = usage_error("--compat: expected dynamodb or dynamodb-local, got " + quoted(text));
      if (compat) options.compat = *compat;
    } else if (flag == "-cors" || flag == "--cors") {
      options.cors_origins = CorsPolicy::parse_list(take_value());
      if (!error && options.cors_origins.empty()) return usage_error(std::string(flag) + ": expected origins or *");
    } else if (flag == "-dbPath" || flag == "--db-path") {
      options.db_path = take_text();
    } else if (flag == "--fsync") {
      fsync_given = true;
      const std::string_view text = take_value();
      const auto policy = persist::parse_fsync_policy(text);
      if (!error && !policy) error = usage_error("--fsync: expected always, interval or never, got " + quoted(text));
      if (policy) options.fsync = *policy;
    } else if (flag == "-optimizeDbBeforeStartup") {
      options.optimize_db = true;
    } else if (flag == "--s3-dir") {
      options.s3_dir = take_text();
    } else if (flag == "--seed") {
      options.seeds.push_back(take_text());
    } else if (flag == "--template-namespace") {
      options.template_namespace = take_text();
    } else if (flag.starts_with("-")) {
      return usage_error("unknown flag: " + std::string(flag));
    } else {
      return usage_error("unexpected argument: " + quoted(flag));
    }
    if (error) return *error;
    if (reader.has_glued_value()) {
      return usage_error(std::string(flag) + ": takes no value");
    }
  }
  // DynamoDB Local's answers, word for word, and its exit status (0).
  if (in_memory && !options.db_path.empty())
    return OptionsError{"dbPath and inMemory cannot be set at the same time.", 0};
  if (options.optimize_db && options.db_path.empty())
    return OptionsError{
        "optimizeDbBeforeStartup option must be used with dbPath to determine the location of database files to "
        "optimize.",
        0};
  if (env && options.action == Options::Action::kEnv && options.env_token.empty()) {
    return usage_error("env: --data-api TOKEN is required");
  }
  if (!options.data_api && (!options.data_api_tokens_file.empty() || !options.data_api_table.empty())) {
    return usage_error("--data-api-tokens and --data-api-table need --data-api");
  }
  if (fsync_given && options.db_path.empty()) return usage_error("--fsync needs --db-path (or -dbPath)");
  if (!options.template_namespace.empty()) {
    const auto name = engine::parse_namespace_id(options.template_namespace);
    if (!name || options.template_namespace == engine::kSharedNamespace)
      return usage_error("--template-namespace: expected ACCESS_KEY/REGION, got " + quoted(options.template_namespace));
    if (options.shared_db) return usage_error("--template-namespace needs a namespace per access key and region, not -sharedDb");
  }
  if (log_format_given && !options.log_requests) return usage_error("--log-format needs --log-requests");
  if (!options.admin && !options.admin_hosts.empty()) {
    return usage_error("--admin-hosts: the test controls are off (--no-admin or MINNOW_NO_ADMIN=1)");
  }
  const bool has_credentials = !options.credentials_file.empty() || !options.credential_pairs.empty();
  if (options.verify_signatures && !has_credentials) {
    return usage_error("--verify-signatures needs --credentials FILE or --credential ACCESS_KEY_ID:SECRET");
  }
  if (!options.verify_signatures && has_credentials) {
    options.notes.push_back("credentials given without --verify-signatures: signatures are not verified");
  }
  return options;
}

std::string describe_settings(const Options& options) {
  std::string cors;
  for (const auto& origin : options.cors_origins) cors += (cors.empty() ? "" : ",") + origin;
  std::string text = options.shared_db ? "namespaces: shared" : "namespaces: per access key and region";
  text += options.verify_signatures ? "; signatures: verified" : "; signatures: form checked, not verified";
  text += "; CORS: " + cors;
  text += "; threads: " + std::to_string(options.threads);
  text += "; max connections: " + std::to_string(options.max_connections);
  if (options.database.delay_transient_statuses) text += "; transient statuses delayed";
  if (options.database.transaction_window_ms > 0)
    text += "; transaction window: " + std::to_string(options.database.transaction_window_ms) + " ms";
  if (options.database.capacity_model) text += "; capacity model: on";
  if (options.database.consistency.lag_ms > 0) {
    text += "; consistency lag: " + std::to_string(options.database.consistency.lag_ms) + " ms";
    if (options.database.consistency.worst_case) text += " (worst case)";
  }
  if (!options.admin) text += "; test controls: off";
  if (options.compat == model::Compat::kDynamoDBLocal) text += "; compat: dynamodb-local";
  if (!options.console) text += "; console: off";
  if (!options.s3_dir.empty()) text += "; S3 stand-in: " + options.s3_dir;
  text += "; request log: ";
  text += !options.log_requests ? "off" : options.log_format == LogFormat::kJson ? "json" : "text";
  return text;
}

std::string help_text(const OptionsEnvironment& environment) {
  std::string text;
  text += "Usage: minnow [OPTIONS]\n";
  text += "\n";
  text += "Minnow: an in-memory DynamoDB emulator.\n";
  text += "\n";
  text += "Options (--flag VALUE or --flag=VALUE):\n";
  text += "  --host HOST             address to listen on (default: 127.0.0.1; 0.0.0.0 in a container:\n";
  text += "                          docker, podman, Kubernetes, or MINNOW_IN_DOCKER=1";
  text += environment.in_docker ? ", as here)\n" : ")\n";
  text += "  --port N                port to listen on, 0 for any free port (default: 8000)\n";
  text += "  --threads N             worker threads (default: the number of CPUs, here " +
          std::to_string(std::max(1u, environment.hardware_concurrency)) + ")\n";
  text += "  --max-body-bytes N      largest request body accepted (default: " + std::to_string(kDefaultMaxBodyBytes) +
          ")\n";
  text += "  --max-connections N     connections served at once; more are answered 503 and closed\n";
  text += "                          (default: half the limit on open files, at most " +
          std::to_string(kMaxDefaultConnections) + "; here " +
          std::to_string(default_max_connections(environment.descriptor_limit)) + ")\n";
  text += "  --idle-timeout SECONDS  close a keep-alive connection idle this long (default: 60)\n";
  text += "  --read-timeout SECONDS  time allowed to receive one request or send one reply (default: 30)\n";
  text += "  --ttl-interval SECONDS  how often expired TTL items are deleted (default: 1)\n";
  text += "  --region REGION         region of ARNs when a request's credential names none, and of\n";
  text += "                          the health answer (default: us-east-1)\n";
  text += "  --transaction-window MS each TransactWriteItems holds its items this long (and answers\n";
  text += "                          after it); writes and transactions meeting a held item get\n";
  text += "                          DynamoDB's conflict errors (default: 0, off; at most " +
          std::to_string(kMaxTransactionWindowMs) + ")\n";
  text += "  --replication-delay MS  how long a global table's write takes to reach its replicas in\n";
  text += "                          other regions (default: " + std::to_string(kDefaultReplicationDelayMs) +
          "; at most " + std::to_string(kMaxReplicationDelayMs) + ")\n";
  text += "  --capacity-model        provisioned tables and their GSIs throttle requests beyond\n";
  text += "                          their throughput, as DynamoDB does (docs/production-physics.md)\n";
  text += "  --consistency-lag MS    eventually consistent reads (GSIs', ConsistentRead false) may\n";
  text += "                          see their table as it was up to MS ago (default: 0, off; at most " +
          std::to_string(engine::kMaxConsistencyLagMs) + ")\n";
  text += "  --consistency-worst-case  every such read as stale as the lag allows\n";
  text += "  --consistency-seed N    which reads are stale, and how, repeats from run to run\n";
  text += "  --shared-db             one database for every access key and region (default: one\n";
  text += "                          database per access key and region, as DynamoDB Local)\n";
  text += "  --no-console            do not serve the web console at /console\n";
  text += "  --no-admin              turn off the /_minnow test controls (also MINNOW_NO_ADMIN=1)\n";
  text += "  --admin-hosts H1,H2     Host names the test controls accept besides localhost; when\n";
  text += "                          Minnow listens on loopback only, other names are refused\n";
  text += "  --db-path DIR           keep tables in DIR (a snapshot and a log of every change) so that\n";
  text += "                          they survive restarts; same as -dbPath (default: in memory only)\n";
  text += "  --fsync POLICY          with --db-path, when writes reach the disk: always (before each\n";
  text += "                          reply; concurrent writers share an fsync), interval (written\n";
  text += "                          before each reply, fsync every second; the default) or never\n";
  text += "  --seed FILE             tables (CreateTable JSON) and items (DynamoDB JSON, one a line\n";
  text += "                          or a JSON array) every namespace starts with; repeatable. With\n";
  text += "                          --db-path, a namespace the directory holds keeps its data\n";
  text += "  --template-namespace ACCESS_KEY/REGION\n";
  text += "                          every other namespace starts as a fork of this one's state (its\n";
  text += "                          seeds, its -dbPath data, what calls put in it) when first used\n";
  text += "  --s3-dir DIR            the local S3 stand-in of exports, imports and bulk loads:\n";
  text += "                          s3://BUCKET/KEY is DIR/BUCKET/KEY; a bucket is a directory\n";
  text += "                          that must exist (docs/data-movement.md)\n";
  text += "  --data-api              serve the data API stand-in under /api/data/dynamodb/ (bearer\n";
  text += "                          token workspaces in one shared table; docs/data-api.md)\n";
  text += "  --data-api-tokens FILE  map tokens to workspaces (lines TOKEN WORKSPACE_ID); other\n";
  text += "                          tokens are refused (default: each token is a workspace)\n";
  text += "  --data-api-table NAME   the shared table (default: minnow-data)\n";
  text += "  --verify-signatures     verify SigV4 signatures (else only their form is checked)\n";
  text += "  --credentials FILE      access keys for --verify-signatures: one\n";
  text += "                          \"ACCESS_KEY_ID SECRET_ACCESS_KEY [SESSION_TOKEN]\" a line\n";
  text += "  --credential ID:SECRET  one access key for --verify-signatures (repeatable)\n";
  text += "  --log-requests          one line per request on stdout (time, request id, namespace,\n";
  text += "                          operation, table, status, error type, duration)\n";
  text += "  --log-format FORMAT     text (default) or json, for --log-requests\n";
  text += "  --cors ORIGINS          origins browsers may call from, comma-separated (default: *, any)\n";
  text += "  --compat MODE           dynamodb (the default): DynamoDB's answers; dynamodb-local:\n";
  text += "                          also DynamoDB Local's start-up contract, for harnesses written for\n";
  text += "                          its image (GET / answers 400 as it does; its start-up lines on\n";
  text += "                          stdout). Also MINNOW_COMPAT=MODE; the Docker image sets\n";
  text += "                          dynamodb-local\n";
  text += "  --help, -h              print this help and exit\n";
  text += "  --version               print the version and exit\n";
  text += "\n";
  text += "DynamoDB Local flags, accepted so that existing scripts run unchanged:\n";
  text += "  -port N                 same as --port\n";
  text += "  -inMemory               accepted: the default (not with -dbPath)\n";
  text += "  -sharedDb               same as --shared-db\n";
  text += "  -delayTransientStatuses GSIs and vector indexes that UpdateTable adds or deletes stay\n";
  text += "                          CREATING or DELETING for a while, as do restored tables, backups,\n";
  text += "                          exports, imports and bulk loads; tables are ACTIVE at once\n";
  text += "  -cors ORIGINS           same as --cors\n";
  text += "  -disableTelemetry       accepted: Minnow sends no telemetry\n";
  text += "  -help                   same as --help\n";
  text += "  -version                same as --version\n";
  text += "  -dbPath DIR             same as --db-path\n";
  text += "  -optimizeDbBeforeStartup  with -dbPath: write a fresh snapshot before serving\n";
  text += "  -jar FILE, -D..., -X... ignored with a note (the java options of DynamoDB Local's image)\n";
  text += "\n";
  text += "minnow health [--host HOST] [--port N]\n";
  text += "  exits 0 when the Minnow listening there answers healthy, else 1 (for container health\n";
  text += "  checks; default: the address in $MINNOW_ADDRESS_FILE, which a server writes once\n";
  text += "  listening, else 127.0.0.1:8000)\n";
  text += "\n";
  text += "minnow env --data-api TOKEN [--host HOST] [--port N]\n";
  text += "  prints the environment a local function needs for that workspace (shell assignments:\n";
  text += "  DYNAMODB_TABLE, DYNAMODB_PREFIX, AWS_ENDPOINT_URL_DYNAMODB, AWS_REGION, credentials),\n";
  text += "  asked of the Minnow listening there (started with --data-api; the workspace provisioned)\n";
  text += "\n";
  text += "Exit status: 0 after SIGINT or SIGTERM (requests being handled are answered, idle and\n";
  text += "stalled connections closed, within about a second), 1 when the server cannot start, 2 for\n";
  text += "bad or conflicting flags, except the two conflicts DynamoDB Local ends with status 0 and its\n";
  text += "own message: -dbPath with -inMemory, and -optimizeDbBeforeStartup without -dbPath.\n";
  return text;
}

}  // namespace minnow::server
