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
#include "api/fault_injection.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/partiql/statements.h"
#include "engine/transaction.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/partiql_errors.h"
#include "partiql/parser.h"

namespace minnow::api::partiql {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "ClientRequestToken": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 36},
  "TransactStatements": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
    "children": {"type": "ValueStruct<ParameterizedStatement>", "children": {
      "Statement": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8192},
      "Parameters": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "AttrStruct<ValueStruct>"},
      )" MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE R"(}}}
})");

// Undoes a token reservation unless the transaction committed.
struct TokenReservation {
  engine::IdempotencyCache* cache = nullptr;
  std::string token;
  ~TokenReservation() {
    if (cache) cache->abandon(token);
  }
};

struct Statement {
  std::string_view text;
  Parameters params;
  bool return_old_on_failure = false;
  std::optional<BoundStatement> bound;
  std::shared_ptr<engine::Table> table;
};

// A statement's binding error as ExecuteTransaction reports it.
[[noreturn]] void fail(std::size_t i, const model::Error& e) {
  if (e.code() != model::ErrorCode::ValidationException) throw e;
  if (e.message() == model::pql_incomplete_key().message()) throw model::pql_transaction_incomplete_key();
  throw model::pql_transaction_statement_invalid(i, e.message());
}

void write_capacity(JsonWriter& out, ReturnConsumedCapacity mode,
                    const std::vector<std::pair<std::shared_ptr<engine::Table>, double>>& units) {
  if (mode == ReturnConsumedCapacity::None) return;
  out.Key("ConsumedCapacity");
  out.StartArray();
  for (const auto& [table, n] : units) write_capacity_entry(out, mode, table->name(), n);
  out.EndArray();
}

void charge(std::vector<std::pair<std::shared_ptr<engine::Table>, double>>& units,
            const std::shared_ptr<engine::Table>& table, double n) {
  auto it = std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.first == table; });
  if (it == units.end()) it = units.insert(units.end(), {table, 0.0});
  it->second += n;
}

void read_transaction(std::vector<Statement>& statements, ReturnConsumedCapacity mode, JsonWriter& out) {
  std::vector<model::CancellationReason> reasons(statements.size(), model::CancellationReason{"None", "", nullptr});
  bool invalid = false;
  std::vector<engine::TransactGetAction> actions;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    if (statements[i].bound->deferred_error) {
      reasons[i] = model::cancellation_reason(*statements[i].bound->deferred_error);
      invalid = true;
    }
    actions.push_back({statements[i].table, std::get<BoundSelect>(statements[i].bound->body).keys.at(0)});
  }
  if (invalid) throw model::transaction_canceled(std::move(reasons));
  std::vector<std::optional<std::string>> items = engine::transact_get(actions);
  std::vector<std::pair<std::shared_ptr<engine::Table>, double>> units;
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
    charge(units, statements[i].table, 2 * read_units(items[i] ? model::encoded_item_size(*items[i]) : 0, true));
  }
  out.EndArray();
  write_capacity(out, mode, units);
  out.EndObject();
}

// Thrown by a statement's decision when another statement already failed its checks: the
// transaction is cancelled anyway, but every condition is still evaluated (and reported).
model::Error not_applied() { return model::Error(model::ErrorCode::TransactionCanceledException, ""); }

void write_transaction(const ActionContext& context, const JsonValue& request, std::vector<Statement>& statements,
                       ReturnConsumedCapacity mode, JsonWriter& out) {
  TokenReservation reservation;
  if (const JsonValue* token = member(request, "ClientRequestToken")) {
    engine::IdempotencyCache& cache = context.database.idempotency();
    auto lookup = cache.begin(std::string(view(*token)), canonical_json_text(request), context.now_ms);
    switch (lookup.status) {
      case engine::IdempotencyCache::Status::Replay:
        out.RawValue(lookup.answer.data(), lookup.answer.size(), rapidjson::kObjectType);
        return;
      case engine::IdempotencyCache::Status::Mismatch:
        throw model::Error(model::kIdempotentParameterMismatch);
      case engine::IdempotencyCache::Status::InProgress:
        throw model::Error(model::kTransactionInProgress);
      case engine::IdempotencyCache::Status::New:
        reservation.cache = &cache;
        reservation.token = std::string(view(*token));
        break;
    }
  }

  std::vector<model::CancellationReason> reasons(statements.size(), model::CancellationReason{"None", "", nullptr});
  std::vector<StatementWrite> writes;
  writes.reserve(statements.size());
  bool invalid = false;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    Statement& s = statements[i];
    if (s.bound->deferred_error) {
      reasons[i] = model::cancellation_reason(*s.bound->deferred_error);
      invalid = true;
    }
    writes.emplace_back(std::get<BoundWrite>(std::move(s.bound->body)), s.table, s.return_old_on_failure, mode);
  }
  {
    std::vector<TouchedItem> touched;
    for (const auto& w : writes) touched.push_back({w.table().get(), &w.bound().key});
    std::vector<bool> hits = conflicting_items(context, touched, Holding::kHold);
    if (!hits.empty()) {
      for (std::size_t i = 0; i < writes.size(); ++i)
        if (hits[i]) reasons[i] = model::cancellation_reason(model::Error(model::kTransactionConflict));
      throw model::transaction_canceled(std::move(reasons));
    }
  }

  std::vector<engine::TransactWriteAction> actions;
  std::vector<std::size_t> action_statement;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    if (statements[i].bound->deferred_error) continue;
    StatementWrite* w = &writes[i];
    const bool check = w->bound().kind == minnow::partiql::WriteKind::Check;
    actions.push_back({w->table(), w->bound().key, [w, check, invalid](const model::Item* old) {
                         engine::WriteDecision d;
                         try {
                           d = w->decide(old, check);
                         } catch (const model::Error& e) {
                           // An existing key is a ValidationError reason in a transaction.
                           if (e.code() == model::ErrorCode::DuplicateItemException)
                             throw model::validation(e.message());
                           throw;
                         }
                         if (invalid) throw not_applied();
                         return d;
                       }});
    action_statement.push_back(i);
  }
  std::vector<std::optional<model::Error>> failed = engine::transact_write(actions);
  if (invalid || !failed.empty()) {
    for (std::size_t k = 0; k < failed.size(); ++k) {
      const auto& e = failed[k];
      if (e && e->code() != model::ErrorCode::TransactionCanceledException)
        reasons[action_statement[k]] = model::cancellation_reason(*e);
    }
    throw model::transaction_canceled(std::move(reasons));
  }

  std::vector<std::pair<std::shared_ptr<engine::Table>, double>> units;
  for (const auto& w : writes) charge(units, w.table(), 2 * w.consumed_capacity().table);
  rapidjson::StringBuffer buffer;
  JsonWriter answer(buffer);
  answer.StartObject();
  answer.Key("Responses");
  answer.StartArray();
  answer.EndArray();
  write_capacity(answer, mode, units);
  answer.EndObject();
  std::string text(buffer.GetString(), buffer.GetSize());
  if (reservation.cache) {
    reservation.cache->finish(reservation.token, text, context.now_ms);
    reservation.cache = nullptr;
  }
  out.RawValue(text.data(), text.size(), rapidjson::kObjectType);
}

void execute_transaction(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue& list = request["TransactStatements"];
  std::vector<Statement> statements(list.Size());
  bool reads = false, writes = false;
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
  if (reads && writes) throw model::pql_transaction_mixed();

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

  const ReturnConsumedCapacity mode = return_consumed_capacity(request);
  if (reads) {
    read_transaction(statements, mode, out);
  } else {
    write_transaction(context, request, statements, mode, out);
  }
}

}  // namespace

const Action kExecuteTransaction{"ExecuteTransaction", &kShape, execute_transaction};

}  // namespace minnow::api::partiql
