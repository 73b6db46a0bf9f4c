// The namespaces of one server: each is a Database of its own (tables, streams, idempotency
// tokens), found by an identifier.
//
// DynamoDB Local's rule picks a request's namespace: one per (access key, region) of the
// request's credential scope, or one for every request with -sharedDb. Identifiers:
//   "ACCESS_KEY/REGION"   one database per access key and region (both as the credential
//                         spells them, case-sensitive; neither can hold '/', which separates
//                         the credential's parts)
//   "shared"              with -sharedDb (it holds no '/', so it is never a per-key identifier)
// persist/ stores each namespace under its identifier; /_minnow/ calls take one
// (docs/admin-api.md).
//
// A namespace is made on first use and lives as long as the registry (a reset empties its
// Database; nothing removes it), so the Database& handed out stays valid.
// Thread-safe: mu_ protects the map; each Database is thread-safe itself.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/database.h"

namespace minnow::engine {

inline constexpr std::string_view kSharedNamespace = "shared";

// An identifier's parts; for "shared", both are empty.
struct NamespaceName {
  std::string access_key;
  std::string region;
};

// "ACCESS_KEY/REGION" -> its parts, "shared" -> empty parts; nullopt for anything else.
std::optional<NamespaceName> parse_namespace_id(std::string_view id);

// A namespace as handed out: both references live as long as the registry.
struct Namespace {
  const std::string& id;
  Database& database;
};

class Namespaces {
 public:
  // Makes the Database of a new namespace, on the registry's clock (persist/ gives each one its
  // CommitLog). Called with the registry locked: it must not call back into it.
  using DatabaseFactory = std::function<std::unique_ptr<Database>(const std::string& id)>;

  // Every namespace runs on `clock`, which must outlive the registry.
  Namespaces(bool shared, const Clock& clock, DatabaseFactory make_database);
  // Databases with `options`.
  Namespaces(bool shared, const Clock& clock, DatabaseOptions options);
  ~Namespaces();
  Namespaces(const Namespaces&) = delete;
  Namespaces& operator=(const Namespaces&) = delete;

  bool shared() const { return shared_; }
  const Clock& clock() const { return clock_; }

  // The identifier of the namespace of a request signed by `access_key` in `region`.
  std::string id_for(std::string_view access_key, std::string_view region) const;

  // The namespace of a request signed by `access_key` in `region`, made on first use.
  Namespace for_request(std::string_view access_key, std::string_view region);
  // Namespace `id`, made on first use (a snapshot being loaded, an admin call).
  Namespace get(const std::string& id);
  // Null when namespace `id` was never used.
  Database* find(std::string_view id) const;

  // Every namespace made so far, in identifier order.
  std::vector<std::pair<std::string, Database*>> list() const;
  // The namespace of the last request (for_request), for the console to open on: a developer's
  // SDK signs with credentials of its own. Null before the first request, and with -sharedDb.
  const std::string* last_used() const { return last_used_.load(std::memory_order_relaxed); }

 private:
  Namespace note_use(Namespace space);

  const bool shared_;
  const Clock& clock_;
  const DatabaseFactory make_database_;
  mutable std::shared_mutex mu_;
  std::map<std::string, std::unique_ptr<Database>, std::less<>> databases_;  // Protected by mu_.
  std::optional<Namespace> shared_namespace_;  // with -sharedDb; constant after construction
  // A key of databases_ (which lives as long as the registry). Written only when it changes, so
  // that requests to one namespace only read the shared cache line.
  std::atomic<const std::string*> last_used_{nullptr};
};

}  // namespace minnow::engine
