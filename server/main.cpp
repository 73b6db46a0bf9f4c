// The `minnow` executable: flags, wiring, serve until SIGINT or SIGTERM.
//
// Start-up does nothing expensive in memory (no table loading, no thread warm-up): the
// listening line is printed as soon as the socket listens, and test scripts wait for it. With
// -dbPath the data directory is loaded first, and --seed files are read, before it listens.
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "api/admin/admin_access.h"
#include "api/service.h"
#include "dataapi/data_api.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "persist/image.h"
#include "persist/store.h"
#include "replication/replicator.h"
#include "s3local/store.h"
#include "server/curl_command.h"
#include "server/dynamodb_local_contract.h"
#include "server/env_command.h"
#include "server/health_check.h"
#include "server/memory_trimmer.h"
#include "server/options.h"
#include "server/seed.h"
#include "server/server.h"
#include "server/ttl_timer.h"

namespace {

namespace engine = minnow::engine;
namespace persist = minnow::persist;
using minnow::server::Options;

// The data API stand-in of --data-api (null without it), its token file read.
std::unique_ptr<minnow::dataapi::DataApi> make_data_api(const Options& options, engine::Namespaces& namespaces) {
  if (!options.data_api) return nullptr;
  minnow::dataapi::DataApiOptions data_api{.region = options.region};
  if (!options.data_api_table.empty()) data_api.table = options.data_api_table;
  if (!options.data_api_tokens_file.empty()) {
    std::ifstream file(options.data_api_tokens_file);
    std::stringstream text;
    text << file.rdbuf();
    if (!file) throw std::runtime_error("--data-api-tokens: cannot read " + options.data_api_tokens_file);
    auto parsed = minnow::dataapi::parse_token_file(text.str());
    if (auto* message = std::get_if<std::string>(&parsed))
      throw std::runtime_error("--data-api-tokens " + options.data_api_tokens_file + ": " + *message);
    data_api.tokens = std::move(std::get<minnow::dataapi::TokenMap>(parsed));
  }
  return std::make_unique<minnow::dataapi::DataApi>(namespaces, std::move(data_api));
}

std::unique_ptr<persist::Store> open_store(const Options& options) {
  if (options.db_path.empty()) return nullptr;
  struct stat st;
  if (::stat(options.db_path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw std::runtime_error("Invalid directory for database creation. (-dbPath " + options.db_path +
                             ": no such directory)");
  return std::make_unique<persist::Store>(persist::StoreOptions{options.db_path, options.fsync});
}

std::string thousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

// The --seed files, loaded once into a namespace of their own: the state every namespace
// starts from (persist/image.h).
std::optional<std::string> seed_image(const Options& options, engine::AdjustableClock& clock) {
  if (options.seeds.empty()) return std::nullopt;
  engine::Namespaces scratch(true, clock, options.database);
  minnow::api::Service service(scratch, minnow::api::ServiceOptions{.region = options.region}, &clock);
  for (const std::string& file : options.seeds) {
    const minnow::server::SeedStats seeded = minnow::server::load_seed_file(service, file, options.region);
    std::cerr << "minnow: seeded " << seeded.tables << " tables and " << thousands(seeded.items) << " items from "
              << file << std::endl;
  }
  return persist::capture(scratch.get(std::string(engine::kSharedNamespace)).database);
}

// The secrets of --credentials FILE and --credential pairs; null without --verify-signatures.
std::shared_ptr<const minnow::auth::Credentials> load_credentials(const minnow::server::Options& options) {
  if (!options.verify_signatures) return nullptr;
  minnow::auth::Credentials credentials;
  if (!options.credentials_file.empty()) {
    std::ifstream file(options.credentials_file);
    std::stringstream text;
    text << file.rdbuf();
    if (!file) throw std::runtime_error("--credentials: cannot read " + options.credentials_file);
    auto parsed = minnow::auth::parse_credentials_file(text.str());
    if (auto* message = std::get_if<std::string>(&parsed)) {
      throw std::runtime_error("--credentials " + options.credentials_file + ": " + *message);
    }
    credentials = std::move(std::get<minnow::auth::Credentials>(parsed));
  }
  for (const auto& pair : options.credential_pairs) {
    auto [access_key, secret] = *minnow::auth::parse_credential_pair(pair);
    credentials.add(std::move(access_key), std::move(secret));
  }
  return std::make_shared<const minnow::auth::Credentials>(std::move(credentials));
}

// For `minnow health` (the image sets MINNOW_ADDRESS_FILE): where this server listens.
void write_address_file(const std::string& path, const std::string& url) {
  if (path.empty()) return;
  std::ofstream file(path, std::ios::trunc);
  file << url << "\n";
  if (!file) std::cerr << "minnow: cannot write MINNOW_ADDRESS_FILE " << path << std::endl;
}

int serve(const Options& options) {
  engine::AdjustableClock clock;
  std::unique_ptr<persist::Store> store = open_store(options);
  // The seeds, loaded once into an image that each new namespace shares (O(tables) a namespace).
  std::optional<engine::DatabaseImage> seeds;
  if (const std::optional<std::string> file_image = seed_image(options, clock)) {
    engine::Database scratch(clock, options.database);
    persist::restore(scratch, *file_image);
    seeds = engine::capture_image(scratch);
  }
  // New namespaces start as a fork of the template namespace, or from the seeds, once those the
  // data directory holds are loaded.
  bool seeding = false;
  engine::Database* template_database = nullptr;  // set once the template exists
  // Global tables' replication: each namespace's Database tells it of their changes; it stops
  // before the namespaces go (stop_replication below).
  minnow::replication::Replicator replicator(options.replication_delay);
  engine::Namespaces namespaces(options.shared_db, clock, [&](const std::string& id) {
    auto database = std::make_unique<engine::Database>(clock, options.database, store ? store->log_for(id) : nullptr,
                                                       replicator.feed_for(id));
    if (store) store->attach(id, *database);
    if (seeding && template_database) {
      engine::install_image(*database, engine::capture_image(*template_database));
    } else if (seeding && seeds) {
      engine::install_image(*database, *seeds);
    }
    return database;
  });
  replicator.start(namespaces);
  struct StopReplication {
    minnow::replication::Replicator& replicator;
    ~StopReplication() { replicator.stop(); }
  } stop_replication{replicator};
  // The Store's background work reads the Databases: it stops first, however serve() ends.
  struct StopStore {
    persist::Store* store;
    ~StopStore() {
      if (store) store->stop();
    }
  } stop_store{store.get()};

  persist::LoadStats loaded;
  if (store) {
    loaded = store->load([&](const std::string& id) -> engine::Database& { return namespaces.get(id).database; },
                         [](const std::string& warning) { std::cerr << "minnow: warning: " << warning << std::endl; });
    if (loaded.fresh) {
      std::cerr << "minnow: " << options.db_path << " holds no data yet: starting empty" << std::endl;
    } else {
      uint64_t tables = 0, items = 0;
      for (const auto& [id, database] : namespaces.list()) {
        for (const auto& table : database->tables()) {
          ++tables;
          items += table->item_count();
        }
      }
      std::fprintf(stderr,
                   "minnow: loaded %s tables and %s items in %s namespaces from %s in %.0f ms (%s log records "
                   "replayed)\n",
                   thousands(tables).c_str(), thousands(items).c_str(), thousands(loaded.namespaces.size()).c_str(),
                   options.db_path.c_str(), loaded.milliseconds, thousands(loaded.log_records).c_str());
    }
  }
  seeding = true;
  if (seeds) {
    for (const auto& [id, database] : namespaces.list()) {
      const bool kept = std::find(loaded.namespaces.begin(), loaded.namespaces.end(), id) != loaded.namespaces.end();
      if (!kept) engine::install_image(*database, *seeds);
    }
  }
  if (!options.template_namespace.empty()) {  // made now (from the seeds) if the data directory had none
    const engine::NamespaceName name = *engine::parse_namespace_id(options.template_namespace);
    template_database = &namespaces.get(namespaces.id_for(name.access_key, name.region)).database;
  }
  if (store) {
    // A first start leaves a snapshot; so does one that read files of an older format, so that
    // the point-in-time recovery windows it started are kept from now on.
    if (loaded.fresh || loaded.old_format || options.optimize_db) store->compact();
    store->start();
  }
  minnow::api::ServiceOptions service_options;
  service_options.region = options.region;
  service_options.console = options.console;
  service_options.admin = {.enabled = options.admin,
                           .loopback_only = minnow::api::is_loopback_host(options.host),
                           .hosts = options.admin_hosts};
  const auto data_api = make_data_api(options, namespaces);
  if (data_api) {
    service_options.mounts.push_back(
        {std::string(minnow::dataapi::kRoutePrefix), [&](minnow::api::Request& r) { return data_api->handle(r); }});
  }
  service_options.credentials = load_credentials(options);
  service_options.compat = options.compat;
  if (!options.s3_dir.empty()) service_options.s3 = std::make_shared<minnow::s3local::Store>(options.s3_dir);
  service_options.settle_writes = [&replicator] { replicator.settle_this_thread(); };
  service_options.drain_replication = [&replicator] { replicator.drain(); };
  minnow::api::Service service(namespaces, std::move(service_options), &clock);
  std::function<bool(std::function<void()>)> reply_gate;
  if (store) reply_gate = [&store](std::function<void()> resume) { return store->defer_reply(std::move(resume)); };
  minnow::server::Server server(service, options, std::move(reply_gate));
  if (data_api) data_api->set_endpoint(server.url());
  minnow::server::TtlTimer ttl_timer(namespaces, options.ttl_interval);
  minnow::server::MemoryTrimmer memory_trimmer;  // freed memory back to the system
  server.stop_on_signals();
  if (options.compat == minnow::model::Compat::kDynamoDBLocal)
    std::fputs(minnow::server::dynamodb_local_banner(options, server.port()).c_str(), stdout);
  std::printf("Minnow %s listening on %s (%s)\n", std::string(minnow::server::kVersion).c_str(), server.url().c_str(),
              minnow::server::describe_settings(options).c_str());
  std::fflush(stdout);
  write_address_file(options.address_file, server.url());
  server.run();
  if (store) store->sync();  // releases replies still waiting, while the server is there
  std::cerr << "minnow: stopped" << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // In the image FROM scratch, curl and java are links to this binary (scripts/image): curl for
  // the health checks compose files give DynamoDB Local's image, java for harnesses that start
  // `java -jar DynamoDBLocal.jar FLAGS` (its options are ignored below, with a note).
  if (argc > 0 && std::filesystem::path(argv[0]).filename() == "curl") {
    return minnow::server::run_curl(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
  }
  minnow::server::raise_descriptor_limit();
  const auto environment = minnow::server::detect_environment();
  const auto parsed = minnow::server::parse_options(argc, argv, environment);
  if (const auto* error = std::get_if<minnow::server::OptionsError>(&parsed)) {
    std::cerr << "minnow: " << error->message << std::endl;
    if (error->exit_code != 0) std::cerr << "Try 'minnow --help'." << std::endl;
    return error->exit_code;
  }
  const Options& options = std::get<Options>(parsed);
  switch (options.action) {
    case Options::Action::kHelp:
      std::cout << minnow::server::help_text(environment) << std::flush;
      return 0;
    case Options::Action::kVersion:
      std::cout << "minnow " << minnow::server::kVersion << std::endl;
      return 0;
    case Options::Action::kHealth:
      return minnow::server::check_health(options.host, options.port, std::cerr);
    case Options::Action::kEnv:
      return minnow::server::print_data_api_environment(options.host, options.port, options.env_token, std::cout,
                                                        std::cerr);
    case Options::Action::kServe:
      break;
  }
  for (const auto& note : options.notes) std::cerr << "minnow: " << note << std::endl;
  try {
    return serve(options);
  } catch (const std::exception& e) {
    std::cerr << "minnow: " << e.what() << std::endl;
    return 1;
  }
}
