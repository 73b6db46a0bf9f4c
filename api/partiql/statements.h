// What ExecuteStatement, BatchExecuteStatement and ExecuteTransaction share: a statement's
// Parameters, its table (and index) looked up for the binder (partiql/binder.h), NextToken, and
// its writes.
//
// The binder turns a statement into key reads, Queries, Scans and single-item writes with
// expressions/ trees; they run as the typed requests of the JSON operations (requests/): reads
// in select.h, writes here as PutItem, UpdateItem and DeleteItem, so that conditions, updates,
// the item size limit, index keys, streams, capacity and 1 MB pages are the same.
// Not thread-safe: one request's objects.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/action.h"
#include "api/capacity.h"
#include "engine/table.h"
#include "partiql/binder.h"
#include "requests/index_target.h"
#include "requests/items.h"
#include "requests/write_operations.h"

namespace minnow::api::partiql {

using minnow::partiql::BoundSelect;
using minnow::partiql::BoundStatement;
using minnow::partiql::BoundWrite;
using minnow::partiql::Parameters;
using requests::IndexTarget;

// What a statement is, by its first word: how batches and transactions tell reads from writes
// before they parse anything.
enum class StatementKind : uint8_t { Read, Write, Check, Other };  // SELECT; INSERT/UPDATE/DELETE; EXISTS
StatementKind statement_kind(std::string_view statement);

// A BatchExecuteStatement slot's Error.Code for an error (BatchStatementErrorCodeEnum).
const char* batch_error_code(model::ErrorCode code);

// The request's "Parameters" (null: absent), decoded with DynamoDB's value checks.
Parameters decode_parameters(const JsonValue* list);

// The tables (and indexes) a request's statements name, each looked up once: missing ones are
// ResourceNotFoundException, unknown indexes "The table does not have the specified index".
class Catalog {
 public:
  explicit Catalog(const ActionContext& context) : context_(context) {}
  minnow::partiql::Lookup lookup();
  std::shared_ptr<engine::Table> table(const std::string& name);
  // Null unless the SELECT reads an index.
  const IndexTarget* index(const BoundSelect& select);

 private:
  struct Entry {
    std::shared_ptr<engine::Table> table;
    minnow::partiql::TableShape shape;
    std::map<std::string, std::pair<minnow::partiql::IndexShape, IndexTarget>> indexes;
  };
  Entry& entry(const std::string& name);
  const ActionContext& context_;
  std::map<std::string, Entry> entries_;
};

// Parses and binds one statement (the parameter count, syntax and every check of the binder).
BoundStatement bind_text(std::string_view statement, const Parameters& params, Catalog& catalog,
                         minnow::partiql::Context where);

// Where a SELECT's next page starts: which of its reads (key, partition) and after which key.
struct PagePosition {
  std::size_t read = 0;
  std::optional<model::AttributeMap> after;
};
// NextToken: opaque to clients, tied to the statement's text.
std::string encode_next_token(std::string_view statement, const PagePosition& position);
PagePosition decode_next_token(std::string_view statement, std::string_view token);

// A projection of attributes a GSI does not hold: "Global secondary index X does not project [..]".
void check_index_projection(const BoundSelect& select, const IndexTarget* index);

// A write statement as the typed write operation the JSON writes build (requests/write_operations.h):
// an INSERT is a Put whose condition is its key's absence, an UPDATE an Update, a DELETE a Delete
// (of no item: done, whatever the rest of its WHERE says, as DynamoDB Local answers), an EXISTS a
// ConditionCheck. Throws ValidationException for an INSERT over 400 KB.
requests::WriteOperation write_operation(BoundWrite write, const engine::Table& table, bool return_old_on_failure);

// The error a write statement that did not happen answers (nullopt: it happened): an INSERT of an
// existing key is DuplicateItemException, an EXISTS that does not hold is "The conditional
// request failed."; the others as UpdateItem and DeleteItem answer theirs.
std::optional<model::Error> write_failure(const requests::ItemWriteResult& result, minnow::partiql::WriteKind kind);

// Runs a single-item write statement as PutItem, UpdateItem or DeleteItem runs (requests/items.h):
// the item RETURNING asks for and the units charged. Throws the statement's failure.
requests::ItemWriteResult run_write(const ActionContext& context, BoundWrite write,
                                    std::shared_ptr<engine::Table> table, bool return_old_on_failure,
                                    ReturnConsumedCapacity capacity);

}  // namespace minnow::api::partiql
