#include "api/table_lookup.h"

#include <cstdio>
#include <random>

#include "model/arn.h"
#include "model/errors.h"

namespace minnow::api {

std::string table_name_of(std::string_view name_or_arn) {
  // arn:aws:dynamodb:REGION:ACCOUNT:table/NAME
  if (name_or_arn.substr(0, 4) == "arn:") {
    auto slash = name_or_arn.find(":table/");
    if (slash != std::string_view::npos) {
      std::string_view rest = name_or_arn.substr(slash + 7);
      return std::string(rest.substr(0, rest.find('/')));
    }
  }
  return std::string(name_or_arn);
}

std::shared_ptr<engine::Table> find_table(const ActionContext& context, const JsonValue& request,
                                          bool table_operation) {
  return find_table_named(context, request["TableName"], table_operation);
}

std::shared_ptr<engine::Table> find_table_named(const ActionContext& context, const JsonValue& table_name,
                                                bool table_operation) {
  std::string name = table_name_of(view(table_name));
  auto table = context.database.find(name);
  if (!table) throw table_operation ? model::table_not_found(name) : model::Error(model::kTableNotFound);
  return table;
}

std::string arn(const ActionContext& context, std::string_view service, std::string_view resource) {
  return model::arn(service, context.region, context.options.account_id, resource);
}

std::string table_arn(const ActionContext& context, const std::string& table_name) {
  return arn(context, "dynamodb", "table/" + table_name);
}

std::string new_table_id() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  unsigned char bytes[16];
  for (int i = 0; i < 16; i += 8) {
    uint64_t r = random();
    for (int j = 0; j < 8; ++j) bytes[i + j] = static_cast<unsigned char>(r >> (8 * j));
  }
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0F) | 0x40);  // version 4
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3F) | 0x80);  // RFC 4122 variant
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) id += '-';
    id += kHex[bytes[i] >> 4];
    id += kHex[bytes[i] & 0x0F];
  }
  return id;
}

std::string new_backup_arn(const ActionContext& context, const std::string& table_name, int64_t creation_ms) {
  thread_local std::mt19937 random{std::random_device{}()};
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, "%014lld-%08x", static_cast<long long>(creation_ms),
                static_cast<unsigned>(random()));
  return table_arn(context, table_name) + "/backup/" + suffix;
}

int64_t backup_arn_time(const std::string& arn) {
  const std::size_t at = arn.rfind("/backup/");
  if (at == std::string::npos || arn.size() < at + 8 + 14) return -1;
  int64_t ms = 0;
  for (std::size_t i = at + 8; i < at + 8 + 14; ++i) {
    if (arn[i] < '0' || arn[i] > '9') return -1;
    ms = ms * 10 + (arn[i] - '0');
  }
  return ms;
}

}  // namespace minnow::api
