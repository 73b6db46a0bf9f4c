#include "api/service.h"

#include <chrono>
#include <iostream>

#include "api/admin/admin.h"
#include "api/console/console.h"
#include "api/error_reply.h"
#include "api/fault_injection.h"
#include "api/json.h"
#include "api/request_log.h"
#include "api/router.h"
#include "auth/signature.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "model/errors.h"
#include "model/shape_errors.h"
#include "requests/saved_states.h"

namespace minnow::api {

struct Service::Impl {
  Impl(engine::Namespaces& namespaces, ServiceOptions options, engine::AdjustableClock* clock)
      : namespaces(namespaces), options(std::move(options)), clock(clock) {}

  engine::Namespaces& namespaces;
  ServiceOptions options;
  engine::AdjustableClock* clock;
  engine::FaultRegistry faults;
  requests::SavedStates saved;  // /_minnow/snapshot, /_minnow/checkpoint
  RequestLog request_log;
};

Service::Service(engine::Namespaces& namespaces, ServiceOptions options, engine::AdjustableClock* clock)
    : impl_(std::make_unique<Impl>(namespaces, std::move(options), clock)) {}
Service::~Service() = default;

RequestLog& Service::request_log() { return impl_->request_log; }

std::string_view media_type(std::string_view content_type) {
  content_type = content_type.substr(0, content_type.find(';'));
  while (!content_type.empty() && content_type.back() == ' ') content_type.remove_suffix(1);
  return content_type;
}

namespace {

bool is_json_content_type(std::string_view content_type) {
  const std::string_view type = media_type(content_type);
  return type == "application/x-amz-json-1.0" || type == "application/x-amz-json-1.1" || type == "application/json";
}

constexpr std::size_t kRequestPoolBytes = 8 * 1024;
// A response buffer is kept for the thread's next request up to this size: enough for a Scan's or
// a Query's 1 MB page (about 2 MB of JSON), which would otherwise grow it again, page after page
// (a full Scan of a million items spent 5 % of its time faulting its pages in); a larger answer
// gives its memory back.
constexpr std::size_t kKeptResponseBufferBytes = 4 * 1024 * 1024;

bool is_blank(const std::string& body) { return body.find_first_not_of(" \t\r\n") == std::string::npos; }

// SigV4 uses the wall clock, not the database's adjustable one: clients sign with real time.
std::int64_t wall_clock_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
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
    return handle_admin(request, {{impl_->namespaces, impl_->faults, impl_->clock, impl_->saved}, impl_->request_log},
                        impl_->options.admin);
  if (request.method == "GET") {
    // DynamoDB Local answers a GET of any path; DynamoDB's health check is `/` alone.
    if (impl_->options.compat == model::Compat::kDynamoDBLocal)
      return Reply{400, "application/x-amz-json-1.0", model::kDynamoDBLocalGetBody};
    if (request.path != "/") return Reply{404, "application/x-amz-json-1.0", model::kNotJsonPostBody};
    return Reply{200, "text/plain", model::kHealthyPrefix + impl_->options.region + model::kHealthySuffix};
  }
  // HEAD gets DynamoDB Local's answer, 400 as for a request without a signature (the server
  // sends no body): the health checks compose files give its image test for that status.
  // dynalite answers 404, as to every method but GET and POST; real DynamoDB's is not recorded.
  if (request.method == "HEAD") return error_reply(model::Error(model::kMissingAuthenticationToken));
  // DynamoDB signs the path and executes only `/`; DynamoDB Local serves a POST on any path.
  const bool served_path = request.path == "/" || impl_->options.compat == model::Compat::kDynamoDBLocal;
  if (request.method != "POST" || !served_path ||
      (!request.body.empty() && !is_json_content_type(request.content_type))) {
    return Reply{404, "application/x-amz-json-1.0", model::kNotJsonPostBody};
  }
  Reply reply = handle_operation(request);
  // DynamoDB answers application/x-amz-json-1.0 only to a request that said so, any other (and
  // none) application/json (dynalite recorded it), errors included.
  if (media_type(request.content_type) != "application/x-amz-json-1.0") reply.content_type = "application/json";
  return reply;
}

Reply Service::handle_operation(Request& request) {
  int64_t delay_ms = 0;  // ActionContext::reply_delay_ms
  RequestSummary summary;
  const auto summarized = [&summary](Reply reply) {
    summary.error_type = reply.summary.error_type;
    reply.summary = std::move(summary);
    return reply;
  };
  try {
    const auth::HttpRequestView http{request.method, request.path, request.query, request.headers};
    // Hashed before the body is parsed in place.
    const std::string payload_hash = impl_->options.credentials
                                         ? auth::sha256_hex(request.encoded_body ? *request.encoded_body : request.body)
                                         : std::string();
    // The request's DOM lives in a pool on this thread's stack first (most requests fit), and the
    // response is written into a buffer the thread keeps: no allocation for either on the common
    // path.
    char pool[kRequestPoolBytes];
    rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
    JsonDocument document(&allocator);
    const Action* action = find_action(request.target);
    // The parse below is in place: a strict reader needs the body as sent.
    const std::string sent = action && action->read_strictly ? request.body : std::string();
    if (!is_blank(request.body)) parse_request_json(request.body, document);
    if (!action) throw model::Error(model::kUnknownOperation);
    summary.operation = action->name;
    if (const JsonValue* table = document.IsObject() ? member(document, "TableName") : nullptr;
        table && table->IsString())
      summary.table = view(*table);
    const auth::SignatureParams signature = auth::read_signature(http);
    if (impl_->options.credentials) {
      auth::verify_signature(http, signature, payload_hash, *impl_->options.credentials, wall_clock_seconds());
    }
    if (!document.IsObject()) throw model::Error(model::kBareSerialization);

    if (action->read_strictly) action->read_strictly(sent);
    if (action->shape) action->shape->check(document);
    const std::string_view credential_region = signature.region();
    const engine::Namespace space = impl_->namespaces.for_request(signature.access_key(), credential_region);
    summary.namespace_id = space.id;
    const std::string_view region =
        credential_region.empty() ? std::string_view(impl_->options.region) : credential_region;
    ActionContext context{space.database, space.id, impl_->options, region, space.database.clock().now_ms(),
                          action->name, impl_->faults, delay_ms, request.host, &impl_->namespaces};
    InjectedFaults injected = inject_request_faults(context, document);
    delay_ms += injected.latency_ms;
    if (injected.error) throw *injected.error;

    thread_local rapidjson::StringBuffer buffer;
    buffer.Clear();
    JsonWriter writer(buffer);
    // Also when the action throws: what it wrote before is settled before the error is answered.
    struct Settle {
      const std::function<void()>& settle;
      ~Settle() {
        if (settle) settle();
      }
    } settle{impl_->options.settle_writes};
    action->run(context, document, writer);
    Reply reply{200, "application/x-amz-json-1.0", std::string(buffer.GetString(), buffer.GetSize()), delay_ms};
    if (buffer.GetSize() > kKeptResponseBufferBytes) {  // a large page: do not keep its memory
      buffer.Clear();
      buffer.ShrinkToFit();
    }
    return summarized(std::move(reply));
  } catch (const model::Error& error) {
    Reply reply = error_reply(error, impl_->options.compat);
    reply.delay_ms = delay_ms;
    return summarized(std::move(reply));
  } catch (const std::exception& e) {
    // A bug, never an answer to input: logged so that it can be reported with its request.
    std::cerr << "minnow: internal error (request " << request.request_id << ", " << request.target << "): " << e.what()
              << std::endl;
    return summarized(internal_error_reply());
  }
}

Reply internal_error_reply() { return error_reply(model::Error(model::kInternalError)); }

}  // namespace minnow::api
