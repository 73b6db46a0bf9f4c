#include "api/console/console.h"

#include <algorithm>

#include "api/console/embedded_file.h"

namespace minnow::api {

namespace {

constexpr std::string_view kRoot = "/console";

// Every answer: same-origin resources only, never inside a frame (no clickjacking of the
// reset button), no sniffing of types, and revalidated so that a new binary's files are used.
constexpr std::string_view kHeaders =
    "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'\r\n"
    "X-Frame-Options: DENY\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "Referrer-Policy: no-referrer\r\n"
    "Cross-Origin-Opener-Policy: same-origin\r\n"
    "Cross-Origin-Resource-Policy: same-origin\r\n"
    "Cache-Control: no-cache\r\n";

std::string_view content_type(std::string_view path) {
  const std::string_view extension = path.substr(std::min(path.rfind('.'), path.size()));
  if (extension == ".html") return "text/html; charset=utf-8";
  if (extension == ".css") return "text/css; charset=utf-8";
  if (extension == ".js") return "text/javascript; charset=utf-8";
  if (extension == ".svg") return "image/svg+xml";
  if (extension == ".png") return "image/png";
  return "application/octet-stream";
}

const EmbeddedFile* find_file(std::string_view path) {
  const auto files = console::kFiles;
  auto found = std::lower_bound(files.begin(), files.end(), path,
                                [](const EmbeddedFile& file, std::string_view p) { return file.path < p; });
  return found != files.end() && found->path == path ? &*found : nullptr;
}

Reply answer(int status, std::string_view type, std::string_view body) {
  Reply reply{status, std::string(type), std::string(body)};
  reply.headers = kHeaders;
  return reply;
}

}  // namespace

bool is_console_path(std::string_view path) {
  return path.starts_with(kRoot) && (path.size() == kRoot.size() || path[kRoot.size()] == '/');
}

Reply handle_console(const Request& request) {
  if (request.method != "GET") {
    Reply reply = answer(405, "text/plain; charset=utf-8", "Method Not Allowed\n");
    reply.headers += "Allow: GET\r\n";
    return reply;
  }
  // "/console" and "/console/" are the page itself; its links are absolute (/console/...).
  std::string_view file = request.path.substr(std::min(kRoot.size() + 1, request.path.size()));
  if (file.empty()) file = "index.html";
  const EmbeddedFile* found = find_file(file);
  if (!found) return answer(404, "text/plain; charset=utf-8", "Not Found\n");
  return answer(200, content_type(found->path), found->bytes);
}

}  // namespace minnow::api
