// A persistent ordered map from byte-string keys to shared, immutable entries: a B+tree whose
// copies share their nodes, so copying a map costs O(1) whatever its size, and a write to one
// copy leaves every other copy unchanged. A write first copies the shared nodes on its path
// (path copying); a node this map alone holds is changed in place, so a map that was never
// copied writes as an ordinary B+tree does. This is what lets a namespace be forked, and put back
// as it was, in time that does not grow with its data (docs/plans/fork-and-rewind.md).
//
// Entries are reference counted and never change once made: the tree holds references to them,
// and a copy of the map shares them too. An Entry type provides
//   std::string_view key() const;         // the map's key, constant
//   void retain() const noexcept;         // one more reference
//   void release() const noexcept;        // one fewer; frees the entry after the last
// Keys compare as bytes (memcmp order), first by their first 8 bytes cached in the node (a
// storage key's partition hash), so most comparisons never read the entry.
//
// Thread safety: one map is not thread-safe; its owner serialises its reads and writes (Table's
// mutex). Different copies may be used by different threads at once: a node is changed in place
// only while exactly one map holds it, and counts change atomically. Copying a map while another
// thread writes that same map is a race (Table copies under its lock). An iterator is valid until
// its map is changed; a copy of the map keeps the entries it reaches alive.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace minnow::engine {

// An owning reference to a reference-counted T (T::retain and T::release, as above).
template <class T>
class Shared {
 public:
  Shared() = default;
  Shared(std::nullptr_t) {}  // NOLINT: a null reference converts implicitly, as for pointers
  // Takes over a reference the caller holds (a new object's first).
  static Shared adopt(T* p) {
    Shared s;
    s.p_ = p;
    return s;
  }
  // One more reference to `p`.
  static Shared share(T* p) {
    if (p) p->retain();
    return adopt(p);
  }
  Shared(const Shared& other) : p_(other.p_) {
    if (p_) p_->retain();
  }
  Shared(Shared&& other) noexcept : p_(std::exchange(other.p_, nullptr)) {}
  Shared& operator=(Shared other) noexcept {
    std::swap(p_, other.p_);
    return *this;
  }
  ~Shared() {
    if (p_) p_->release();
  }

  T* get() const { return p_; }
  T& operator*() const { return *p_; }
  T* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  // Hands the reference over to the caller, who must release it.
  T* leak() { return std::exchange(p_, nullptr); }

 private:
  T* p_ = nullptr;
};

// A key's first 8 bytes as a big-endian number, zero-padded: a smaller prefix means a smaller
// key, equal prefixes say nothing.
inline uint64_t key_prefix(std::string_view key) {
  uint64_t v = 0;
  std::memcpy(&v, key.data(), key.size() < 8 ? key.size() : 8);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  return v;
}

template <class Entry, int kFanout = 32>
class SharedTree {
  static_assert(kFanout >= 8 && kFanout % 2 == 0 && kFanout < 65536);
  struct Node;

 public:
  using Ref = Shared<const Entry>;
  // Deep enough for any map: a level is added only when the root is full, so depth d took at
  // least (kFanout / 2)^(d - 2) insertions.
  static constexpr int kMaxDepth = 12;

  class const_iterator {
   public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = const Entry*;
    using reference = const Entry&;

    const_iterator() = default;
    const Entry& operator*() const { return *leaf().node->keys[leaf().index]; }
    const Entry* operator->() const { return leaf().node->keys[leaf().index]; }
    const_iterator& operator++() {
      if (++leaf().index == leaf().node->count) next_leaf();
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++*this;
      return before;
    }
    const_iterator& operator--() {
      if (leaf().index > 0) {
        --leaf().index;
        return *this;
      }
      for (int level = depth_ - 2; level >= 0; --level) {
        if (path_[level].index > 0) {
          --path_[level].index;
          descend(level + 1, false);
          return *this;
        }
      }
      return *this;  // before the first: undefined, as for std::map
    }
    const_iterator operator--(int) {
      const_iterator before = *this;
      --*this;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) {
      if (a.depth_ != b.depth_) return false;
      return a.depth_ == 0 || (a.leaf().node == b.leaf().node && a.leaf().index == b.leaf().index);
    }

   private:
    friend class SharedTree;
    struct Step {
      const Node* node;
      int index;
    };

    Step& leaf() { return path_[depth_ - 1]; }
    const Step& leaf() const { return path_[depth_ - 1]; }
    // Fills the levels from `level` down with the first (or last) child under path_[level - 1].
    void descend(int level, bool first) {
      for (; level < depth_; ++level) {
        const Node* node = static_cast<const Inner*>(path_[level - 1].node)->children[path_[level - 1].index];
        path_[level] = {node, first ? 0 : node->count - 1};
      }
    }
    // From one past a leaf's last entry to the next leaf's first; stays put (end) after the last.
    void next_leaf() {
      for (int level = depth_ - 2; level >= 0; --level) {
        if (path_[level].index + 1 < path_[level].node->count) {
          ++path_[level].index;
          descend(level + 1, true);
          return;
        }
      }
    }

    std::array<Step, kMaxDepth> path_;
    int depth_ = 0;  // 0: the empty map's only iterator
  };

  SharedTree() = default;
  SharedTree(const SharedTree& other) : root_(other.root_), depth_(other.depth_), size_(other.size_) {
    if (root_) root_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  SharedTree(SharedTree&& other) noexcept
      : root_(std::exchange(other.root_, nullptr)),
        depth_(std::exchange(other.depth_, 0)),
        size_(std::exchange(other.size_, 0)) {}
  SharedTree& operator=(SharedTree other) noexcept {
    std::swap(root_, other.root_);
    std::swap(depth_, other.depth_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~SharedTree() {
    if (root_) release(root_);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // The entry under `key`, or null.
  const Entry* find(std::string_view key) const {
    if (!root_) return nullptr;
    const Probe probe{key_prefix(key), key};
    const Node* node = root_;
    for (int level = 1; level < depth_; ++level) node = static_cast<const Inner*>(node)->children[route(node, probe)];
    const int pos = lower_position(node, probe);
    return pos < node->count && compare(probe, node, pos) == 0 ? node->keys[pos] : nullptr;
  }

  const_iterator begin() const {
    const_iterator it = start();
    if (it.depth_) it.descend(1, true);
    return it;
  }
  const_iterator end() const {
    const_iterator it = start();
    if (!it.depth_) return it;
    it.path_[0].index = root_->count - 1;
    it.descend(1, false);
    ++it.leaf().index;
    return it;
  }
  // The first entry whose key is not less than (lower_bound) or greater than (upper_bound) `key`.
  const_iterator lower_bound(std::string_view key) const { return seek(key, false); }
  const_iterator upper_bound(std::string_view key) const { return seek(key, true); }

  // Puts `entry` (not null) under its key; returns the entry it replaced, or null.
  Ref put(Ref entry) {
    if (depth_ == kMaxDepth) throw std::length_error("SharedTree: too deep");  // see kMaxDepth: unreachable
    const Probe probe{key_prefix(entry->key()), entry->key()};
    const Entry* raw = entry.leak();
    if (!root_) {
      root_ = new Leaf;
      depth_ = 1;
    }
    Split split;
    Ref replaced = Ref::adopt(insert(root_, depth_, probe, raw, split));
    if (!replaced) ++size_;
    if (split.right) {
      Inner* root = new Inner;
      root->count = 2;
      root->keys[0] = nullptr;
      root->prefix[0] = 0;
      root->children[0] = root_;
      root->keys[1] = split.low;
      root->prefix[1] = split.prefix;
      root->children[1] = split.right;
      root_ = root;
      ++depth_;
    }
    return replaced;
  }

  // Removes the entry under `key` and returns it; null (and nothing changes) when there is none.
  Ref erase(std::string_view key) {
    if (!find(key)) return nullptr;
    const Probe probe{key_prefix(key), key};
    Ref removed = Ref::adopt(remove(root_, depth_, probe));
    --size_;
    if (root_->count == 0) {
      release(root_);
      root_ = nullptr;
      depth_ = 0;
    } else if (depth_ > 1 && root_->count == 1) {
      Inner* root = static_cast<Inner*>(root_);  // owned: remove() made it this map's own
      root_ = root->children[0];
      root->count = 0;
      release(root);
      --depth_;
    }
    return removed;
  }

  void clear() { *this = SharedTree(); }

  // Nodes alive in every map of this type (tests check that copies and writes free what they drop).
  static std::size_t live_nodes() { return live_nodes_.load(std::memory_order_relaxed); }

 private:
  struct Probe {
    uint64_t prefix;
    std::string_view key;
  };

  // A leaf's keys are its entries; an inner node's keys[i] (i > 0) is a key no greater than any in
  // children[i] and greater than every key in children[i - 1]; keys[0] is null. Every key in
  // either holds a reference.
  struct Node {
    explicit Node(bool leaf) : leaf(leaf) { live_nodes_.fetch_add(1, std::memory_order_relaxed); }
    ~Node() { live_nodes_.fetch_sub(1, std::memory_order_relaxed); }
    mutable std::atomic<uint32_t> refs{1};
    int count = 0;
    const bool leaf;
    uint64_t prefix[kFanout];
    const Entry* keys[kFanout];
  };
  struct Leaf : Node {
    Leaf() : Node(true) {}
  };
  struct Inner : Node {
    Inner() : Node(false) {}
    Node* children[kFanout];
  };
  // A node split in two: its new right half and that half's lowest key (a reference, for the parent).
  struct Split {
    Node* right = nullptr;
    const Entry* low = nullptr;
    uint64_t prefix = 0;
  };

  static int compare(const Probe& probe, const Node* node, int i) {
    if (probe.prefix != node->prefix[i]) return probe.prefix < node->prefix[i] ? -1 : 1;
    return probe.key.compare(node->keys[i]->key());
  }
  // The first key position at or after `probe` (after, with `after`).
  static int lower_position(const Node* node, const Probe& probe, bool after = false) {
    int low = node->leaf ? 0 : 1, high = node->count;
    while (low < high) {
      const int mid = (low + high) / 2;
      const int c = compare(probe, node, mid);
      if (c > 0 || (after && c == 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
  // The child of an inner node whose keys cover `probe`.
  static int route(const Node* node, const Probe& probe) { return lower_position(node, probe, true) - 1; }

  static void retain(const Node* node) { node->refs.fetch_add(1, std::memory_order_relaxed); }
  static void release(Node* node) {
    if (node->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    for (int i = 0; i < node->count; ++i)
      if (node->keys[i]) node->keys[i]->release();
    if (node->leaf) {
      delete static_cast<Leaf*>(node);
    } else {
      Inner* inner = static_cast<Inner*>(node);
      for (int i = 0; i < inner->count; ++i) release(inner->children[i]);
      delete inner;
    }
  }
  // The node at `slot`, this map's own: copied first when another map holds it too.
  static Node* own(Node*& slot) {
    Node* node = slot;
    if (node->refs.load(std::memory_order_acquire) == 1) return node;
    Node* copy;
    if (node->leaf) {
      copy = new Leaf;
    } else {
      Inner* inner = new Inner;
      for (int i = 0; i < node->count; ++i) {
        inner->children[i] = static_cast<Inner*>(node)->children[i];
        retain(inner->children[i]);
      }
      copy = inner;
    }
    copy->count = node->count;
    for (int i = 0; i < node->count; ++i) {
      copy->prefix[i] = node->prefix[i];
      copy->keys[i] = node->keys[i];
      if (copy->keys[i]) copy->keys[i]->retain();
    }
    release(node);
    slot = copy;
    return copy;
  }

  // Moves slots [from, from + n) of `source` to `target` at `to` (no count changes, no references).
  static void move_slots(Node* target, int to, Node* source, int from, int n) {
    std::memmove(target->prefix + to, source->prefix + from, n * sizeof(uint64_t));
    std::memmove(target->keys + to, source->keys + from, n * sizeof(const Entry*));
    if (!target->leaf)
      std::memmove(static_cast<Inner*>(target)->children + to, static_cast<Inner*>(source)->children + from,
                   n * sizeof(Node*));
  }
  static void set_slot(Node* node, int i, uint64_t prefix, const Entry* key, Node* child) {
    node->prefix[i] = prefix;
    node->keys[i] = key;
    if (!node->leaf) static_cast<Inner*>(node)->children[i] = child;
  }

  // Inserts a slot at `pos` of an owned node; a full node splits first, into `split`. Appending
  // to a full node moves only the new slot right, so ordered loads leave full nodes behind.
  static void insert_slot(Node* node, int pos, uint64_t prefix, const Entry* key, Node* child, Split& split) {
    if (node->count < kFanout) {
      move_slots(node, pos + 1, node, pos, node->count - pos);
      set_slot(node, pos, prefix, key, child);
      ++node->count;
      return;
    }
    const int mid = pos == kFanout ? kFanout : kFanout / 2;
    Node* right = node->leaf ? static_cast<Node*>(new Leaf) : new Inner;
    move_slots(right, 0, node, mid, kFanout - mid);
    right->count = kFanout - mid;
    node->count = mid;
    Node* target = pos <= mid && mid < kFanout ? node : right;
    const int at = target == node ? pos : pos - mid;
    move_slots(target, at + 1, target, at, target->count - at);
    set_slot(target, at, prefix, key, child);
    ++target->count;
    split.right = right;
    split.prefix = right->prefix[0];
    split.low = right->keys[0];
    if (right->leaf) {
      split.low->retain();
    } else {
      right->keys[0] = nullptr;  // the parent takes this key's reference
      right->prefix[0] = 0;
    }
  }

  // Puts `entry` (a reference, handed over) into the subtree at `slot`, `levels` deep; returns
  // the entry it replaced (its reference, for the caller) or null.
  static const Entry* insert(Node*& slot, int levels, const Probe& probe, const Entry* entry, Split& split) {
    Node* node = own(slot);
    if (levels == 1) {
      const int pos = lower_position(node, probe);
      if (pos < node->count && compare(probe, node, pos) == 0) return std::exchange(node->keys[pos], entry);
      insert_slot(node, pos, probe.prefix, entry, nullptr, split);
      return nullptr;
    }
    const int i = route(node, probe);
    Split below;
    const Entry* replaced = insert(static_cast<Inner*>(node)->children[i], levels - 1, probe, entry, below);
    if (below.right) insert_slot(node, i + 1, below.prefix, below.low, below.right, split);
    return replaced;
  }

  // Removes the entry at `probe` (present) from the subtree at `slot`; returns its reference.
  static const Entry* remove(Node*& slot, int levels, const Probe& probe) {
    Node* node = own(slot);
    if (levels == 1) {
      const int pos = lower_position(node, probe);
      const Entry* removed = node->keys[pos];
      move_slots(node, pos, node, pos + 1, node->count - pos - 1);
      --node->count;
      return removed;
    }
    const int i = route(node, probe);
    const Entry* removed = remove(static_cast<Inner*>(node)->children[i], levels - 1, probe);
    rebalance(static_cast<Inner*>(node), i);
    return removed;
  }

  // Drops slot `i` of an owned inner node (its child already emptied or moved away, count 0).
  static void drop_slot(Inner* node, int i) {
    release(node->children[i]);
    if (i == 0) {
      if (node->count > 1) node->keys[1]->release();  // child 1 becomes the first: no key
    } else {
      node->keys[i]->release();
    }
    move_slots(node, i, node, i + 1, node->count - i - 1);
    --node->count;
    node->keys[0] = nullptr;
    node->prefix[0] = 0;
  }

  // After a removal under children[i]: drops the child if empty, merges it into a neighbour when
  // it has fallen under a quarter full and both fit in one node.
  static void rebalance(Inner* node, int i) {
    Node* child = node->children[i];
    if (child->count == 0) {
      drop_slot(node, i);
      return;
    }
    if (child->count >= kFanout / 4 || node->count < 2) return;
    const int left = i > 0 ? i - 1 : i;
    if (node->children[left]->count + node->children[left + 1]->count > kFanout) return;
    Node* a = own(node->children[left]);
    Node* b = own(node->children[left + 1]);
    const int at = a->count;
    move_slots(a, at, b, 0, b->count);
    if (!a->leaf) {  // b's first child takes the key that separated it from a
      a->keys[at] = std::exchange(node->keys[left + 1], nullptr);
      a->prefix[at] = node->prefix[left + 1];
    }
    a->count += b->count;
    b->count = 0;
    if (node->keys[left + 1]) node->keys[left + 1]->release();
    release(b);
    move_slots(node, left + 1, node, left + 2, node->count - left - 2);
    --node->count;
  }

  const_iterator start() const {
    const_iterator it;
    if (!root_) return it;
    it.depth_ = depth_;
    it.path_[0] = {root_, 0};
    return it;
  }
  const_iterator seek(std::string_view key, bool after) const {
    const_iterator it = start();
    if (!it.depth_) return it;
    const Probe probe{key_prefix(key), key};
    const Node* node = root_;
    for (int level = 0; level < depth_ - 1; ++level) {
      const int i = route(node, probe);
      it.path_[level].index = i;
      node = static_cast<const Inner*>(node)->children[i];
      it.path_[level + 1] = {node, 0};
    }
    it.leaf().index = lower_position(node, probe, after);
    if (it.leaf().index == node->count) it.next_leaf();
    return it;
  }

  inline static std::atomic<std::size_t> live_nodes_{0};

  Node* root_ = nullptr;
  int depth_ = 0;  // levels: 0 empty, 1 a root leaf
  std::size_t size_ = 0;
};

}  // namespace minnow::engine
