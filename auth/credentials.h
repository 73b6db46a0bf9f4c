// The access keys Minnow accepts when it verifies signatures, with their secrets.
//
// Read from --credentials FILE (one "ACCESS_KEY_ID SECRET_ACCESS_KEY [SESSION_TOKEN]" a line;
// blank lines and '#' comments ignored) or given as --credential ACCESS_KEY_ID:SECRET.
// Immutable once built; thread-safe to read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

namespace minnow::auth {

struct Secret {
  std::string secret_access_key;
  std::string session_token;  // empty: requests must carry none
};

class Credentials {
 public:
  // False when the access key is already there (the first one stays).
  bool add(std::string access_key_id, Secret secret);
  const Secret* find(std::string_view access_key_id) const;
  std::size_t size() const { return secrets_.size(); }

 private:
  std::unordered_map<std::string, Secret> secrets_;
};

// The file's text -> its credentials, or a one-line error naming the line.
std::variant<Credentials, std::string> parse_credentials_file(std::string_view text);

// "ACCESS_KEY_ID:SECRET" -> the pair, or nullopt when either part is empty.
std::optional<std::pair<std::string, Secret>> parse_credential_pair(std::string_view text);

}  // namespace minnow::auth
