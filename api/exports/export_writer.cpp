// An export's files in DynamoDB's layout in the S3 stand-in (api/exports/exports.h): the items
// requests/exports.h hands over, in DYNAMODB_JSON or ION lines, gzip-compressed data files of
// up to kDataFileBytes, and the manifests.
#include <random>

#include "api/exports/exports.h"
#include "api/movement/item_lines.h"
#include "api/movement/movement.h"
#include "api/request_log.h"
#include "model/item_codec.h"
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

class S3ExportFiles final : public requests::ExportFiles {
 public:
  S3ExportFiles(const ActionContext& context, engine::ExportRecord record, bool ion)
      : context_(context),
        record_(std::move(record)),
        // The manifest's key ends in "manifest-summary.json" (21 characters).
        directory_(record_.manifest_key.substr(0, record_.manifest_key.size() - 21)),
        ion_(ion) {}

  std::optional<requests::TransferFailure> start() override {
    s3_ = movement::s3_store(context_);
    if (!s3_ || !s3_->bucket_exists(record_.s3_bucket)) return movement::no_such_bucket(context_);
    put(directory_ + "_started", "");
    return failure_;
  }

  void add_item(std::string_view encoded) override {
    append_item(text_, ion_, encoded);
    line_added();
  }

  void add_change(int64_t write_micros, const model::Item& keys, std::string_view new_item,
                  std::string_view old_item) override {
    append_change(text_, ion_, write_micros, keys, new_item, old_item);
    line_added();
  }

  // The last data file, then the manifests.
  std::optional<requests::TransferFailure> finish(uint64_t item_count, uint64_t billed_size_bytes) override {
    flush();
    put(directory_ + "manifest-files.json", manifest_files_);
    put(directory_ + "manifest-files.md5", transfer::md5_base64(manifest_files_));
    const std::string summary = manifest_summary(item_count, billed_size_bytes);
    put(record_.manifest_key, summary);
    put(directory_ + "manifest-summary.md5", transfer::md5_base64(summary));
    return failure_;
  }

 private:
  // After the first failure nothing more is written.
  void put(const std::string& key, std::string_view bytes) {
    if (!failure_) failure_ = movement::s3_failure(context_, s3_->put(record_.s3_bucket, key, bytes));
  }

  void line_added() {
    ++file_items_;
    if (text_.size() >= kDataFileBytes) flush();
  }

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

  std::string manifest_summary(uint64_t item_count, uint64_t billed_size_bytes) const {
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
    string("endTime", iso8601_ms(record_.done_ms));
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
    w.Uint64(item_count);
    string("outputFormat", record_.format);
    if (record_.export_type == "INCREMENTAL_EXPORT") string("outputView", record_.view_type);
    string("exportType", record_.export_type);
    w.EndObject();
    return buffer.GetString();
  }

  const ActionContext& context_;
  const engine::ExportRecord record_;
  const std::string directory_;
  const bool ion_;
  const s3local::Store* s3_ = nullptr;
  std::optional<requests::TransferFailure> failure_;
  std::string text_;
  std::string manifest_files_;
  uint64_t file_items_ = 0;
};

}  // namespace

std::shared_ptr<requests::ExportFiles> s3_export_files(const ActionContext& context, engine::ExportRecord record,
                                                       bool ion) {
  return std::make_shared<S3ExportFiles>(context, std::move(record), ion);
}

}  // namespace minnow::api::exports
