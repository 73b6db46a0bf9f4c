#include "expressions/parse_cache.h"

#include <array>
#include <functional>
#include <memory>
#include <string>

namespace minnow::expressions {

namespace parse_cache {

constexpr std::size_t kEntries = 64;
constexpr std::size_t kMaxCachedBytes = 512;

template <class Tree>
class Cache {
 public:
  template <class Parse>
  Tree get(std::string_view text, ExpressionKind kind, Parse parse) {
    if (text.size() > kMaxCachedBytes) return parse();
    Entry& entry = entries_[(std::hash<std::string_view>{}(text) + static_cast<std::size_t>(kind)) % kEntries];
    if (entry.filled && entry.kind == kind && entry.text == text) return entry.tree;
    Tree tree = parse();
    entry.text.assign(text);
    entry.kind = kind;
    entry.tree = tree;
    entry.filled = true;
    return tree;
  }

 private:
  struct Entry {
    bool filled = false;
    ExpressionKind kind = ExpressionKind::Condition;
    std::string text;
    Tree tree;
  };
  std::array<Entry, kEntries> entries_;
};

// This thread's cache, made when first asked for: a thread_local Cache itself would take its
// 15-40 KB in every thread's static TLS block, idle or not.
template <class Tree>
Cache<Tree>& of() {
  thread_local std::unique_ptr<Cache<Tree>> cache;
  if (!cache) cache = std::make_unique<Cache<Tree>>();
  return *cache;
}

}  // namespace parse_cache

Condition parse_condition_cached(std::string_view text, ExpressionKind kind) {
  return parse_cache::of<Condition>().get(text, kind, [&] { return parse_condition(text, kind); });
}

Update parse_update_cached(std::string_view text) {
  return parse_cache::of<Update>().get(text, ExpressionKind::Update, [&] { return parse_update(text); });
}

Projection parse_projection_cached(std::string_view text) {
  return parse_cache::of<Projection>().get(text, ExpressionKind::Projection, [&] { return parse_projection(text); });
}

}  // namespace minnow::expressions
