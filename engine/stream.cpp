#include "engine/stream.h"

#include <algorithm>
#include <cstdio>

#include "engine/counter.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::engine {

namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t fnv1a(std::string_view text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// A version-4-shaped UUID, unique per sequence number (splitmix64 is a bijection).
std::string event_id(uint64_t sequence, uint64_t salt) {
  uint64_t a = splitmix64(sequence ^ salt), b = splitmix64(a ^ sequence);
  char text[40];
  std::snprintf(text, sizeof text, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(a & 0xfff),
                static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3fff)),
                static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return text;
}

// "shardId-" + 20-digit creation millis + "-" + 8 hex digits, DynamoDB's format.
std::string make_shard_id(int64_t created_ms, const std::string& table, const std::string& label) {
  char text[64];
  std::snprintf(text, sizeof text, "shardId-%020lld-%08x", static_cast<long long>(created_ms),
                static_cast<unsigned>(fnv1a(table + "/" + label) & 0xffffffffU));
  return text;
}

}  // namespace

std::string format_sequence_number(uint64_t sequence) {
  char text[32];
  std::snprintf(text, sizeof text, "%021llu", static_cast<unsigned long long>(sequence));
  return text;
}

std::optional<uint64_t> parse_sequence_number(std::string_view text) {
  if (text.size() < 21 || text.size() > 40) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

Stream::Stream(const Clock& clock, std::atomic<uint64_t>& sequence, const TableDefinition& table, int64_t created_ms,
               uint64_t incarnation)
    : clock_(clock),
      sequence_(sequence),
      table_name_(table.name),
      label_(table.stream_label),
      view_type_(table.stream.view_type),
      key_schema_elements_(table.key_schema_elements),
      key_schema_(table.key_schema),
      created_ms_(created_ms),
      shard_id_(make_shard_id(created_ms, table.name, table.stream_label)),
      starting_sequence_(sequence.fetch_add(1) + 1),
      incarnation_(incarnation) {}

Stream::Stream(const Clock& clock, std::atomic<uint64_t>& sequence, const StreamState& state)
    : clock_(clock),
      sequence_(sequence),
      table_name_(state.table_name),
      label_(state.label),
      view_type_(state.view_type),
      key_schema_elements_(state.key_schema_elements),
      key_schema_(state.key_schema),
      created_ms_(state.created_ms),
      shard_id_(make_shard_id(state.created_ms, state.table_name, state.label)),
      starting_sequence_(state.starting_sequence),
      incarnation_(state.incarnation),
      trimmed_through_(state.trimmed_through),
      ending_(state.ending_sequence) {}

bool Stream::enabled() const {
  std::lock_guard lock(mu_);
  return !ending_;
}

std::optional<uint64_t> Stream::ending_sequence() const {
  std::lock_guard lock(mu_);
  return ending_;
}

StreamRecord Stream::make_record(StreamEvent event, std::string keys, std::optional<std::string_view> old_image,
                                 std::optional<std::string_view> new_image, bool by_ttl) const {
  StreamRecord record;
  record.event = event;
  record.keys = std::move(keys);
  record.size_bytes = model::encoded_item_size(record.keys);
  bool with_new = with_new_images();
  bool with_old = with_old_images();
  if (with_new && new_image) {
    record.new_image = *new_image;
    record.size_bytes += model::encoded_item_size(*new_image);
  }
  if (with_old && old_image) {
    record.old_image = *old_image;
    record.size_bytes += model::encoded_item_size(*old_image);
  }
  record.by_ttl = by_ttl;
  return record;
}

void Stream::number_record(StreamRecord& record) const {
  record.event_id = event_id(record.sequence, fnv1a(shard_id_));
}

StreamAppend Stream::append(std::optional<std::string_view> old_encoded, std::optional<std::string_view> new_encoded,
                            bool by_ttl) {
  const StreamEvent event = !old_encoded  ? StreamEvent::Insert
                            : new_encoded ? StreamEvent::Modify
                                          : StreamEvent::Remove;
  std::string keys =
      model::encode_item(model::key_of(model::decode_item(new_encoded ? *new_encoded : *old_encoded), key_schema_));
  StreamAppend appended{0, clock_.now_ms(), event, keys};
  StreamRecord record = make_record(event, std::move(keys), old_encoded, new_encoded, by_ttl);
  record.created_ms = appended.created_ms;

  std::lock_guard lock(mu_);
  if (ending_) return {};
  trim_locked(record.created_ms);
  record.sequence = appended.sequence = sequence_.fetch_add(1) + 1;
  number_record(record);
  records_.push_back(std::move(record));
  return appended;
}

void Stream::restore_record(StreamRecord record) {
  std::lock_guard lock(mu_);
  const uint64_t last = records_.empty() ? std::max(starting_sequence_, trimmed_through_) : records_.back().sequence;
  if (record.sequence <= last || (ending_ && record.sequence > *ending_)) return;
  StreamRecord full = make_record(record.event, std::move(record.keys), record.old_image, record.new_image, record.by_ttl);
  full.sequence = record.sequence;
  full.created_ms = record.created_ms;
  number_record(full);
  records_.push_back(std::move(full));
  raise_to(sequence_, record.sequence);
}

StreamRecords Stream::records() const {
  std::lock_guard lock(mu_);
  return records_;
}

void Stream::restore_records(const StreamRecords& records) {
  std::lock_guard lock(mu_);
  records_ = records;
  if (!records_.empty()) raise_to(sequence_, records_.back().sequence);
}

StreamState Stream::state() const {
  std::lock_guard lock(mu_);
  return StreamState{incarnation_, table_name_,        label_,  view_type_,      key_schema_elements_, key_schema_,
                     created_ms_,  starting_sequence_, ending_, trimmed_through_};
}

std::size_t Stream::visit_records(uint64_t after, std::size_t limit,
                                  FunctionRef<void(const StreamRecord&)> visit) const {
  std::lock_guard lock(mu_);
  auto it = std::upper_bound(records_.begin(), records_.end(), after,
                             [](uint64_t a, const StreamRecord& r) { return a < r.sequence; });
  std::size_t visited = 0;
  for (; it != records_.end() && visited < limit; ++it, ++visited) visit(*it);
  return visited;
}

void Stream::close() {
  std::lock_guard lock(mu_);
  if (ending_) return;
  ending_ = records_.empty() ? std::max(starting_sequence_, trimmed_through_) : records_.back().sequence;
}

void Stream::trim_locked(int64_t now_ms) {
  while (!records_.empty() && records_.front().created_ms < now_ms - kStreamRetentionMs) {
    trimmed_through_ = records_.front().sequence;
    records_.pop_front();
  }
}

uint64_t Stream::trim_horizon_position() {
  std::lock_guard lock(mu_);
  trim_locked(clock_.now_ms());
  return std::max(starting_sequence_, trimmed_through_ + 1);
}

uint64_t Stream::latest_position(int64_t visible_until_ms) {
  std::lock_guard lock(mu_);
  // The newest records not readable yet come after the iterator, as they will in the shard.
  auto unseen = records_.end();
  while (unseen != records_.begin() && std::prev(unseen)->created_ms > visible_until_ms) --unseen;
  if (unseen != records_.end()) return unseen->sequence;
  if (!records_.empty()) return records_.back().sequence + 1;
  return std::max(starting_sequence_, trimmed_through_ + 1);
}

Stream::ReadResult Stream::read(uint64_t position, std::size_t limit, int64_t visible_until_ms) {
  ReadResult result;
  std::lock_guard lock(mu_);
  trim_locked(clock_.now_ms());
  if (position <= trimmed_through_) {
    result.status = ReadResult::Status::Trimmed;
    return result;
  }
  auto it = std::lower_bound(records_.begin(), records_.end(), position,
                             [](const StreamRecord& r, uint64_t p) { return r.sequence < p; });
  for (; it != records_.end() && result.records.size() < limit && it->created_ms <= visible_until_ms; ++it)
    result.records.push_back(*it);
  result.next_position = result.records.empty() ? position : result.records.back().sequence + 1;
  result.shard_ended = ending_ && it == records_.end() && result.records.empty();
  return result;
}

std::shared_ptr<Stream> StreamRegistry::open(const TableDefinition& def) {
  auto stream = std::make_shared<Stream>(clock_, sequence_, def, clock_.now_ms(), incarnations_.fetch_add(1) + 1);
  std::lock_guard lock(mu_);
  streams_.push_back(stream);
  return stream;
}

std::shared_ptr<Stream> StreamRegistry::restore(const StreamState& state) {
  std::lock_guard lock(mu_);
  for (const auto& stream : streams_)
    if (stream->incarnation() == state.incarnation) return stream;
  auto stream = std::make_shared<Stream>(clock_, sequence_, state);
  streams_.push_back(stream);
  raise_to(sequence_, state.ending_sequence.value_or(state.starting_sequence));
  raise_to(incarnations_, state.incarnation);
  return stream;
}

std::shared_ptr<Stream> StreamRegistry::find_incarnation(uint64_t incarnation) const {
  std::lock_guard lock(mu_);
  for (const auto& stream : streams_)
    if (stream->incarnation() == incarnation) return stream;
  return nullptr;
}

std::shared_ptr<Stream> StreamRegistry::find_open(const std::string& table_name, const std::string& label) const {
  std::lock_guard lock(mu_);
  for (const auto& stream : streams_)
    if (stream->table_name() == table_name && stream->label() == label && stream->enabled()) return stream;
  return nullptr;
}

void StreamRegistry::raise_sequence(uint64_t at_least) { raise_to(sequence_, at_least); }

std::shared_ptr<Stream> StreamRegistry::find(const std::string& table_name, const std::string& label) const {
  std::lock_guard lock(mu_);
  for (const auto& stream : streams_)
    if (stream->table_name() == table_name && stream->label() == label) return stream;
  return nullptr;
}

std::vector<std::shared_ptr<Stream>> StreamRegistry::list(const std::optional<std::string>& table_name) const {
  std::lock_guard lock(mu_);
  std::vector<std::shared_ptr<Stream>> out;
  for (const auto& stream : streams_)
    if (!table_name || stream->table_name() == *table_name) out.push_back(stream);
  return out;
}

void StreamRegistry::clear() {
  std::lock_guard lock(mu_);
  streams_.clear();
}

}  // namespace minnow::engine
