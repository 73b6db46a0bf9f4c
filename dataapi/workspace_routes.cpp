// provision, info, env and deprovision: a workspace's life and the details a developer needs.
#include <vector>

#include "dataapi/call.h"
#include "model/data_api_errors.h"

namespace minnow::dataapi {

namespace {

std::string instructions(const Call& call) {
  const DataApiOptions& o = call.state.options;
  const std::string& prefix = call.workspace.prefix;
  return "Use table " + o.table + " in region " + o.region + " with keys pk = \"" + prefix +
         "#<your key>\" and sk = any string; an item with a ttl attribute (Unix seconds) expires. Locally, "
         "point the AWS SDK at Minnow: AWS_ENDPOINT_URL_DYNAMODB=" +
         call.endpoint + " AWS_REGION=" + o.region + " AWS_ACCESS_KEY_ID=" + std::string(kAccessKey) +
         " AWS_SECRET_ACCESS_KEY=" + std::string(kSecretKey) + " DYNAMODB_TABLE=" + o.table +
         " DYNAMODB_PREFIX=" + prefix + " (or eval \"$(minnow env --data-api $AUTH_TOKEN)\").";
}

void write_details(Call& call) {
  const std::string text = instructions(call);
  auto& out = call.out;
  out.StartObject();
  out.Key("tableName");
  out.String(call.state.options.table);
  out.Key("prefix");
  out.String(call.workspace.prefix);
  out.Key("region");
  out.String(call.state.options.region);
  out.Key("instructions");
  out.String(text);
  out.EndObject();
}

// 'VALUE' for a POSIX shell, a quote inside as '\''.
std::string shell_quoted(std::string_view value) {
  std::string out = "'";
  for (char c : value) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

void provision(Call& call) {
  shared_table(call.state);
  call.state.workspaces.set_provisioned(call.workspace, true);
  write_details(call);
}

void info(Call& call) { write_details(call); }

std::string environment_text(const Call& call) {
  const DataApiOptions& o = call.state.options;
  const std::pair<std::string_view, std::string_view> variables[] = {
      {"DYNAMODB_TABLE", o.table},
      {"DYNAMODB_PREFIX", call.workspace.prefix},
      {"AWS_ENDPOINT_URL_DYNAMODB", call.endpoint},
      {"AWS_REGION", o.region},
      {"AWS_ACCESS_KEY_ID", kAccessKey},
      {"AWS_SECRET_ACCESS_KEY", kSecretKey},
  };
  std::string text;
  for (const auto& [name, value] : variables) text += "export " + std::string(name) + "=" + shell_quoted(value) + "\n";
  return text;
}

void deprovision(Call& call) {
  // No new item can arrive through the data API from here on; those already there go page by page.
  call.state.workspaces.set_provisioned(call.workspace, false);
  auto table = shared_table(call.state);
  const std::string bounds = call.workspace.prefix + "#";
  int64_t deleted = 0;
  for (;;) {
    std::vector<model::AttributeMap> keys;
    table->scan_key_prefix(bounds, std::nullopt, engine::PageLimits{1000},
                           [&](std::string_view encoded) { keys.push_back(key_of_encoded(*table, encoded)); });
    if (keys.empty()) break;
    for (const auto& key : keys) {
      table->write(key, [&](const model::Item* old) {
        if (old) ++deleted;
        return engine::WriteDecision::remove();
      });
    }
  }
  auto& out = call.out;
  out.StartObject();
  out.Key("deleted");
  out.Int64(deleted);
  out.EndObject();
}

}  // namespace minnow::dataapi
