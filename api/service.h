// The socket-free entry point of the DynamoDB wire protocol.
//
// server/ turns an HTTP request into an api::Request, calls Service::handle and writes the
// Reply back (adding x-amzn-RequestId and x-amz-crc32). Everything DynamoDB answers, errors
// included, is decided here, so every action is testable without a network.
// Thread-safe: handle() may be called from any number of threads at once.
#pragma once

#include "api/protocol.h"

namespace minnow::engine {
class AdjustableClock;
class Namespaces;
}  // namespace minnow::engine

namespace minnow::api {

class RequestLog;

class Service {
 public:
  // Each request is served by the namespace its credential picks (engine/namespaces.h).
  // `clock`, when given, is the databases' clock, which the /_minnow/clock admin call moves
  // (api/admin/admin.h).
  Service(engine::Namespaces& namespaces, ServiceOptions options, engine::AdjustableClock* clock = nullptr);
  ~Service();

  Reply handle(Request& request);

  // The recent requests the server records (server/request_logger.h); GET /_minnow/requests
  // reads them.
  RequestLog& request_log();

 private:
  // A DynamoDB or Streams operation, once the method and content type are known to be right.
  Reply handle_operation(Request& request);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// InternalServerError (HTTP 500), for a bug that escaped handle(): the answer every other
// exception gets, through the one error formatter.
Reply internal_error_reply();

}  // namespace minnow::api
