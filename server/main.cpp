// The `minnow` executable: flags, wiring, serve until SIGINT or SIGTERM.
//
// Start-up does nothing expensive (no table loading, no thread warm-up): the listening line is
// printed as soon as the socket listens, and test scripts wait for it.
#include <cstdio>
#include <exception>
#include <iostream>
#include <variant>

#include "api/admin/admin_access.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/namespaces.h"
#include "server/options.h"
#include "server/server.h"
#include "server/ttl_timer.h"

namespace {

int serve(const minnow::server::Options& options) {
  minnow::engine::AdjustableClock clock;
  minnow::engine::Namespaces namespaces(options.shared_db, clock, options.database);
  minnow::api::ServiceOptions service_options;
  service_options.region = options.region;
  service_options.console = options.console;
  service_options.admin = {.enabled = options.admin,
                           .loopback_only = minnow::api::is_loopback_host(options.host),
                           .hosts = options.admin_hosts};
  minnow::api::Service service(namespaces, service_options, &clock);
  minnow::server::Server server(service, options);
  minnow::server::TtlTimer ttl_timer(namespaces, options.ttl_interval);
  server.stop_on_signals();
  std::printf("Minnow listening on %s\n", server.url().c_str());
  std::fflush(stdout);
  server.run();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using minnow::server::Options;
  minnow::server::raise_descriptor_limit();
  const auto environment = minnow::server::detect_environment();
  const auto parsed = minnow::server::parse_options(argc, argv, environment);
  if (const auto* error = std::get_if<minnow::server::OptionsError>(&parsed)) {
    std::cerr << "minnow: " << error->message << "\nTry 'minnow --help'." << std::endl;
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
