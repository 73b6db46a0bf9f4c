// The protocol's vocabulary: a request as the server hands it over (api::Request), the reply
// it writes back, and the options a Service runs with. What every part of api/ speaks: the
// service (api/service.h), the actions (api/action.h), the error writer, the test controls and
// the console include this, not the Service.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "auth/credentials.h"
#include "auth/sigv4.h"
#include "model/compat.h"

namespace minnow::s3local {
class Store;
}  // namespace minnow::s3local

namespace minnow::api {

struct Request {
  std::string_view method;                // "POST", "GET", ...
  std::string_view path;                  // "/" for the DynamoDB protocol; "/_minnow/..." for admin
  std::string_view query;                 // after '?' in the target, empty when none (presigned SigV4)
  std::string_view target;                // X-Amz-Target, empty when absent
  std::string_view content_type;          // Content-Type, empty when absent
  std::string_view authorization;         // Authorization, empty when absent (also in headers)
  std::string_view host;                  // Host, empty when absent
  std::string_view admin_header;          // X-Minnow-Admin, empty when absent (api/admin/admin_access.h)
  std::string_view request_id;            // the x-amzn-RequestId the reply goes out with (for the log)
  std::span<const auth::Header> headers;  // every header, as received (SigV4 signs them)
  std::string body;                       // owned and mutable: parsed in place
  // The body's bytes as received, which SigV4 signs, when a Content-Encoding changed them;
  // null when they are `body`.
  const std::string* encoded_body = nullptr;
};

// The media type of a Content-Type value, without parameters
// ("application/json; charset=utf-8" -> "application/json").
std::string_view media_type(std::string_view content_type);

// What the request log (api/request_log.h) records of a request, besides its status.
struct RequestSummary {
  std::string_view operation;   // "PutItem", "GetRecords"; empty when the request named none
  std::string table;            // its TableName, when it has one
  std::string namespace_id;     // its namespace (engine/namespaces.h), once known
  std::string_view error_type;  // the error's name ("ValidationException"); empty on success
};

struct Reply {
  int status = 200;
  std::string content_type = "application/x-amz-json-1.0";
  std::string body;
  // How long the server holds the reply back (injected latency): it waits without blocking a
  // thread, then sends it.
  int64_t delay_ms = 0;
  // Further header lines, each "Name: value\r\n" (the console's security headers); usually none.
  std::string headers = {};
  RequestSummary summary = {};
};

// Who may use the /_minnow test controls (api/admin/admin_access.h, docs/admin-api.md).
struct AdminOptions {
  bool enabled = true;  // false: /_minnow paths are served like any other path
  // Minnow listens on loopback only: a call must name a loopback host (or one of `hosts`) in its
  // Host header, so that a web page cannot reach the controls through DNS rebinding.
  bool loopback_only = false;
  // --admin-hosts: Host names accepted besides the loopback ones; when given, only these and the
  // loopback names are accepted, wherever Minnow listens.
  std::vector<std::string> hosts;
};

// Another HTTP API on the same port: every request whose path starts with `path_prefix` is
// answered by `handle` before the DynamoDB protocol sees it (server/ mounts the data API,
// dataapi/). `handle` must be thread-safe and answer every request itself, errors included.
struct Mount {
  std::string path_prefix;
  std::function<Reply(Request&)> handle;
};

struct ServiceOptions {
  // The region of ARNs when a request's credential names none, and of the health answer.
  std::string region = "us-east-1";
  // Every ARN's account, whoever signs the request (DynamoDB Local's is 000000000000 too).
  std::string account_id = "000000000000";
  bool console = true;  // serve the web console at /console (api/console/console.h)
  AdminOptions admin = {};
  std::vector<Mount> mounts = {};
  // When set, SigV4 signatures are verified against these secrets (--verify-signatures); else
  // only the checks DynamoDB makes before verifying apply (auth/signature.h).
  std::shared_ptr<const auth::Credentials> credentials = nullptr;
  // --s3-dir: the local S3 stand-in exports write to and imports read from (s3local/store.h);
  // null: no bucket exists.
  std::shared_ptr<const s3local::Store> s3 = nullptr;
  model::Compat compat = model::Compat::kDynamoDB;  // --compat (model/compat.h)
  // Called once a request has run, before it is answered: waits for what its writes must have
  // done first (replication/'s settle_this_thread: global tables of strong consistency).
  std::function<void()> settle_writes = nullptr;
  // Returns once every change a global table's replicas sent is delivered (Disassociate's
  // WAIT_FOR_REPLICATION: replication/'s drain).
  std::function<void()> drain_replication = nullptr;
};

}  // namespace minnow::api
