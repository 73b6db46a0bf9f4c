#include "dataapi/workspaces.h"

#include <cstdint>

#include "model/data_api_errors.h"
#include "model/key.h"

namespace minnow::dataapi {

namespace {

bool is_id_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The words of one line, split at white space.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

Workspace workspace_of(std::string id) {
  Workspace workspace{std::move(id), {}};
  workspace.prefix = std::string(kPrefixScheme) + workspace.id;
  return workspace;
}

}  // namespace

std::variant<TokenMap, std::string> parse_token_file(std::string_view text) {
  TokenMap tokens;
  std::size_t number = 0;
  while (!text.empty()) {
    ++number;
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const auto parts = words(line);
    if (parts.empty() || parts[0].starts_with('#')) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (parts.size() != 2) return where + "expected TOKEN WORKSPACE_ID";
    for (char c : parts[1])
      if (!is_id_character(c)) return where + "a workspace ID has only letters, digits, '-' and '_'";
    if (!tokens.emplace(parts[0], parts[1]).second) return where + "this token is listed already";
  }
  return tokens;
}

std::string derived_workspace_id(std::string_view token) {
  // The hash partitions are placed by: spread evenly, and stable across versions of the stored
  // data (changing it would move every item).
  const uint64_t h = model::partition_hash(model::AttributeValue(std::string(token)));
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int shift = 60; id.size() < 12; shift -= 4) id += kHex[(h >> shift) & 0xf];
  return id;
}

Workspace Workspaces::authenticate(std::string_view authorization) const {
  constexpr std::string_view kScheme = "bearer ";
  std::string scheme(authorization.substr(0, kScheme.size()));
  for (char& c : scheme) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (scheme != kScheme) throw model::DataApiError(model::kDataApiMissingToken);
  std::string_view token = authorization.substr(kScheme.size());
  while (!token.empty() && is_space(token.front())) token.remove_prefix(1);
  while (!token.empty() && is_space(token.back())) token.remove_suffix(1);
  if (token.empty()) throw model::DataApiError(model::kDataApiMissingToken);
  if (!tokens_) return workspace_of(derived_workspace_id(token));
  auto it = tokens_->find(token);
  if (it == tokens_->end()) throw model::DataApiError(model::kDataApiUnknownToken);
  return workspace_of(it->second);
}

bool Workspaces::provisioned(const Workspace& workspace) const {
  std::lock_guard lock(mu_);
  return provisioned_.contains(workspace.id);
}

void Workspaces::set_provisioned(const Workspace& workspace, bool provisioned) {
  std::lock_guard lock(mu_);
  if (provisioned) {
    provisioned_.insert(workspace.id);
  } else {
    provisioned_.erase(workspace.id);
  }
}

}  // namespace minnow::dataapi
