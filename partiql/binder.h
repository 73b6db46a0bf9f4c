// The binder: checks a parsed statement against its table and says what DynamoDB runs for it.
//
// A SELECT becomes a GetItem (the WHERE fixes the whole primary key with =), one Query per
// partition (the WHERE fixes the partition key with = or IN; the sort-key conditions that a Query
// can seek on become its key condition), or a Scan; what is left of the WHERE is the filter. An
// INSERT becomes a put of the item on condition that the key does not exist, an UPDATE an update
// of one item on condition that it exists (and the rest of the WHERE holds), a DELETE a delete of
// one item on the rest of the WHERE. Conditions, updates and projections come out as the
// expressions/ trees the JSON operations use, resolved, so that they evaluate the same way.
//
// The order of checks is DynamoDB's: the parameter count, the FROM names, the projection, the
// WHERE and the values in it, then the table (through the caller's lookup, which reports an
// unknown table or index), then ORDER BY and the key. Errors are model::Error with DynamoDB's
// messages (model/partiql_errors.h). Pure and thread-safe.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "expressions/ast.h"
#include "expressions/key_condition.h"
#include "model/attribute_value.h"
#include "model/errors.h"
#include "model/key.h"
#include "partiql/ast.h"
#include "partiql/values.h"

namespace minnow::partiql {

// What the binder needs to know of a table and its indexes.
struct IndexShape {
  std::string name;
  bool global = false;
  std::vector<model::KeyAttribute> hash;   // one, or up to four for a multi-attribute GSI key
  std::vector<model::KeyAttribute> range;  // none, one, or up to four
};

struct TableShape {
  std::string name;
  model::KeySchema key;
};

// Looks up the statement's table (and index, when the FROM names one; `index` is then set).
// Throws the caller's error for a table or index that does not exist.
struct Lookup {
  std::function<const TableShape&(const std::string& table)> table;
  std::function<const IndexShape&(const TableShape& table, const std::string& index)> index;
};

// Where a statement runs: alone (ExecuteStatement), in a BatchExecuteStatement, or in an
// ExecuteTransaction. Batches and transactions read single items by their full key.
enum class Context : uint8_t { Single, Batch, Transaction };

enum class ReadAccess : uint8_t { GetItem, Query, Scan };

struct BoundSelect {
  std::string table;
  std::optional<std::string> index;
  ReadAccess access = ReadAccess::Scan;
  // GetItem: the primary keys to read, in the order the results come back.
  std::vector<model::AttributeMap> keys;
  // Query: the partition key values (one map of the partition key attributes per Query, in
  // the order the results come back) and the conditions on the sort key, the same for each.
  std::vector<model::AttributeMap> partitions;
  std::vector<expressions::KeyConditionTerm> sort_conditions;
  bool forward = true;  // ORDER BY the sort key DESC: false
  std::optional<expressions::Condition> filter;
  // Absent: SELECT *. The name each projected path has in a result item is output_names[i]:
  // its last member name with the list indexes that follow it ("k" for m.k, "L[1]" for L[1]).
  std::optional<expressions::Projection> projection;
  std::vector<std::string> output_names;
};

// Check: EXISTS(SELECT ...) in ExecuteTransaction, a condition on one item that writes nothing.
enum class WriteKind : uint8_t { Insert, Update, Delete, Check };
enum class ReturnValues : uint8_t { None, AllOld, UpdatedOld, AllNew, UpdatedNew };

struct BoundWrite {
  WriteKind kind = WriteKind::Insert;
  std::string table;
  model::AttributeMap key;  // the primary key of the item written
  model::Item item;         // Insert: the whole item
  std::optional<expressions::Update> update;
  // Insert: attribute_not_exists of the partition key (its failure is DuplicateItemException);
  // Update: attribute_exists of the partition key AND the rest of the WHERE; Delete: the rest of
  // the WHERE, if any; Check: the rest of the EXISTS's WHERE.
  std::optional<expressions::Condition> condition;
  ReturnValues returning = ReturnValues::None;
};

struct BoundStatement {
  std::variant<BoundSelect, BoundWrite> body;
  // In a transaction, an error DynamoDB reports as the statement's cancellation reason rather
  // than for the request (a key value of the wrong type, a key attribute updated).
  std::optional<model::Error> deferred_error;
  bool is_read() const { return std::holds_alternative<BoundSelect>(body); }
  const std::string& table() const;
  // The primary key of the one item a batch or transaction statement reads or writes.
  const model::AttributeMap& item_key() const;
};

BoundStatement bind_statement(const Statement& statement, const Parameters& params, const Lookup& lookup,
                              Context context = Context::Single);

// The table a statement names (checked: DynamoDB's table-name rule), before any lookup.
const std::string& statement_table(const Statement& statement);

}  // namespace minnow::partiql
