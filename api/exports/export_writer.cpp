// ExportTableToPointInTime's work: the items as they were, filtered and projected, written in
// DynamoDB's layout into the S3 stand-in (api/exports/exports.h).
#include <random>

#include "api/exports/exports.h"
#include "api/movement/item_lines.h"
#include "api/movement/movement.h"
#include "api/request_log.h"
#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "transfer/checksum.h"
#include "transfer/compression.h"
#include "transfer/ion_text.h"

namespace minnow::api::exports {

namespace {

// A new data file after this many bytes of (uncompressed) lines.
constexpr std::size_t kDataFileBytes = 64u << 20;

// 26 letters and digits of base32, as DynamoDB names its data files.
std::string data_file_name() {
  thread_local std::mt19937 random{std::random_device{}()};
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string name;
  for (int i = 0; i < 26; ++i) name += kAlphabet[random() % 32];
  return name;
}

class ExportFiles {
 public:
  ExportFiles(const ActionContext& context, const s3local::Store& s3, const engine::ExportRecord& record,
              std::string directory, bool ion)
      : context_(context), s3_(s3), record_(record), directory_(std::move(directory)), ion_(ion) {}

  bool put(const std::string& key, std::string_view bytes) {
    if (failure_) return false;
    failure_ = movement::s3_failure(context_, s3_.put(record_.s3_bucket, key, bytes));
    return !failure_;
  }
  const std::optional<movement::Failure>& failure() const { return failure_; }

  // Lines are appended to text(); each line is one item.
  std::string& text() { return text_; }
  void line_added() {
    ++file_items_;
    ++items_;
    if (text_.size() >= kDataFileBytes) flush();
  }
  uint64_t items() const { return items_; }

  // The last data file, then the manifests.
  void finish(uint64_t billed_size_bytes, int64_t end_ms) {
    flush();
    put(directory_ + "manifest-files.json", manifest_files_);
    put(directory_ + "manifest-files.md5", transfer::md5_base64(manifest_files_));
    const std::string summary = manifest_summary(billed_size_bytes, end_ms);
    put(record_.manifest_key, summary);
    put(directory_ + "manifest-summary.md5", transfer::md5_base64(summary));
  }

 private:
  void flush() {
    if (file_items_ == 0) return;
    const std::string key = directory_ + "data/" + data_file_name() + (ion_ ? ".ion.gz" : ".json.gz");
    if (ion_) text_.insert(0, std::string(transfer::kIonVersionMarker) + " ");
    const std::string bytes = transfer::gzip(text_);
    put(key, bytes);
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.StartObject();
    w.Key("itemCount");
    w.Uint64(file_items_);
    w.Key("md5Checksum");
    w.String(transfer::md5_base64(bytes));
    w.Key("etag");
    w.String(transfer::md5_hex(bytes));
    w.Key("dataFileS3Key");
    w.String(key);
    w.EndObject();
    manifest_files_.append(buffer.GetString(), buffer.GetSize());
    manifest_files_ += '\n';
    text_.clear();
    file_items_ = 0;
  }

  std::string manifest_summary(uint64_t billed_size_bytes, int64_t end_ms) const {
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    const auto string = [&](const char* key, const std::string& value) {
      w.Key(key);
      if (value.empty())
        w.Null();
      else
        w.String(value);
    };
    w.StartObject();
    string("version", "2020-06-30");
    string("exportArn", record_.arn);
    string("startTime", iso8601_ms(record_.start_ms));
    string("endTime", iso8601_ms(end_ms));
    string("tableArn", record_.table_arn);
    string("tableId", record_.table_id);
    if (record_.export_type == "FULL_EXPORT") {
      string("exportTime", iso8601_ms(record_.export_time_ms));
    } else {
      string("exportFromTime", iso8601_ms(record_.from_ms));
      string("exportToTime", iso8601_ms(record_.to_ms));
    }
    string("s3Bucket", record_.s3_bucket);
    string("s3Prefix", record_.s3_prefix);
    string("s3SseAlgorithm", record_.s3_sse_algorithm.empty() ? "AES256" : record_.s3_sse_algorithm);
    string("s3SseKmsKeyId", record_.s3_sse_kms_key_id);
    string("manifestFilesS3Key", directory_ + "manifest-files.json");
    w.Key("billedSizeBytes");
    w.Uint64(billed_size_bytes);
    w.Key("itemCount");
    w.Uint64(items_);
    string("outputFormat", record_.format);
    if (record_.export_type == "INCREMENTAL_EXPORT") string("outputView", record_.view_type);
    string("exportType", record_.export_type);
    w.EndObject();
    return buffer.GetString();
  }

  const ActionContext& context_;
  const s3local::Store& s3_;
  const engine::ExportRecord& record_;
  const std::string directory_;
  const bool ion_;
  std::optional<movement::Failure> failure_;
  std::string text_;
  std::string manifest_files_;
  uint64_t file_items_ = 0;
  uint64_t items_ = 0;
};

// The item as the export writes it, or nullopt when the filter leaves it out. `encoded` is
// returned as it is when nothing is filtered or projected.
std::optional<std::string> exported(const ExportTableToPointInTimeRequest& request, std::string_view encoded) {
  if (!request.key_condition && !request.filter && !request.projection) return std::string(encoded);
  model::Item item = model::decode_item(encoded);
  if (request.key_condition && !expressions::evaluate(*request.key_condition, &item)) return std::nullopt;
  if (request.filter && !expressions::evaluate(*request.filter, &item)) return std::nullopt;
  if (request.projection) item = expressions::project(item, *request.projection);
  return model::encode_item(item);
}

void append_item(std::string& out, bool ion, std::string_view encoded) {
  if (!ion) return movement::append_item_line(out, encoded);
  out += "{Item:";
  transfer::append_ion_struct(out, model::decode_item(encoded));
  out += "}\n";
}

void append_change(std::string& out, bool ion, int64_t micros, const model::Item& keys, std::string_view new_item,
                   std::string_view old_item) {
  if (!ion) return movement::append_change_line(out, micros, keys, new_item, old_item);
  out += "{Metadata:{WriteTimestampMicros:";
  out += std::to_string(micros);
  out += ".},Keys:";
  transfer::append_ion_struct(out, keys);
  if (!new_item.empty()) {
    out += ",NewImage:";
    transfer::append_ion_struct(out, model::decode_item(new_item));
  }
  if (!old_item.empty()) {
    out += ",OldImage:";
    transfer::append_ion_struct(out, model::decode_item(old_item));
  }
  out += "}\n";
}

// The items of a full export; returns the billed size (the table's size at ExportTime).
uint64_t write_full(const ActionContext& context, const ExportTableToPointInTimeRequest& request, ExportFiles& files) {
  std::optional<engine::TableSnapshot> snapshot =
      request.table->snapshot_at(request.record.export_time_ms, context.now_ms);
  if (!snapshot) return 0;  // the decoder checked the time; the window cannot have shrunk below it
  for (const auto& [key, encoded] : snapshot->items) {
    std::optional<std::string> item = exported(request, encoded);
    if (!item) continue;
    append_item(files.text(), request.ion, *item);
    files.line_added();
  }
  return snapshot->size_bytes;
}

// The changes of an incremental export; returns the billed size (the changed items' new sizes).
uint64_t write_incremental(const ActionContext& context, const ExportTableToPointInTimeRequest& request,
                           ExportFiles& files) {
  const engine::ExportRecord& record = request.record;
  const std::map<std::string, int64_t> changed = request.table->changed_keys(record.from_ms, record.to_ms);
  if (changed.empty()) return 0;
  const std::optional<engine::RecoveryWindow> window = request.table->recovery_window(context.now_ms);
  const int64_t before_ms = std::max(record.from_ms - 1, window ? window->earliest_ms : record.from_ms);
  std::optional<engine::TableSnapshot> before = request.table->snapshot_at(before_ms, context.now_ms);
  std::optional<engine::TableSnapshot> after = request.table->snapshot_at(record.to_ms - 1, context.now_ms);
  if (!before || !after) return 0;
  const model::KeySchema& schema = request.table->key_schema();
  uint64_t billed = 0;
  for (const auto& [key, time_ms] : changed) {
    auto old_it = before->items.find(key);
    auto new_it = after->items.find(key);
    const bool had = old_it != before->items.end(), has = new_it != after->items.end();
    if (!had && !has) continue;  // made and deleted inside the window
    if (had && has && old_it->second == new_it->second) continue;
    std::optional<std::string> new_item, old_item;
    if (has) new_item = exported(request, new_it->second);
    if (had && request.new_and_old_images) old_item = exported(request, old_it->second);
    // The filter decides on the image the change leaves (the old one for a delete).
    if (has ? !new_item : !exported(request, old_it->second)) continue;
    const model::Item keys = model::key_of(model::decode_item(has ? new_it->second : old_it->second), schema);
    if (has) billed += model::encoded_item_size(new_it->second);
    append_change(files.text(), request.ion, time_ms * 1000, keys, new_item.value_or(""), old_item.value_or(""));
    files.line_added();
  }
  return billed;
}

}  // namespace

ExportResult execute(const ActionContext& context, const ExportTableToPointInTimeRequest& request) {
  ExportResult result;
  const s3local::Store* s3 = movement::s3_store(context);
  const engine::ExportRecord& record = request.record;
  if (!s3 || !s3->bucket_exists(record.s3_bucket)) {
    const movement::Failure failure = movement::no_such_bucket(context);
    result.failure_code = failure.code;
    result.failure_message = failure.message;
    return result;
  }
  const std::string directory =
      record.manifest_key.substr(0, record.manifest_key.size() - 21);  // "manifest-summary.json"
  ExportFiles files(context, *s3, record, directory, request.ion);
  if (files.put(directory + "_started", "")) {
    result.billed_size_bytes =
        request.incremental ? write_incremental(context, request, files) : write_full(context, request, files);
    files.finish(result.billed_size_bytes, record.done_ms);
  }
  result.item_count = files.items();
  if (files.failure()) {
    result.failure_code = files.failure()->code;
    result.failure_message = files.failure()->message;
  }
  return result;
}

}  // namespace minnow::api::exports
