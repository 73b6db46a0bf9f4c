#include "api/request_log.h"

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "api/json.h"

namespace minnow::api {

std::string iso8601_ms(std::int64_t unix_ms) {
  const time_t seconds = static_cast<time_t>(unix_ms / 1000);
  tm parts{};
  gmtime_r(&seconds, &parts);
  char text[80];  // room for any year the compiler can imagine
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, static_cast<int>(unix_ms % 1000));
  return text;
}

std::string to_json(const RequestLogEntry& entry, bool with_sequence) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  const auto string = [&](const char* key, std::string_view value) {
    w.Key(key);
    w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
  };
  w.StartObject();
  if (with_sequence) {
    w.Key("sequence");
    w.Uint64(entry.sequence);
  }
  string("time", iso8601_ms(entry.time_ms));
  string("requestId", entry.request_id);
  string("namespace", entry.namespace_id);
  string("operation", entry.operation);
  string("table", entry.table);
  w.Key("status");
  w.Int(entry.status);
  string("errorType", entry.error_type);
  w.Key("durationMs");
  char duration[32];
  const int length = std::snprintf(duration, sizeof duration, "%.3f", static_cast<double>(entry.duration_us) / 1000.0);
  w.RawValue(duration, static_cast<std::size_t>(length), rapidjson::kNumberType);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

RequestLogEntry& RequestLog::next_entry() {
  RequestLogEntry* entry = nullptr;
  if (entries_.size() < capacity_) {
    entry = &entries_.emplace_back();
  } else {
    entry = &entries_[oldest_];
    oldest_ = (oldest_ + 1) % entries_.size();
  }
  entry->sequence = next_sequence_++;
  entry->time_ms = 0;
  entry->request_id.clear();
  entry->namespace_id.clear();
  entry->operation.clear();
  entry->table.clear();
  entry->status = 0;
  entry->error_type.clear();
  entry->duration_us = 0;
  return *entry;
}

RequestLogPage RequestLog::since(std::uint64_t after, std::size_t limit,
                                 const std::optional<std::string>& namespace_id) const {
  std::lock_guard lock(mu_);
  RequestLogPage page;
  page.last = std::min(after, next_sequence_ - 1);
  // Sequences are consecutive: the first one wanted is at a known offset.
  const std::uint64_t first = entries_.empty() ? 0 : entry(0).sequence;
  std::size_t i =
      after < first ? 0 : static_cast<std::size_t>(std::min<std::uint64_t>(after - first + 1, entries_.size()));
  for (; i < entries_.size() && page.entries.size() < limit; ++i) {
    const RequestLogEntry& e = entry(i);
    page.last = e.sequence;
    if (!namespace_id || e.namespace_id == *namespace_id) page.entries.push_back(e);
  }
  return page;
}

}  // namespace minnow::api
