#include "auth/credentials.h"

#include <utility>
#include <vector>

namespace minnow::auth {

namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

}  // namespace

bool Credentials::add(std::string access_key_id, Secret secret) {
  return secrets_.emplace(std::move(access_key_id), std::move(secret)).second;
}

const Secret* Credentials::find(std::string_view access_key_id) const {
  auto it = secrets_.find(std::string(access_key_id));
  return it == secrets_.end() ? nullptr : &it->second;
}

std::variant<Credentials, std::string> parse_credentials_file(std::string_view text) {
  Credentials credentials;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const std::vector<std::string_view> parts = words(line);
    if (parts.empty()) continue;
    const std::string where = "line " + std::to_string(line_number) + ": ";
    if (parts.size() < 2 || parts.size() > 3) {
      return where + "expected ACCESS_KEY_ID SECRET_ACCESS_KEY [SESSION_TOKEN]";
    }
    Secret secret{std::string(parts[1]), parts.size() == 3 ? std::string(parts[2]) : std::string()};
    if (!credentials.add(std::string(parts[0]), std::move(secret))) {
      return where + "access key " + std::string(parts[0]) + " is given twice";
    }
  }
  if (credentials.size() == 0) return std::string("no credentials in the file");
  return credentials;
}

std::optional<std::pair<std::string, Secret>> parse_credential_pair(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) return std::nullopt;
  return std::pair{std::string(text.substr(0, colon)), Secret{std::string(text.substr(colon + 1)), {}}};
}

}  // namespace minnow::auth
