#include "server/http_adapter.h"

#include <boost/beast/core/string.hpp>
#include <charconv>
#include <utility>

#include "server/crc32.h"
#include "server/http_date.h"
#include "server/request_id.h"

namespace minnow::server {

api::Request to_api_request(HttpRequest& request, std::string_view request_id, std::vector<auth::Header>& headers) {
  api::Request out;
  out.method = std_view(request.method_string());
  const std::string_view target = std_view(request.target());
  const std::size_t question = target.find('?');
  out.path = target.substr(0, question);
  if (question != std::string_view::npos) out.query = target.substr(question + 1);
  out.request_id = request_id;
  // One pass over the fields, where a lookup of each one wanted walked Beast's tree five times;
  // a field named twice is its first value, as request[name] gives.
  bool seen_target = false, seen_content_type = false, seen_authorization = false, seen_host = false,
       seen_admin_header = false;
  const auto first = [](bool& seen, std::string_view& member, std::string_view value) {
    if (!std::exchange(seen, true)) member = value;
  };
  headers.clear();
  for (const auto& field : request) {
    const std::string_view name = std_view(field.name_string()), value = std_view(field.value());
    headers.push_back({name, value});
    switch (field.name()) {
      case http::field::content_type:
        first(seen_content_type, out.content_type, value);
        break;
      case http::field::authorization:
        first(seen_authorization, out.authorization, value);
        break;
      case http::field::host:
        first(seen_host, out.host, value);
        break;
      case http::field::unknown:
        if (boost::beast::iequals(name, "X-Amz-Target"))
          first(seen_target, out.target, value);
        else if (boost::beast::iequals(name, "X-Minnow-Admin"))
          first(seen_admin_header, out.admin_header, value);
        break;
      default:
        break;
    }
  }
  out.headers = headers;
  out.body = std::move(request.body());
  return out;
}

void write_response_head(int status, std::string_view content_type, std::string_view body, unsigned version,
                         bool keep_alive, std::string& out, std::string_view request_id,
                         std::string_view extra_headers) {
  char number[20];
  const auto append_number = [&](std::uint64_t value) {
    auto [end, ec] = std::to_chars(number, number + sizeof number, value);
    out.append(number, static_cast<std::size_t>(end - number));
  };
  out.clear();
  out.append(version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ");
  append_number(static_cast<unsigned>(status));
  out.push_back(' ');
  out.append(std_view(http::obsolete_reason(http::int_to_status(static_cast<unsigned>(status)))));
  out.append("\r\nServer: Server\r\nDate: ");  // DynamoDB's Server header says just that
  out.append(http_date_now());
  if (!content_type.empty()) {
    out.append("\r\nContent-Type: ");
    out.append(content_type);
  }
  out.append("\r\nx-amzn-RequestId: ");
  if (request_id.empty()) {
    const RequestId id = make_request_id();
    out.append(id.data(), id.size());
  } else {
    out.append(request_id);
  }
  out.append("\r\nx-amz-crc32: ");
  append_number(crc32(body));
  // Beast's keep_alive(): HTTP/1.1 says "close" when closing, HTTP/1.0 "keep-alive" when not.
  if (version >= 11 && !keep_alive) out.append("\r\nConnection: close");
  if (version < 11 && keep_alive) out.append("\r\nConnection: keep-alive");
  out.append("\r\nContent-Length: ");
  append_number(body.size());
  out.append("\r\n");
  out.append(extra_headers);
  out.append("\r\n");
}

void write_payload_too_large(unsigned version, std::string& head, std::string& body, std::string_view extra_headers) {
  body.clear();
  if (version < 11) return write_response_head(413, "", body, version, false, head, {}, extra_headers);
  head.clear();
  head.append("HTTP/1.1 413 Payload Too Large\r\nServer: Server\r\nDate: ");
  head.append(http_date_now());
  head.append("\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n");
  head.append(extra_headers);
  head.append("\r\n");
  body = "0\r\n\r\n";
}

}  // namespace minnow::server
