#include "api/service.h"

#include <iostream>

#include "api/admin/admin.h"
#include "api/error_reply.h"
#include "api/json.h"
#include "api/router.h"
#include "engine/database.h"
#include "model/errors.h"

namespace minnow::api {

struct Service::Impl {
  engine::Database& database;
  ServiceOptions options;
  engine::AdjustableClock* clock;
};

Service::Service(engine::Database& database, ServiceOptions options, engine::AdjustableClock* clock)
    : impl_(std::make_unique<Impl>(Impl{database, std::move(options), clock})) {}
Service::~Service() = default;

namespace {

bool is_json_content_type(std::string_view content_type) {
  auto semicolon = content_type.find(';');
  if (semicolon != std::string_view::npos) content_type = content_type.substr(0, semicolon);
  while (!content_type.empty() && content_type.back() == ' ') content_type.remove_suffix(1);
  return content_type == "application/x-amz-json-1.0" || content_type == "application/x-amz-json-1.1" ||
         content_type == "application/json";
}

constexpr std::size_t kRequestPoolBytes = 8 * 1024;
constexpr std::size_t kKeptResponseBufferBytes = 256 * 1024;

bool is_blank(const std::string& body) { return body.find_first_not_of(" \t\r\n") == std::string::npos; }

}  // namespace

// The order of these checks is DynamoDB's (as captured by dynalite): health check, method and
// content type, JSON syntax, target, authentication, then the action's own checks. Paths under
// /_minnow/ are Minnow's test controls (api/admin/admin.h).
Reply Service::handle(Request& request) {
  if (is_admin_path(request.path)) return handle_admin(request, impl_->database, impl_->clock);
  if (request.method == "GET") {
    return Reply{200, "text/plain", "healthy: dynamodb." + impl_->options.region + ".amazonaws.com "};
  }
  if (request.method != "POST" || (!request.body.empty() && !is_json_content_type(request.content_type))) {
    return Reply{404, "application/x-amz-json-1.0", "<UnknownOperationException/>\n"};
  }
  try {
    // The request's DOM lives in a pool on this thread's stack first (most requests fit), and the
    // response is written into a buffer the thread keeps: no allocation for either on the common
    // path.
    char pool[kRequestPoolBytes];
    rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
    JsonDocument document(&allocator);
    if (!is_blank(request.body)) parse_request_json(request.body, document);
    const Action* action = find_action(request.target);
    if (!action) throw model::unknown_operation();
    if (request.authorization.substr(0, 5) != "AWS4-") throw model::missing_authentication_token();
    if (!document.IsObject()) throw model::serialization("");

    if (action->shape) action->shape->check(document);
    thread_local rapidjson::StringBuffer buffer;
    buffer.Clear();
    JsonWriter writer(buffer);
    ActionContext context{impl_->database, impl_->options, impl_->database.clock().now_ms()};
    action->handler(context, document, writer);
    Reply reply{200, "application/x-amz-json-1.0", std::string(buffer.GetString(), buffer.GetSize())};
    if (buffer.GetSize() > kKeptResponseBufferBytes) {  // a large page: do not keep its memory
      buffer.Clear();
      buffer.ShrinkToFit();
    }
    return reply;
  } catch (const model::Error& error) {
    return error_reply(error);
  } catch (const std::exception& e) {
    // A bug, never an answer to input: logged so that it can be reported with its request.
    std::cerr << "minnow: internal error (request " << request.request_id << ", " << request.target << "): " << e.what()
              << std::endl;
    return error_reply(model::internal_error());
  }
}

}  // namespace minnow::api
