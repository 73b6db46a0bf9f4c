#include "api/movement/item_source.h"

#include <deque>
#include <future>

#include "api/movement/item_lines.h"
#include "model/base64.h"
#include "model/errors.h"
#include "model/transfer_errors.h"
#include "transfer/csv.h"
#include "transfer/ion_text.h"

namespace minnow::api::movement {

namespace {

using requests::SourceLocation;
using ItemVisitor = requests::ItemSource::Visitor;

// No object may inflate beyond this (a small bomb in a bucket cannot take the memory).
constexpr std::size_t kMaxObjectBytes = std::size_t{1} << 30;

// What a run of an object's lines gave: each line an item or the error that kept it from being
// one, numbered from 1 within the run.
struct LineRun {
  struct Line {
    std::optional<model::Item> item;
    std::string error;
    std::size_t number = 0;
  };
  std::vector<Line> lines;
  std::size_t line_count = 0;  // blank lines included
};

LineRun read_line_run(std::string_view text) {
  LineRun run;
  JsonDocument scratch;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view content = text.substr(start, end - start);
    const std::size_t number = ++run.line_count;
    start = end + 1;
    if (content.ends_with('\r')) content.remove_suffix(1);
    if (content.find_first_not_of(" \t") == std::string_view::npos) continue;
    try {
      run.lines.push_back({read_item_line(content, scratch), {}, number});
    } catch (const model::Error& e) {
      run.lines.push_back({std::nullopt, e.message(), number});
    }
  }
  return run;
}

// Reading lines is two thirds of a load's time, so runs of about this many bytes are read on
// worker threads, kRunsAhead at a time, while this thread hands the runs already read to `visit`
// in order: the table sees the items, and the error records their lines, as if read in one pass.
constexpr std::size_t kRunBytes = std::size_t{1} << 20;
constexpr std::size_t kRunsAhead = 2;

void read_json_lines(const std::string& key, std::string_view text, ItemVisitor visit) {
  std::deque<std::future<LineRun>> ahead;  // destroyed, waiting for its threads, before `text` is
  std::size_t next = 0, lines_before = 0;
  const auto launch = [&] {
    std::size_t end = next + kRunBytes >= text.size() ? std::string_view::npos : text.find('\n', next + kRunBytes);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const auto policy = next == 0 && end == text.size() ? std::launch::deferred : std::launch::async;
    ahead.push_back(std::async(policy, read_line_run, text.substr(next, end - next)));
    next = end;
  };
  const auto fill = [&] {
    while (next < text.size() && ahead.size() < kRunsAhead) launch();
  };
  fill();
  while (!ahead.empty()) {
    LineRun run = ahead.front().get();
    ahead.pop_front();
    fill();
    for (auto& line : run.lines) {
      const SourceLocation where{&key, lines_before + line.number};
      if (line.item)
        visit(&*line.item, {}, where);
      else
        visit(nullptr, line.error, where);
    }
    lines_before += run.line_count;
  }
}

void read_ion(const std::string& key, std::string_view text, ItemVisitor visit) {
  for (auto& value : transfer::read_ion_values(text)) {
    const SourceLocation where{&key, value.line};
    if (!value.error.empty()) {
      visit(nullptr, value.error, where);
      continue;
    }
    const model::AttributeMap* wrapper =
        value.value.is<model::AttributeMap>() ? &value.value.as<model::AttributeMap>() : nullptr;
    auto item = wrapper ? wrapper->find("Item") : model::AttributeMap::const_iterator();
    if (!wrapper || item == wrapper->end() || !item->second.is<model::AttributeMap>()) {
      visit(nullptr, model::kNotAnIonItem.message, where);
      continue;
    }
    model::Item fields = item->second.as<model::AttributeMap>();
    visit(&fields, {}, where);
  }
}

// A key column's text as the key attribute's type.
model::AttributeValue key_value(const model::KeyAttribute& attribute, const std::string& text) {
  if (attribute.type == model::ValueType::N) return model::AttributeValue(model::Number::parse(text));
  if (attribute.type == model::ValueType::B) {
    std::optional<std::string> bytes = model::base64_decode(text);
    if (!bytes) throw model::Error(model::kBase64Invalid);
    return model::AttributeValue(model::Binary{std::move(*bytes)});
  }
  return model::AttributeValue(text);
}

void read_csv(const std::string& key, std::string_view text, const SourceFormat& format, const model::KeySchema& schema,
              ItemVisitor visit) {
  transfer::CsvReader reader(text, format.csv_delimiter);
  std::vector<std::string> header = format.csv_header, fields;
  std::string error;
  if (header.empty() && !reader.next(header, error)) return;
  if (!error.empty()) return visit(nullptr, error, {&key, reader.line()});
  while (reader.next(fields, error)) {
    const SourceLocation where{&key, reader.line()};
    if (!error.empty()) {
      visit(nullptr, error, where);
      continue;
    }
    if (fields.size() > header.size()) {
      visit(nullptr, model::kCsvTooManyFields.message, where);
      continue;
    }
    try {
      model::Item item;
      for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string& name = header[i];
        if (name == schema.hash.name)
          item.insert_or_assign(name, key_value(schema.hash, fields[i]));
        else if (schema.range && name == schema.range->name)
          item.insert_or_assign(name, key_value(*schema.range, fields[i]));
        else if (!fields[i].empty())
          item.insert_or_assign(name, model::AttributeValue(std::move(fields[i])));
      }
      visit(&item, {}, where);
    } catch (const model::Error& e) {
      visit(nullptr, e.message(), where);
    }
  }
}

class S3ItemSource final : public requests::ItemSource {
 public:
  S3ItemSource(const ActionContext& context, std::string bucket, std::string prefix, SourceFormat format)
      : context_(context), bucket_(std::move(bucket)), prefix_(std::move(prefix)), format_(std::move(format)) {}

  std::optional<requests::TransferFailure> read(const model::KeySchema& schema, uint64_t& total_bytes,
                                                ItemVisitor visit) const override {
    const s3local::Store* s3 = s3_store(context_);
    if (!s3) return no_such_bucket(context_);
    std::vector<s3local::ObjectInfo> objects;
    if (std::optional<requests::TransferFailure> failure = s3_failure(context_, s3->list(bucket_, prefix_, objects)))
      return failure;
    for (const auto& object : objects) total_bytes += object.size;
    std::string stored, text;
    for (const auto& object : objects) {
      if (std::optional<requests::TransferFailure> failure = s3_failure(context_, s3->get(bucket_, object.key, stored)))
        return failure;
      const transfer::DecompressStatus status =
          transfer::decompress(format_.compression, stored, text, kMaxObjectBytes);
      if (status != transfer::DecompressStatus::Ok) {
        visit(nullptr,
              status == transfer::DecompressStatus::TooLarge ? model::kObjectTooLarge.message
                                                             : model::kObjectNotDecompressed.message,
              {&object.key, 0});
        continue;
      }
      switch (format_.kind) {
        case SourceFormat::Kind::DynamoDbJson:
          read_json_lines(object.key, text, visit);
          break;
        case SourceFormat::Kind::Ion:
          read_ion(object.key, text, visit);
          break;
        case SourceFormat::Kind::Csv:
          read_csv(object.key, text, format_, schema, visit);
          break;
      }
    }
    return std::nullopt;
  }

 private:
  const ActionContext& context_;
  const std::string bucket_, prefix_;
  const SourceFormat format_;
};

}  // namespace

std::string error_record(const std::string& bucket, const requests::SourceLocation& where, const char* arn_key,
                         const std::string& arn, const std::string& message) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("itemS3Pointer");
  w.StartObject();
  w.Key("bucket");
  w.String(bucket);
  w.Key("key");
  w.String(*where.key);
  w.Key("itemIndex");
  w.Uint64(where.line);
  w.EndObject();
  w.Key(arn_key);
  w.String(arn);
  w.Key("errorMessages");
  w.StartArray();
  w.String(message);
  w.EndArray();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::shared_ptr<const requests::ItemSource> s3_item_source(const ActionContext& context, std::string bucket,
                                                           std::string prefix, SourceFormat format) {
  return std::make_shared<S3ItemSource>(context, std::move(bucket), std::move(prefix), std::move(format));
}

}  // namespace minnow::api::movement
