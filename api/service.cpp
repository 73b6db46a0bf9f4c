#include "api/service.h"

#include <iostream>

#include "api/admin/admin.h"
#include "api/admin/saved_states.h"
#include "api/console/console.h"
#include "api/error_reply.h"
#include "api/fault_injection.h"
#include "api/json.h"
#include "api/router.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "model/errors.h"
#include "model/shape_errors.h"

namespace minnow::api {

struct Service::Impl {
  engine::Namespaces& namespaces;
  ServiceOptions options;
  engine::AdjustableClock* clock;
  engine::FaultRegistry faults;
  admin::SavedStates saved;  // /_minnow/snapshot and /_minnow/restore
};

// new Impl{...}: clang 14 (the fuzz build, scripts/fuzz) cannot make_unique an aggregate.
Service::Service(engine::Namespaces& namespaces, ServiceOptions options, engine::AdjustableClock* clock)
    : impl_(new Impl{namespaces, std::move(options), clock, {}}) {}
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

// The access key and region of an Authorization header's credential scope
// ("AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/SERVICE/aws4_request, ..."); empty when it has none.
struct CredentialScope {
  std::string_view access_key, region;
};
CredentialScope credential_scope(std::string_view authorization) {
  auto at = authorization.find("Credential=");
  if (at == std::string_view::npos) return {};
  std::string_view credential = authorization.substr(at + 11);
  credential = credential.substr(0, credential.find_first_of(", "));
  std::string_view parts[3];
  for (auto& part : parts) {
    auto slash = credential.find('/');
    part = credential.substr(0, slash);
    credential = slash == std::string_view::npos ? std::string_view() : credential.substr(slash + 1);
  }
  return {parts[0], parts[2]};
}

}  // namespace

// The order of these checks is DynamoDB's (as captured by dynalite): health check, method and
// content type, JSON syntax, target, authentication, then the action's own checks. Paths under
// /_minnow/ are Minnow's test controls (api/admin/admin.h), /console its web console; mounted
// APIs come first.
Reply Service::handle(Request& request) {
  for (const Mount& mount : impl_->options.mounts)
    if (request.path.starts_with(mount.path_prefix)) return mount.handle(request);
  if (impl_->options.console && is_console_path(request.path)) return handle_console(request);
  if (impl_->options.admin.enabled && is_admin_path(request.path))
    return handle_admin(request, {impl_->namespaces, impl_->faults, impl_->clock, impl_->saved}, impl_->options.admin);
  if (request.method == "GET") {
    return Reply{200, "text/plain", model::kHealthyPrefix + impl_->options.region + model::kHealthySuffix};
  }
  if (request.method != "POST" || (!request.body.empty() && !is_json_content_type(request.content_type))) {
    return Reply{404, "application/x-amz-json-1.0", model::kNotJsonPostBody};
  }
  int64_t delay_ms = 0;  // ActionContext::reply_delay_ms
  try {
    // The request's DOM lives in a pool on this thread's stack first (most requests fit), and the
    // response is written into a buffer the thread keeps: no allocation for either on the common
    // path.
    char pool[kRequestPoolBytes];
    rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
    JsonDocument document(&allocator);
    if (!is_blank(request.body)) parse_request_json(request.body, document);
    const Action* action = find_action(request.target);
    if (!action) throw model::Error(model::kUnknownOperation);
    if (request.authorization.substr(0, 5) != "AWS4-") throw model::Error(model::kMissingAuthenticationToken);
    if (!document.IsObject()) throw model::Error(model::kBareSerialization);

    if (action->shape) action->shape->check(document);
    const CredentialScope scope = credential_scope(request.authorization);
    const engine::Namespace space = impl_->namespaces.for_request(scope.access_key, scope.region);
    const std::string_view region = scope.region.empty() ? std::string_view(impl_->options.region) : scope.region;
    ActionContext context{space.database, space.id,      impl_->options, region,      space.database.clock().now_ms(),
                          action->name,   impl_->faults, delay_ms,       request.host};
    InjectedFaults injected = inject_request_faults(context, document);
    delay_ms += injected.latency_ms;
    if (injected.error) throw *injected.error;

    thread_local rapidjson::StringBuffer buffer;
    buffer.Clear();
    JsonWriter writer(buffer);
    action->handler(context, document, writer);
    Reply reply{200, "application/x-amz-json-1.0", std::string(buffer.GetString(), buffer.GetSize()), delay_ms};
    if (buffer.GetSize() > kKeptResponseBufferBytes) {  // a large page: do not keep its memory
      buffer.Clear();
      buffer.ShrinkToFit();
    }
    return reply;
  } catch (const model::Error& error) {
    Reply reply = error_reply(error);
    reply.delay_ms = delay_ms;
    return reply;
  } catch (const std::exception& e) {
    // A bug, never an answer to input: logged so that it can be reported with its request.
    std::cerr << "minnow: internal error (request " << request.request_id << ", " << request.target << "): " << e.what()
              << std::endl;
    return internal_error_reply();
  }
}

Reply internal_error_reply() { return error_reply(model::Error(model::kInternalError)); }

}  // namespace minnow::api
