#include "api/partiql/statements.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "api/codec.h"
#include "api/write_parts.h"
#include "expressions/functions.h"
#include "model/base64.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/number.h"
#include "model/limits.h"
#include "model/partiql_errors.h"
#include "partiql/parser.h"

namespace minnow::api::partiql {

namespace {

using minnow::partiql::ReadAccess;
using minnow::partiql::ReturnValues;
using minnow::partiql::WriteKind;

// FNV-1a: a NextToken names the statement it continues.
uint64_t statement_hash(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

StatementKind statement_kind(std::string_view statement) {
  std::size_t i = 0;
  while (i < statement.size()) {  // whitespace and comments
    if (statement.compare(i, 2, "--") == 0) {
      i = statement.find('\n', i);
      if (i == std::string_view::npos) return StatementKind::Other;
    } else if (statement.compare(i, 2, "/*") == 0) {
      i = statement.find("*/", i + 2);
      if (i == std::string_view::npos) return StatementKind::Other;
      i += 2;
    } else if (std::isspace(static_cast<unsigned char>(statement[i]))) {
      ++i;
    } else {
      break;
    }
  }
  std::size_t end = i;
  while (end < statement.size() && std::isalpha(static_cast<unsigned char>(statement[end]))) ++end;
  std::string word(statement.substr(i, end - i));
  for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (word == "SELECT") return StatementKind::Read;
  // FROM first is an UPDATE (partiql/parser.cpp).
  if (word == "INSERT" || word == "UPDATE" || word == "DELETE" || word == "FROM") return StatementKind::Write;
  if (word == "EXISTS") return StatementKind::Check;
  return StatementKind::Other;
}

const char* batch_error_code(model::ErrorCode code) {
  switch (code) {
    case model::ErrorCode::ValidationException:
      return "ValidationError";
    case model::ErrorCode::ResourceNotFoundException:
      return "ResourceNotFound";
    case model::ErrorCode::ConditionalCheckFailedException:
      return "ConditionalCheckFailed";
    case model::ErrorCode::DuplicateItemException:
      return "DuplicateItem";
    case model::ErrorCode::TransactionConflictException:
      return "TransactionConflict";
    case model::ErrorCode::ProvisionedThroughputExceededException:
      return "ProvisionedThroughputExceeded";
    case model::ErrorCode::ThrottlingException:
      return "ThrottlingError";
    case model::ErrorCode::RequestLimitExceeded:
      return "RequestLimitExceeded";
    case model::ErrorCode::ItemCollectionSizeLimitExceededException:
      return "ItemCollectionSizeLimitExceeded";
    case model::ErrorCode::AccessDeniedException:
      return "AccessDenied";
    default:
      return "InternalServerError";
  }
}

namespace {
// A parameter's numbers are read as Java's BigDecimal reads them: one whose exponent or scale does
// not fit 32 bits "cannot be converted", wherever it sits (DynamoDB, 2026).
void check_parameter_numbers(const JsonValue& value) {
  if (!value.IsObject()) return;
  for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) {
    const std::string_view type = view(it->name);
    const JsonValue& v = it->value;
    if (type == "N" && v.IsString() && !model::fits_java_bigdecimal(view(v))) throw model::number_not_numeric(std::string(view(v)));
    if (type == "NS" && v.IsArray())
      for (const auto& n : v.GetArray())
        if (n.IsString() && !model::fits_java_bigdecimal(view(n))) throw model::number_not_numeric(std::string(view(n)));
    if (type == "L" && v.IsArray())
      for (const auto& e : v.GetArray()) check_parameter_numbers(e);
    if (type == "M" && v.IsObject())
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) check_parameter_numbers(m->value);
  }
}
}  // namespace

Parameters decode_parameters(const JsonValue* list) {
  Parameters out;
  if (!list) return out;
  out.reserve(list->Size());
  for (const auto& v : list->GetArray()) {
    check_parameter_numbers(v);
    out.push_back(decode_value(v));
  }
  return out;
}

// ---- Catalog ------------------------------------------------------------------------------------

Catalog::Entry& Catalog::entry(const std::string& name) {
  auto it = entries_.find(name);
  if (it != entries_.end()) return it->second;
  std::shared_ptr<engine::Table> table = context_.database.find(name);
  if (!table) throw model::Error(model::kTableNotFound);
  Entry e;
  e.shape = minnow::partiql::TableShape{name, table->key_schema()};
  e.table = std::move(table);
  return entries_.emplace(name, std::move(e)).first->second;
}

std::shared_ptr<engine::Table> Catalog::table(const std::string& name) { return entry(name).table; }

minnow::partiql::Lookup Catalog::lookup() {
  minnow::partiql::Lookup l;
  l.table = [this](const std::string& name) -> const minnow::partiql::TableShape& { return entry(name).shape; };
  l.index = [this](const minnow::partiql::TableShape& shape,
                   const std::string& name) -> const minnow::partiql::IndexShape& {
    Entry& e = entry(shape.name);
    auto it = e.indexes.find(name);
    if (it == e.indexes.end()) {
      std::optional<IndexTarget> found = requests::find_index_target(*e.table, name, context_.now_ms);
      if (!found) throw model::Error(model::kPqlIndexNotFound);  // PartiQL's words do not name the index
      IndexTarget target = std::move(*found);
      minnow::partiql::IndexShape s{target.name, target.global, target.key.hash, target.key.range};
      it = e.indexes.emplace(name, std::make_pair(std::move(s), std::move(target))).first;
    }
    return it->second.first;
  };
  return l;
}

const IndexTarget* Catalog::index(const BoundSelect& select) {
  if (!select.index) return nullptr;
  return &entry(select.table).indexes.at(*select.index).second;
}

BoundStatement bind_text(std::string_view statement, const Parameters& params, Catalog& catalog,
                         minnow::partiql::Context where) {
  return minnow::partiql::bind_statement(minnow::partiql::parse_statement(statement), params, catalog.lookup(), where);
}

// ---- NextToken ----------------------------------------------------------------------------------

std::string encode_next_token(std::string_view statement, const PagePosition& position) {
  std::string bytes(16, '\0');
  uint64_t hash = statement_hash(statement);
  uint64_t read = position.read;
  std::memcpy(bytes.data(), &hash, 8);
  std::memcpy(bytes.data() + 8, &read, 8);
  if (position.after) bytes += model::encode_item(*position.after);
  return model::base64_encode(bytes);
}

PagePosition decode_next_token(std::string_view statement, std::string_view token) {
  std::optional<std::string> bytes = model::base64_decode(token);
  if (!bytes || bytes->size() < 16) throw model::Error(model::kPqlInvalidNextToken);
  uint64_t hash = 0, read = 0;
  std::memcpy(&hash, bytes->data(), 8);
  std::memcpy(&read, bytes->data() + 8, 8);
  if (hash != statement_hash(statement)) throw model::Error(model::kPqlNextTokenMismatch);
  PagePosition p;
  p.read = static_cast<std::size_t>(read);
  if (bytes->size() > 16) {
    try {
      p.after = model::decode_item(std::string_view(*bytes).substr(16));
    } catch (...) {
      throw model::Error(model::kPqlInvalidNextToken);
    }
  }
  return p;
}

// ---- Reads ------------------------------------------------------------------------------------

void check_index_projection(const BoundSelect& select, const IndexTarget* index) {
  if (!index || !index->global || index->projects_all || !select.projection) return;
  std::vector<std::string> missing;
  // In the statement's order (the bound projection lists its paths last to first).
  for (auto p = select.projection->paths.rbegin(); p != select.projection->paths.rend(); ++p) {
    const std::string& head = p->elements[0].name;
    bool held = std::find(index->projected.begin(), index->projected.end(), head) != index->projected.end();
    if (!held && std::find(missing.begin(), missing.end(), head) == missing.end()) missing.push_back(head);
  }
  if (!missing.empty()) throw model::global_index_does_not_project(index->name, missing);
}

// ---- Writes -------------------------------------------------------------------------------------

namespace {

// attribute_not_exists(<partition key>) OR `condition`.
expressions::Condition unless_absent(expressions::Condition condition, const std::string& partition_key) {
  expressions::Node path;
  path.kind = expressions::NodeKind::Path;
  expressions::PathElement element;
  element.text = element.name = partition_key;
  path.path.elements.push_back(std::move(element));
  expressions::Node absent = expressions::function_call(expressions::Function::AttributeNotExists, {std::move(path)});
  expressions::Node either;
  either.kind = expressions::NodeKind::Or;
  either.args.push_back(std::move(absent));
  either.args.push_back(std::move(condition.root));
  condition.root = std::move(either);
  return condition;
}

requests::ReturnValues return_values_of(minnow::partiql::ReturnValues returning) {
  using R = minnow::partiql::ReturnValues;
  switch (returning) {
    case R::AllOld:
      return requests::ReturnValues::AllOld;
    case R::UpdatedOld:
      return requests::ReturnValues::UpdatedOld;
    case R::AllNew:
      return requests::ReturnValues::AllNew;
    case R::UpdatedNew:
      return requests::ReturnValues::UpdatedNew;
    case R::None:
      break;
  }
  return requests::ReturnValues::None;
}

}  // namespace

requests::WriteOperation write_operation(BoundWrite write, const engine::Table& table, bool return_old_on_failure) {
  requests::WriteCondition condition{std::move(write.condition), return_old_on_failure};
  switch (write.kind) {
    case minnow::partiql::WriteKind::Insert: {
      requests::Put put = requests::Put::of(write.item);
      if (put.size > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
      put.key = std::move(write.key);
      put.condition = std::move(condition);
      return put;
    }
    case minnow::partiql::WriteKind::Update:
      return requests::Update{std::move(write.key), std::move(write.update), {}, std::move(condition)};
    case minnow::partiql::WriteKind::Delete:
      if (condition.expression)
        condition.expression = unless_absent(std::move(*condition.expression), table.key_schema().hash.name);
      return requests::Delete{std::move(write.key), std::move(condition)};
    case minnow::partiql::WriteKind::Check:
      break;
  }
  return requests::ConditionCheck{std::move(write.key), std::move(condition)};
}

std::optional<model::Error> write_failure(const requests::ItemWriteResult& result, minnow::partiql::WriteKind kind) {
  using minnow::partiql::WriteKind;
  if (kind == WriteKind::Insert && result.status == requests::ItemWriteResult::Status::ConditionFailed) {
    model::Error error(model::kPqlDuplicateItem);
    if (result.failed_item) error.item = std::make_shared<model::AttributeValue>(*result.failed_item);
    return error;
  }
  return failure_error(result, kind == WriteKind::Update, kind == WriteKind::Check);
}

requests::ItemWriteResult run_write(const ActionContext& context, BoundWrite write,
                                    std::shared_ptr<engine::Table> table, bool return_old_on_failure,
                                    ReturnConsumedCapacity capacity) {
  const minnow::partiql::WriteKind kind = write.kind;
  const requests::ReturnValues returning = return_values_of(write.returning);
  requests::WriteOperation operation = write_operation(std::move(write), *table, return_old_on_failure);
  requests::ItemWriteResult result;
  if (auto* put = std::get_if<requests::Put>(&operation)) {
    result = requests::execute(context.requests(),
                               requests::PutItemRequest{std::move(table), std::move(*put), returning, capacity});
  } else if (auto* update = std::get_if<requests::Update>(&operation)) {
    result = requests::execute(context.requests(),
                               requests::UpdateItemRequest{std::move(table), std::move(*update), returning, capacity});
  } else {
    result =
        requests::execute(context.requests(),
                          requests::DeleteItemRequest{
                              std::move(table), std::get<requests::Delete>(std::move(operation)), returning, capacity});
  }
  if (auto error = write_failure(result, kind)) throw *error;
  return result;
}

}  // namespace minnow::api::partiql
