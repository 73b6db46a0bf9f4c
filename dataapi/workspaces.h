// The data API's workspaces: who a bearer token is, and which workspaces are provisioned.
//
// A workspace owns the items whose pk starts with its prefix and '#' ("deploy#ID#..."). Without a
// token file every token is a workspace of its own, its ID derived from the token (a hash: the
// same token has the same prefix after a restart, two tokens practically never share one). With
// --data-api-tokens FILE the file maps tokens to workspace IDs (several tokens may share one) and
// any other token is refused.
// Thread-safe: the token map is constant after construction; mu_ protects the provisioned set.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace minnow::dataapi {

inline constexpr std::string_view kPrefixScheme = "deploy#";

struct Workspace {
  std::string id;      // "3f9a0c41d2b7"
  std::string prefix;  // "deploy#3f9a0c41d2b7"
};

// A token file: one "TOKEN WORKSPACE_ID" pair per line (white space between them), blank lines
// and lines starting with '#' ignored. IDs are letters, digits, '-' and '_'.
using TokenMap = std::map<std::string, std::string, std::less<>>;
// The map, or a one-line message naming the line that is wrong.
std::variant<TokenMap, std::string> parse_token_file(std::string_view text);

// The workspace ID of a token when no file maps tokens: 12 hex digits of a 64-bit hash.
std::string derived_workspace_id(std::string_view token);

class Workspaces {
 public:
  // No map: every token is a workspace.
  explicit Workspaces(std::optional<TokenMap> tokens = std::nullopt) : tokens_(std::move(tokens)) {}

  // The workspace of `Authorization: Bearer TOKEN`; throws the 401 answers (model/data_api_errors.h).
  Workspace authenticate(std::string_view authorization) const;

  bool provisioned(const Workspace& workspace) const;
  void set_provisioned(const Workspace& workspace, bool provisioned);

 private:
  const std::optional<TokenMap> tokens_;
  mutable std::mutex mu_;
  std::set<std::string> provisioned_;  // workspace IDs. Protected by mu_.
};

}  // namespace minnow::dataapi
