#include "server/dynamodb_local_contract.h"

namespace minnow::server {

std::string dynamodb_local_banner(const Options& options, std::uint16_t port) {
  const auto boolean = [](bool value) { return value ? "true" : "false"; };
  // DynamoDB Local prints null for a setting not given; CORS's default (every origin) is one.
  std::string cors;
  for (const auto& origin : options.cors_origins) cors += (cors.empty() ? "" : ",") + origin;
  if (cors == "*") cors = "null";
  std::string text = "Initializing DynamoDB Local with the following configuration:\n";
  text += "Port:\t" + std::to_string(port) + "\n";
  text += std::string("InMemory:\t") + boolean(options.db_path.empty()) + "\n";
  text += "Version:\t" + std::string(kDynamoDBLocalVersion) + "\n";
  text += "DbPath:\t" + (options.db_path.empty() ? std::string("null") : options.db_path) + "\n";
  text += std::string("SharedDb:\t") + boolean(options.shared_db) + "\n";
  text += std::string("shouldDelayTransientStatuses:\t") + boolean(options.database.delay_transient_statuses) + "\n";
  text += "CorsParams:\t" + cors + "\n";
  return text;
}

}  // namespace minnow::server
