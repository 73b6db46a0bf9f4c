#include "server/request_logger.h"

#include <cstdio>
#include <utility>

namespace minnow::server {

namespace {

std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string format_log_line(const api::RequestLogEntry& entry, LogFormat format) {
  if (format == LogFormat::kJson) return api::to_json(entry, false);
  std::string line = api::iso8601_ms(entry.time_ms) + " " + entry.request_id;
  if (!entry.namespace_id.empty()) line += " ns=" + entry.namespace_id;
  line += " " + entry.operation;
  if (!entry.table.empty()) line += " table=" + entry.table;
  line += " status=" + std::to_string(entry.status);
  if (!entry.error_type.empty()) line += " error=" + entry.error_type;
  char duration[32];
  std::snprintf(duration, sizeof duration, " %.3fms", static_cast<double>(entry.duration_us) / 1000.0);
  return line + duration;
}

void RequestLogger::record(std::string_view method, std::string_view path, std::string_view request_id,
                           const api::Reply& reply, std::chrono::microseconds elapsed) {
  const api::RequestSummary& summary = reply.summary;
  const std::int64_t time_ms = unix_ms_now() - elapsed.count() / 1000;  // the clock read before the lock
  std::string line;
  ring_.add([&](api::RequestLogEntry& entry) {
    entry.time_ms = time_ms;
    entry.request_id.assign(request_id);
    if (summary.operation.empty()) {
      entry.operation.append(method).append(" ").append(path);
    } else {
      entry.operation.assign(summary.operation);
    }
    entry.namespace_id.assign(summary.namespace_id);
    entry.table.assign(summary.table);
    entry.status = reply.status;
    entry.error_type.assign(summary.error_type);
    entry.duration_us = elapsed.count();
    if (out_) line = format_log_line(entry, format_) + '\n';
  });
  if (!out_) return;
  std::lock_guard lock(mu_);
  std::fwrite(line.data(), 1, line.size(), out_);
  std::fflush(out_);
}

}  // namespace minnow::server
