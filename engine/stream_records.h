// A stream's records, in chunks that copies of the sequence share (issue 38): copying the records
// of a stream, as an image of its database does (engine/database_image.h), costs O(records / 256)
// instead of copying every record's images. Records are only appended at the back and dropped
// from the front (retention), so every chunk but the last is full and never changes; an append
// copies the last chunk first when a copy shares it.
//
// Not thread-safe: a Stream guards its records with its own mutex. Copies of one sequence may be
// used by different threads at once (chunks are shared read-only, through atomic counts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <iterator>
#include <memory>
#include <vector>

#include "engine/stream_record.h"

namespace minnow::engine {

class StreamRecords {
 public:
  static constexpr std::size_t kChunk = 256;

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = StreamRecord;
    using difference_type = std::ptrdiff_t;
    using pointer = const StreamRecord*;
    using reference = const StreamRecord&;

    const_iterator() = default;
    const_iterator(const StreamRecords* records, std::size_t index) : records_(records), index_(index) {}
    reference operator*() const { return (*records_)[index_]; }
    pointer operator->() const { return &(*records_)[index_]; }
    reference operator[](difference_type n) const { return (*records_)[index_ + n]; }
    const_iterator& operator++() { return ++index_, *this; }
    const_iterator operator++(int) { return {records_, index_++}; }
    const_iterator& operator--() { return --index_, *this; }
    const_iterator operator--(int) { return {records_, index_--}; }
    const_iterator& operator+=(difference_type n) { return index_ += n, *this; }
    const_iterator& operator-=(difference_type n) { return index_ -= n, *this; }
    friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
    friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
    friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
      return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.index_ == b.index_; }
    friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.index_ <=> b.index_; }

   private:
    const StreamRecords* records_ = nullptr;
    std::size_t index_ = 0;
  };

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  const StreamRecord& operator[](std::size_t i) const {
    const std::size_t at = first_ + i;
    return chunks_[at / kChunk]->records[at % kChunk];
  }
  const StreamRecord& front() const { return (*this)[0]; }
  const StreamRecord& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  void push_back(StreamRecord record) {
    if (chunks_.empty() || chunks_.back()->records.size() == kChunk) {
      chunks_.push_back(std::make_shared<Chunk>());
      chunks_.back()->records.reserve(kChunk);
    } else if (chunks_.back().use_count() > 1) {  // shared with a copy: this one's own first
      auto own = std::make_shared<Chunk>(*chunks_.back());
      own->records.reserve(kChunk);
      chunks_.back() = std::move(own);
    }
    chunks_.back()->records.push_back(std::move(record));
    ++size_;
  }
  // Drops the first record (its chunk goes with its last record).
  void pop_front() {
    --size_;
    if (++first_ == kChunk || size_ == 0) {
      chunks_.pop_front();
      first_ = 0;
      if (size_ == 0) chunks_.clear();
    }
  }

 private:
  struct Chunk {
    std::vector<StreamRecord> records;  // kChunk, but in the last chunk
  };

  std::deque<std::shared_ptr<Chunk>> chunks_;
  std::size_t first_ = 0;  // records dropped from the first chunk
  std::size_t size_ = 0;
};

}  // namespace minnow::engine
