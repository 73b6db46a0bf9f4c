// One record per request: into the Service's ring of recent requests (api/request_log.h, which
// GET /_minnow/requests reads) and, with --log-requests, one line on stdout, as text or JSON
// (--log-format):
//   2026-12-01T14:30:00.123Z 8F3K...Q2 ns=AKID/us-east-1 PutItem table=Music status=200 0.081ms
//   {"time":"2026-12-01T14:30:00.123Z","requestId":"8F3K...Q2","namespace":"AKID/us-east-1",
//    "operation":"PutItem","table":"Music","status":200,"errorType":"","durationMs":0.081}
// Thread-safe: lines are written whole, under a lock.
#pragma once

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include "api/request_log.h"
#include "api/service.h"
#include "server/options.h"

namespace minnow::server {

std::string format_log_line(const api::RequestLogEntry& entry, LogFormat format);

class RequestLogger {
 public:
  // `out` null: only the ring is filled.
  RequestLogger(api::RequestLog& ring, std::FILE* out, LogFormat format) : ring_(ring), out_(out), format_(format) {}

  // `method` and `path` name requests that are no operation ("GET /console/"); `elapsed` is
  // from the request's last byte to its reply.
  void record(std::string_view method, std::string_view path, std::string_view request_id, const api::Reply& reply,
              std::chrono::microseconds elapsed);

 private:
  api::RequestLog& ring_;
  std::FILE* const out_;
  const LogFormat format_;
  std::mutex mu_;  // one line at a time on out_
};

}  // namespace minnow::server
