#include "server/http_date.h"

#include <time.h>

namespace minnow::server {

std::string format_http_date(std::time_t seconds) {
  tm parts{};
  gmtime_r(&seconds, &parts);
  char text[64];
  const std::size_t length = std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &parts);
  return std::string(text, length);
}

std::string_view http_date_now() {
  thread_local std::time_t cached_second = -1;
  thread_local std::string cached;
  const std::time_t now = std::time(nullptr);
  if (now != cached_second) {
    cached_second = now;
    cached = format_http_date(now);
  }
  return cached;
}

}  // namespace minnow::server
