// ExecuteTransaction: up to 100 statements, all reads (SELECT of one item by its key) or all
// writes (INSERT, UPDATE, DELETE and EXISTS(SELECT ...) condition checks), applied together.
//
// Checks, in DynamoDB Local's order: shape; every statement's Parameters; reads and writes not
// mixed; each statement's syntax, then its binding ("Validation failed in
// TransactStatements[i]: ..."; a table that does not exist is ResourceNotFoundException); no
// item twice; the ClientRequestToken (as TransactWriteItems: the same request again answers the
// same without being applied again, another one with that token is
// IdempotentParameterMismatchException). A key of the wrong type, an UPDATE of a key attribute
// and an INSERT of an existing key are ValidationError cancellation reasons; a failed WHERE is
// ConditionalCheckFailed ("The conditional request failed." for an EXISTS); every statement is
// evaluated and TransactionCanceledException lists one reason per statement, in order.
//
// Answers {"Responses": [{"Item"} or {} per statement]} for reads, {"Responses": []} for writes,
// with ConsumedCapacity (one entry per table, transactional units: twice the single-item ones)
// when asked for.
#include <algorithm>

#include "api/codec.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/partiql/select.h"
#include "api/partiql/statements.h"
#include "api/write_outcome.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/partiql_errors.h"
#include "partiql/parser.h"
#include "requests/transactions.h"

namespace minnow::api::partiql {

namespace execute_transaction {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "ClientRequestToken": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 36},
  "TransactStatements": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
    "children": {"type": "ValueStruct<ParameterizedStatement>", "children": {
      "Statement": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8192},
      "Parameters": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "AttrStruct<ValueStruct>"},
      )" MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE R"(}}}
})");

struct Statement {
  std::string text;
  Parameters params;
  bool return_old_on_failure = false;
  std::optional<BoundStatement> bound;
  std::shared_ptr<engine::Table> table;
};

// A statement's binding error as ExecuteTransaction reports it.
[[noreturn]] void fail(std::size_t i, const model::Error& e) {
  if (e.code() != model::ErrorCode::ValidationException) throw e;
  if (e.value_fault == model::ValueFault::IncompleteKey) throw model::Error(model::kPqlTransactionIncompleteKey);
  throw model::pql_transaction_statement_invalid(i, e.message());
}

void read_transaction(const ActionContext& context, std::vector<Statement>& statements, ReturnConsumedCapacity mode,
                      JsonWriter& out) {
  std::vector<model::CancellationReason> reasons(statements.size(), model::CancellationReason{"None", "", nullptr});
  bool invalid = false;
  requests::TransactGetItemsRequest request;
  request.return_consumed_capacity = mode;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    if (statements[i].bound->deferred_error) {
      reasons[i] = model::cancellation_reason(*statements[i].bound->deferred_error);
      invalid = true;
    }
    request.gets.push_back({statements[i].table, std::get<BoundSelect>(statements[i].bound->body).keys.at(0), {}});
  }
  if (invalid) throw model::transaction_canceled(std::move(reasons));
  requests::TransactGetItemsResult result = requests::execute(context.requests(), request);
  if (!result.conflicts.empty()) {
    for (std::size_t i = 0; i < statements.size(); ++i)
      if (result.conflicts[i]) reasons[i] = model::cancellation_reason(model::Error(model::kTransactionConflict));
    throw model::transaction_canceled(std::move(reasons));
  }
  if (result.refused) {
    reasons[result.refused->first] = model::cancellation_reason(result.refused->second);
    throw model::transaction_canceled(std::move(reasons));
  }
  const std::vector<std::optional<std::string>>& items = result.items;
  TableCharges charges;
  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const auto& select = std::get<BoundSelect>(statements[i].bound->body);
    std::optional<model::Item> item = select_result_of(select, items[i]);
    out.StartObject();
    if (item) {
      out.Key("Item");
      write_attribute_map(out, *item);
    }
    out.EndObject();
    charges.add(statements[i].table.get(), requests::table_capacity(result.units[i]));
  }
  out.EndArray();
  write_consumed_capacity(out, mode, charges);
  out.EndObject();
}

// The statements as a TransactWriteItems of typed write operations (requests/transactions.h):
// the same decisions, idempotency and conflicts. A statement the binder deferred an error for,
// or an INSERT over 400 KB, is an invalid action: its reason, the others still evaluated.
// The statements bound and checked together, and what the answer needs besides.
struct Decoded {
  std::vector<Statement> statements;
  bool reads = false;  // a read transaction (the statements are all reads or all writes)
  ReturnConsumedCapacity mode = ReturnConsumedCapacity::None;
  std::optional<std::string> client_request_token;
  std::string idempotency_parameters;  // the request as canonical JSON, with a token
};

void write_transaction(const ActionContext& context, Decoded& decoded, JsonWriter& out) {
  std::vector<Statement>& statements = decoded.statements;
  const ReturnConsumedCapacity mode = decoded.mode;
  requests::TransactWriteItemsRequest request;
  request.return_consumed_capacity = mode;
  if (decoded.client_request_token) {
    request.client_request_token = std::move(decoded.client_request_token);
    request.idempotency_parameters = std::move(decoded.idempotency_parameters);
  }
  std::vector<minnow::partiql::WriteKind> kinds;
  for (Statement& s : statements) {
    BoundWrite& write = std::get<BoundWrite>(s.bound->body);
    kinds.push_back(write.kind);
    requests::TransactWriteAction action{s.table, requests::ConditionCheck{write.key, {}}, s.bound->deferred_error};
    if (!action.invalid) {
      try {
        action.operation = write_operation(std::move(write), *s.table, s.return_old_on_failure);
      } catch (const model::Error& e) {
        action.invalid = e;
      }
    }
    request.actions.push_back(std::move(action));
  }

  auto answer = [&](const std::vector<requests::ItemWriteResult>& results) {
    TableCharges charges;
    for (std::size_t i = 0; i < results.size(); ++i)
      charges.add(request.actions[i].table.get(), requests::transactional_write(results[i].consumed));
    rapidjson::StringBuffer buffer;
    JsonWriter answer(buffer);
    answer.StartObject();
    answer.Key("Responses");
    answer.StartArray();
    answer.EndArray();
    write_consumed_capacity(answer, mode, charges);
    answer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
  };
  requests::TransactWriteItemsResult result = requests::execute(context.requests(), request, answer);
  if (write_committed(out, result)) return;
  std::vector<model::CancellationReason> reasons(statements.size(), model::CancellationReason{"None", "", nullptr});
  for (std::size_t i = 0; i < result.actions.size(); ++i) {
    std::optional<model::Error> error = write_failure(result.actions[i], kinds[i]);
    if (!error) continue;
    // An existing key is a ValidationError reason in a transaction.
    if (error->code() == model::ErrorCode::DuplicateItemException) error = model::validation(error->message());
    reasons[i] = model::cancellation_reason(*error);
  }
  throw model::transaction_canceled(std::move(reasons));
}

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded decoded;
  const JsonValue& list = json["TransactStatements"];
  std::vector<Statement>& statements = decoded.statements;
  statements.resize(list.Size());
  bool& reads = decoded.reads;
  bool writes = false;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const JsonValue& s = list[static_cast<rapidjson::SizeType>(i)];
    statements[i].text = view(s["Statement"]);
    statements[i].params = decode_parameters(member(s, "Parameters"));
    const JsonValue* on_failure = member(s, "ReturnValuesOnConditionCheckFailure");
    statements[i].return_old_on_failure = on_failure && view(*on_failure) == "ALL_OLD";
    StatementKind kind = statement_kind(statements[i].text);
    reads = reads || kind == StatementKind::Read;
    writes = writes || kind == StatementKind::Write || kind == StatementKind::Check;
  }
  if (reads && writes) throw model::Error(model::kPqlTransactionMixed);

  Catalog catalog(context);
  for (std::size_t i = 0; i < statements.size(); ++i) {
    Statement& s = statements[i];
    // Syntax errors are the request's as they are; the binder's name the statement.
    minnow::partiql::Statement parsed = minnow::partiql::parse_statement(s.text);
    try {
      s.bound =
          minnow::partiql::bind_statement(parsed, s.params, catalog.lookup(), minnow::partiql::Context::Transaction);
    } catch (const model::Error& e) {
      fail(i, e);
    }
    s.table = catalog.table(s.bound->table());
  }
  for (std::size_t i = 0; i < statements.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (statements[i].table == statements[j].table &&
          statements[i].bound->item_key() == statements[j].bound->item_key())
        throw model::Error(model::kTransactionSameItem);

  decoded.mode = return_consumed_capacity(json);
  if (const JsonValue* token = member(json, "ClientRequestToken")) {
    decoded.client_request_token = std::string(view(*token));
    decoded.idempotency_parameters = canonical_json_text(json);
  }
  return decoded;
}

void execute_transaction(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  if (decoded.reads) {
    read_transaction(context, decoded.statements, decoded.mode, out);
  } else {
    write_transaction(context, decoded, out);
  }
}

}  // namespace execute_transaction

const Action kExecuteTransaction{"ExecuteTransaction", &execute_transaction::kShape, execute_transaction::decode,
                                 execute_transaction::execute_transaction};

}  // namespace minnow::api::partiql
