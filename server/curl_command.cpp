#include "server/curl_command.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <variant>

#include "server/local_call.h"

namespace minnow::server {

namespace {

struct CurlRequest {
  LocalCall call;
  std::string url;
  bool silent = false;
  bool show_error = false;
  bool fail = false;
  bool include_head = false;  // -i
  bool head_only = false;     // -I
  std::string output;         // -o; empty: stdout
  std::string write_out;      // -w
};

struct Usage {
  int status;
  std::string message;
};

std::optional<std::chrono::milliseconds> seconds(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value > 0)) return std::nullopt;
  return std::chrono::milliseconds(static_cast<long long>(std::ceil(value * 1000)));
}

// http://HOST[:PORT][/PATH] (the scheme may be left out, as curl allows).
std::optional<Usage> set_url(CurlRequest& request, std::string url) {
  request.url = url;
  if (url.starts_with("http://")) url.erase(0, 7);
  else if (url.find("://") != std::string::npos) return Usage{1, "Protocol not supported: " + request.url};
  const std::size_t slash = url.find('/');
  std::string authority = url.substr(0, slash);
  request.call.target = slash == std::string::npos ? "/" : url.substr(slash);
  std::string port = "80";
  if (authority.starts_with("[")) {  // [::1]:8000
    const std::size_t close = authority.find(']');
    if (close == std::string::npos) return Usage{3, "URL rejected: Bad IPv6 address"};
    if (close + 1 < authority.size() && authority[close + 1] == ':') port = authority.substr(close + 2);
    authority = authority.substr(1, close - 1);
  } else if (const std::size_t colon = authority.rfind(':'); colon != std::string::npos) {
    port = authority.substr(colon + 1);
    authority.resize(colon);
  }
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (authority.empty() || ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
    return Usage{3, "URL rejected: Bad hostname or port number"};
  }
  request.call.host = authority;
  request.call.port = static_cast<std::uint16_t>(value);
  return std::nullopt;
}

// The options, or the usage error curl would give.
std::variant<CurlRequest, Usage> parse(const std::vector<std::string>& args) {
  CurlRequest request;
  request.call.timeout = std::chrono::seconds(30);
  bool have_url = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    // Short flags may be combined (-fsS); one that takes a value ends the group (-so FILE).
    std::vector<std::string> flags;
    if (arg.size() > 2 && arg[0] == '-' && arg[1] != '-') {
      for (std::size_t c = 1; c < arg.size(); ++c) flags.push_back(std::string("-") + arg[c]);
    } else {
      flags.push_back(arg);
    }
    for (std::size_t f = 0; f < flags.size(); ++f) {
      const std::string& flag = flags[f];
      const bool last = f + 1 == flags.size();
      auto takes_value = [&]() -> std::optional<std::string> {
        if (!last) {  // -oFILE: the rest of the group
          std::string rest = arg.substr(f + 2);
          f = flags.size();
          return rest;
        }
        if (i + 1 >= args.size()) return std::nullopt;
        return args[++i];
      };
      if (flag == "-s" || flag == "--silent") request.silent = true;
      else if (flag == "-S" || flag == "--show-error") request.show_error = true;
      else if (flag == "-f" || flag == "--fail") request.fail = true;
      else if (flag == "-i" || flag == "--include") request.include_head = true;
      else if (flag == "-I" || flag == "--head") request.head_only = true, request.call.method = "HEAD";
      else if (flag == "-L" || flag == "--location" || flag == "-k" || flag == "--insecure" || flag == "-v" ||
               flag == "--verbose" || flag == "--no-progress-meter") {
        // Minnow does not redirect and speaks plain HTTP: nothing to follow, nothing to verify.
      } else if (flag == "-o" || flag == "--output" || flag == "-w" || flag == "--write-out" || flag == "-X" ||
                 flag == "--request" || flag == "-H" || flag == "--header" || flag == "-d" || flag == "--data" ||
                 flag == "--data-raw" || flag == "-m" || flag == "--max-time" || flag == "--connect-timeout" ||
                 flag == "--retry" || flag == "--url") {
        const auto text = takes_value();
        if (!text) return Usage{2, "option " + flag + ": requires parameter"};
        if (flag == "-o" || flag == "--output") request.output = *text;
        else if (flag == "-w" || flag == "--write-out") request.write_out = *text;
        else if (flag == "-X" || flag == "--request") request.call.method = *text;
        else if (flag == "-H" || flag == "--header") {
          const std::size_t colon = text->find(':');
          if (colon == std::string::npos) continue;
          std::string field = text->substr(colon + 1);
          field.erase(0, field.find_first_not_of(' '));
          request.call.headers.emplace_back(text->substr(0, colon), field);
        } else if (flag == "-d" || flag == "--data" || flag == "--data-raw") {
          request.call.body += (request.call.body.empty() ? "" : "&") + *text;
          if (request.call.method == "GET") request.call.method = "POST";
          request.call.headers.emplace_back("Content-Type", "application/x-www-form-urlencoded");
        } else if (flag == "-m" || flag == "--max-time" || flag == "--connect-timeout") {
          const auto limit = seconds(*text);
          if (!limit) return Usage{2, "option " + flag + ": expected a proper numerical parameter"};
          request.call.timeout = std::min(request.call.timeout, *limit);
        } else if (flag == "--url") {
          if (auto usage = set_url(request, *text)) return *usage;
          have_url = true;
        }
        // --retry: one attempt; a health check is retried by its runner.
      } else if (flag.starts_with("-") && flag.size() > 1) {
        return Usage{2, "option " + flag + ": is unknown"};
      } else {
        if (auto usage = set_url(request, flag)) return *usage;
        have_url = true;
      }
    }
  }
  if (!have_url) return Usage{2, "no URL specified"};
  return request;
}

std::string write_out(const std::string& format, int status) {
  std::string text;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format.compare(i, 12, "%{http_code}") == 0 || format.compare(i, 16, "%{response_code}") == 0) {
      char code[4];
      std::snprintf(code, sizeof code, "%03d", status);
      text += code;
      i = format.find('}', i);
    } else if (format[i] == '\\' && i + 1 < format.size() && (format[i + 1] == 'n' || format[i + 1] == 'r' ||
                                                               format[i + 1] == 't')) {
      text += format[i + 1] == 'n' ? '\n' : format[i + 1] == 'r' ? '\r' : '\t';
      ++i;
    } else {
      text += format[i];
    }
  }
  return text;
}

int transfer_error(const CurlRequest& request, std::ostream& err, int status, const std::string& message) {
  if (!request.silent || request.show_error) err << "curl: (" << status << ") " << message << std::endl;
  return status;
}

}  // namespace

int run_curl(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto parsed = parse(args);
  if (const auto* usage = std::get_if<Usage>(&parsed)) {
    err << "curl: " << (usage->status == 2 ? "" : "(" + std::to_string(usage->status) + ") ") << usage->message
        << std::endl;
    return usage->status;
  }
  const CurlRequest& request = std::get<CurlRequest>(parsed);
  LocalAnswer answer;
  try {
    answer = local_call(request.call);
  } catch (const LocalCallError& e) {
    const int status = e.kind == LocalCallError::Kind::kResolve   ? 6
                       : e.kind == LocalCallError::Kind::kTimeout ? 28
                       : e.kind == LocalCallError::Kind::kConnect ? 7
                                                                  : 56;
    return transfer_error(request, err, status, e.what());
  } catch (const std::exception& e) {
    return transfer_error(request, err, 56, e.what());
  }
  if (request.fail && answer.status >= 400) {
    if (!request.write_out.empty()) out << write_out(request.write_out, answer.status);
    return transfer_error(request, err, 22, "The requested URL returned error: " + std::to_string(answer.status));
  }
  std::string text;
  if (request.head_only || request.include_head) text += answer.head;
  if (!request.head_only) text += answer.body;
  if (request.output.empty()) {
    out << text;
  } else {
    std::ofstream file(request.output, std::ios::binary | std::ios::trunc);
    file << text;
    if (!file) return transfer_error(request, err, 23, "Failure writing output to destination");
  }
  out << write_out(request.write_out, answer.status) << std::flush;
  return 0;
}

}  // namespace minnow::server
