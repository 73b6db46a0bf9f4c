// A local stand-in for a hosted platform's "DynamoDB database" data API (docs/data-api.md).
//
// Each workspace (a bearer token, dataapi/workspaces.h) owns a prefix of one shared table's
// partition keys; routes under /api/data/dynamodb/ provision it, describe it, read and write
// its items in plain JSON, page through one partition or the whole workspace, and delete it.
// The shared table is an ordinary table of the namespace the printed credentials select
// (access key kAccessKey in the server's region), so code using the DynamoDB API through the
// AWS SDK sees the same items.
// Socket-free like api::Service: server/ mounts handle() on the port when --data-api is given.
// Thread-safe: handle() may be called from any number of threads at once.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "api/service.h"
#include "dataapi/workspaces.h"

namespace minnow::engine {
class Namespaces;
}

namespace minnow::dataapi {

inline constexpr std::string_view kRoutePrefix = "/api/data/dynamodb/";
// The dummy credentials a local function is given (`minnow env --data-api`): they pick the
// namespace the shared table is in.
inline constexpr std::string_view kAccessKey = "local";
inline constexpr std::string_view kSecretKey = "local";
inline constexpr std::string_view kDefaultTable = "minnow-data";

struct DataApiOptions {
  std::string table = std::string(kDefaultTable);
  std::string region = "us-east-1";
  // The SDK endpoint the instructions give when a request has no Host header ("http://HOST:PORT").
  std::string endpoint = "http://127.0.0.1:8000";
  std::optional<TokenMap> tokens = {};  // --data-api-tokens FILE; none: every token is a workspace
};

class DataApi {
 public:
  // `namespaces` must outlive the DataApi.
  DataApi(engine::Namespaces& namespaces, DataApiOptions options);
  ~DataApi();

  // Before serving: the endpoint known once the server listens.
  void set_endpoint(std::string endpoint);

  // Answers a request under kRoutePrefix, every error included (JSON {"error": TEXT}).
  api::Reply handle(api::Request& request);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace minnow::dataapi
