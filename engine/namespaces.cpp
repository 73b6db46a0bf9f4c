#include "engine/namespaces.h"

#include <mutex>
#include <utility>

namespace minnow::engine {

std::optional<NamespaceName> parse_namespace_id(std::string_view id) {
  if (id == kSharedNamespace) return NamespaceName{};
  auto slash = id.find('/');
  if (slash == std::string_view::npos || id.find('/', slash + 1) != std::string_view::npos) return std::nullopt;
  return NamespaceName{std::string(id.substr(0, slash)), std::string(id.substr(slash + 1))};
}

Namespaces::Namespaces(bool shared, const Clock& clock, DatabaseFactory make_database)
    : shared_(shared), clock_(clock), make_database_(std::move(make_database)) {
  if (shared_) shared_namespace_.emplace(get(std::string(kSharedNamespace)));
}

Namespaces::Namespaces(bool shared, const Clock& clock, DatabaseOptions options)
    : Namespaces(shared, clock,
                 [&clock, options](const std::string&) { return std::make_unique<Database>(clock, options); }) {}

Namespaces::~Namespaces() = default;

std::string Namespaces::id_for(std::string_view access_key, std::string_view region) const {
  if (shared_) return std::string(kSharedNamespace);
  std::string id;
  id.reserve(access_key.size() + 1 + region.size());
  id.append(access_key).append(1, '/').append(region);
  return id;
}

Namespace Namespaces::for_request(std::string_view access_key, std::string_view region) {
  if (shared_namespace_) return *shared_namespace_;
  // The common case, a namespace already made, costs one lookup under the shared lock and no
  // allocation: the key is built in a buffer the thread keeps.
  thread_local std::string id;
  id.assign(access_key).append(1, '/').append(region);
  {
    std::shared_lock lock(mu_);
    auto it = databases_.find(id);
    if (it != databases_.end()) return note_use({it->first, *it->second});
  }
  return note_use(get(id));
}

Namespace Namespaces::note_use(Namespace space) {
  if (last_used_.load(std::memory_order_relaxed) != &space.id) last_used_.store(&space.id, std::memory_order_relaxed);
  return space;
}

Namespace Namespaces::get(const std::string& id) {
  std::unique_lock lock(mu_);
  auto it = databases_.find(id);
  if (it == databases_.end()) it = databases_.emplace(id, make_database_(id)).first;
  return {it->first, *it->second};
}

Database* Namespaces::find(std::string_view id) const {
  std::shared_lock lock(mu_);
  auto it = databases_.find(id);
  return it == databases_.end() ? nullptr : it->second.get();
}

std::vector<std::pair<std::string, Database*>> Namespaces::list() const {
  std::shared_lock lock(mu_);
  std::vector<std::pair<std::string, Database*>> all;
  for (const auto& [id, database] : databases_) all.emplace_back(id, database.get());
  return all;
}

}  // namespace minnow::engine
