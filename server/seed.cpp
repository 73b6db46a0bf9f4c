#include "server/seed.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "api/json.h"

namespace minnow::server {

namespace {

struct Value {
  std::size_t offset, length;
  std::size_t line;  // 1-based, where the value starts
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The top-level JSON values of text[begin, end), separated by whitespace (or, with `commas`, by
// commas: an array's elements). Only strings and brackets are understood: each value is
// parsed properly later.
std::vector<Value> split(std::string_view text, std::size_t begin, std::size_t end, std::size_t line, bool commas,
                         const std::string& path) {
  std::vector<Value> values;
  std::size_t i = begin;
  auto skip = [&](bool allow_comma) {
    while (i < end && (is_space(text[i]) || (allow_comma && text[i] == ','))) {
      if (text[i] == '\n') ++line;
      ++i;
    }
  };
  skip(false);
  while (i < end) {
    Value value{i, 0, line};
    int depth = 0;
    bool in_string = false;
    for (; i < end; ++i) {
      const char c = text[i];
      if (in_string) {
        if (c == '\\') {
          ++i;
        } else if (c == '"') {
          in_string = false;
        }
        continue;
      }
      if (depth == 0 && (is_space(c) || (commas && c == ','))) break;
      if (c == '\n') ++line;
      if (c == '"') {
        in_string = true;
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (--depth < 0) throw std::runtime_error(path + ":" + std::to_string(line) + ": unbalanced '" + c + "'");
        if (depth == 0 && !commas) {
          ++i;
          break;
        }
      }
    }
    if (in_string || depth > 0)
      throw std::runtime_error(path + ":" + std::to_string(value.line) + ": the JSON value starting here never ends");
    value.length = i - value.offset;
    values.push_back(value);
    if (commas) {
      skip(false);
      if (i < end && text[i] != ',')
        throw std::runtime_error(path + ":" + std::to_string(line) + ": expected ',' between array elements");
      if (i < end) ++i;
    }
    skip(false);
  }
  return values;
}

// The values of a seed file: its top-level values, or the elements of its one array.
std::vector<Value> seed_values(std::string_view text, const std::string& path) {
  std::vector<Value> top = split(text, 0, text.size(), 1, false, path);
  if (top.size() == 1 && text[top[0].offset] == '[') {
    std::size_t line = top[0].line;
    return split(text, top[0].offset + 1, top[0].offset + top[0].length - 1, line, true, path);
  }
  return top;
}

// "ErrorType: message" from an error reply.
std::string describe_error(const api::Reply& reply) {
  api::JsonDocument document;
  document.Parse(reply.body.c_str());
  if (document.HasParseError() || !document.IsObject()) return "HTTP " + std::to_string(reply.status);
  std::string type;
  if (const api::JsonValue* t = api::member(document, "__type"); t && t->IsString()) type = api::view(*t);
  type = type.substr(type.find('#') + 1);
  for (const char* name : {"message", "Message"}) {
    if (const api::JsonValue* m = api::member(document, name); m && m->IsString())
      return type + ": " + std::string(api::view(*m));
  }
  return type;
}

}  // namespace

SeedStats load_seed_file(api::Service& service, const std::string& path, const std::string& region) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read seed file " + path);
  std::stringstream contents;
  contents << in.rdbuf();
  const std::string text = contents.str();
  // A signature of the right form (the service is not verifying signatures here).
  const std::string authorization =
      "AWS4-HMAC-SHA256 Credential=seed/20260101/" + region + "/dynamodb/aws4_request, SignedHeaders=host, Signature=0";
  const auth::Header signature_headers[] = {{"Authorization", authorization}, {"X-Amz-Date", "20260101T000000Z"}};

  SeedStats stats;
  std::string current_table;
  for (const Value& value : seed_values(text, path)) {
    const std::string where = path + ":" + std::to_string(value.line) + ": ";
    std::string json = text.substr(value.offset, value.length);
    api::JsonDocument document;
    document.Parse(json.c_str());
    if (document.HasParseError() || !document.IsObject())
      throw std::runtime_error(where +
                               "expected a JSON object: a CreateTable, UpdateTimeToLive or PutItem request, "
                               "or an item in DynamoDB JSON");
    const api::JsonValue* table = api::member(document, "TableName");
    std::string target;
    if (table && table->IsString()) {
      if (api::member(document, "KeySchema")) {
        target = "CreateTable";
        current_table = api::view(*table);
        ++stats.tables;
      } else if (api::member(document, "Item")) {
        target = "PutItem";
        ++stats.items;
      } else if (api::member(document, "TimeToLiveSpecification")) {
        target = "UpdateTimeToLive";
      } else {
        throw std::runtime_error(where +
                                 "a request with TableName but none of KeySchema (CreateTable), Item (PutItem) "
                                 "or TimeToLiveSpecification (UpdateTimeToLive)");
      }
    } else {
      if (current_table.empty())
        throw std::runtime_error(where +
                                 "an item before any CreateTable definition in this file (or give it as "
                                 "{\"TableName\": ..., \"Item\": ...})");
      target = "PutItem";
      json = "{\"TableName\":\"" + current_table + "\",\"Item\":" + json + "}";
      ++stats.items;
    }
    const std::string full_target = "DynamoDB_20120810." + target;
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = full_target;
    request.content_type = "application/x-amz-json-1.0";
    request.headers = signature_headers;
    request.body = std::move(json);
    const api::Reply reply = service.handle(request);
    if (reply.status != 200) throw std::runtime_error(where + describe_error(reply));
  }
  return stats;
}

}  // namespace minnow::server
