// The web console's files (api/console) through api::Service: served from the binary with
// headers that keep other sites out, and not at all with --no-console.
#include "api/console/console.h"

#include <catch2/catch.hpp>
#include <string>

#include "api/service.h"
#include "engine/clock.h"
#include "engine/namespaces.h"
#include "tests/api/service_harness.h"

namespace console_test {

namespace {

using namespace minnow;

api::Reply get(api::Service& service, const std::string& path, const char* method = "GET") {
  api::Request request;
  request.method = method;
  request.path = path;
  return service.handle(request);
}

using Harness = testing::ServiceHarness;

}  // namespace

TEST_CASE("console paths are /console and what is under it") {
  CHECK(api::is_console_path("/console"));
  CHECK(api::is_console_path("/console/"));
  CHECK(api::is_console_path("/console/js/app.js"));
  CHECK_FALSE(api::is_console_path("/consoles"));
  CHECK_FALSE(api::is_console_path("/"));
  CHECK_FALSE(api::is_console_path("/_minnow/console"));
}

TEST_CASE("the console page and its files are served with their types") {
  Harness h;
  for (const char* path : {"/console", "/console/", "/console/index.html"}) {
    INFO(path);
    api::Reply page = get(h.service, path);
    CHECK(page.status == 200);
    CHECK(page.content_type == "text/html; charset=utf-8");
    CHECK(page.body.find("<title>Minnow console</title>") != std::string::npos);
  }
  api::Reply script = get(h.service, "/console/js/app.js");
  CHECK(script.status == 200);
  CHECK(script.content_type == "text/javascript; charset=utf-8");
  CHECK(get(h.service, "/console/console.css").content_type == "text/css; charset=utf-8");
  CHECK(get(h.service, "/console/favicon.svg").content_type == "image/svg+xml");
}

TEST_CASE("the console answers 404 for unknown files and 405 for other methods") {
  Harness h;
  for (const char* path : {"/console/nope.js", "/console/js", "/console/../server/main.cpp", "/console//index.html"}) {
    INFO(path);
    CHECK(get(h.service, path).status == 404);
  }
  api::Reply post = get(h.service, "/console", "POST");
  CHECK(post.status == 405);
  CHECK(post.headers.find("Allow: GET\r\n") != std::string::npos);
}

TEST_CASE("every console answer forbids framing and foreign scripts") {
  Harness h;
  for (const char* path : {"/console", "/console/js/app.js", "/console/missing"}) {
    INFO(path);
    const std::string headers = get(h.service, path).headers;
    CHECK(headers.find("frame-ancestors 'none'") != std::string::npos);
    CHECK(headers.find("script-src 'self'") != std::string::npos);
    CHECK(headers.find("X-Frame-Options: DENY\r\n") != std::string::npos);
    CHECK(headers.find("X-Content-Type-Options: nosniff\r\n") != std::string::npos);
  }
}

TEST_CASE("--no-console: /console is not served") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  api::Service service{namespaces, api::ServiceOptions{.console = false}, &clock};
  api::Reply reply = get(service, "/console");
  CHECK(reply.body.find("Minnow console") == std::string::npos);
  CHECK(reply.headers.empty());
}

}  // namespace console_test
