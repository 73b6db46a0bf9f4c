// The parse tree of one PartiQL statement. Every node prints itself (to_string) in a form that
// parses back to an equal tree (tests/partiql/parser_test.cpp checks parse -> to_string -> parse).
//
// The tree is what the statement says, before any table is looked at: binder.h checks it against
// the table and turns it into DynamoDB's operations. Nodes keep the position of their first token
// for the messages that DynamoDB ends with " at LINE:COLUMN:LENGTH".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "partiql/lexer.h"

namespace minnow::partiql {

enum class ExprKind : uint8_t {
  // values
  String,   // text: the value
  Number,   // text: as written (a leading '-' folded in)
  Boolean,  // text: "true" / "false"
  Null,
  Missing,
  Ion,        // text: between the backticks
  Parameter,  // index: 0-based, in statement order
  Struct,     // args: key, value, key, value, ...
  List,       // args
  Bag,        // args  (<< ... >>)
  // paths: a root name and its steps
  Path,
  // operators
  Call,         // text: the function name as written; args
  Compare,      // op; args: 2
  Between,      // args: x, low, high
  In,           // args: x, the collection
  Like,         // args: x, pattern
  Is,           // text: the type name as written (MISSING, NULL, ...); args: x
  And,          // args: 2
  Or,           // args: 2
  Not,          // args: 1
  Arithmetic,   // op; args: 2
  Negate,       // args: 1 (a minus before something that is not a number)
  Unsupported,  // a construct DynamoDB refuses in expressions (SELECT, CASE, CAST, ...): text
};

enum class Op : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Add, Subtract, Multiply, Divide, Modulo, Concat };
const char* op_text(Op op);  // "=", "<>", ..., "||"

struct Expr;

// One step after a path's root: .name, ."name", [expr] (an index, a 'name', or anything else,
// which the binder refuses) or .* (refused too).
struct PathStep {
  enum class Kind : uint8_t { Name, Bracket, Unpivot };
  Kind kind = Kind::Name;
  bool quoted = false;        // Name: written as ."name"
  std::string name;           // Name
  std::vector<Expr> bracket;  // Bracket: exactly one expression
  Position position;
  bool operator==(const PathStep& o) const;
};

struct Expr {
  ExprKind kind = ExprKind::Null;
  Op op = Op::Eq;
  bool negated = false;  // NOT BETWEEN, NOT IN, NOT LIKE, IS NOT
  bool quoted = false;   // Path: the root was a "quoted identifier"
  bool at = false;       // Path: written @x
  uint32_t parens = 0;   // pairs of parentheses written around the node
  uint32_t index = 0;    // Parameter
  std::string text;      // see ExprKind; Path: the root name
  std::vector<Expr> args;
  std::vector<PathStep> steps;  // Path
  Position position;

  std::string to_string() const;
  // Structural equality, ignoring positions.
  bool operator==(const Expr& o) const;
};

// FROM "table" or "table"."index" (the names as written, unquoted).
struct Target {
  std::string table;
  std::optional<std::string> index;
  Position position;
  bool operator==(const Target& o) const { return table == o.table && index == o.index; }
};

enum class Returning : uint8_t { None, AllOld, ModifiedOld, AllNew, ModifiedNew };
const char* returning_text(Returning r);  // "ALL OLD *", ...

struct OrderItem {
  Expr expr;
  std::optional<bool> descending;  // none: not written
  bool operator==(const OrderItem&) const = default;
};

struct SelectStatement {
  bool star = false;
  std::vector<Expr> projection;  // when !star
  Target from;
  std::optional<Expr> where;
  std::vector<OrderItem> order_by;
  bool operator==(const SelectStatement&) const = default;
};

struct InsertStatement {
  Target into;
  Expr value;
  bool operator==(const InsertStatement&) const = default;
};

struct UpdateAssignment {
  bool remove = false;  // REMOVE path; else SET path = value
  Expr path;
  Expr value;
  bool operator==(const UpdateAssignment&) const = default;
};

struct UpdateStatement {
  Target table;
  std::vector<UpdateAssignment> actions;  // in the order written
  std::optional<Expr> where;
  Returning returning = Returning::None;
  bool operator==(const UpdateStatement&) const = default;
};

struct DeleteStatement {
  Target from;
  std::optional<Expr> where;
  Returning returning = Returning::None;
  bool operator==(const DeleteStatement&) const = default;
};

// EXISTS(SELECT ...): a condition check, only inside ExecuteTransaction.
struct ExistsStatement {
  SelectStatement select;
  bool operator==(const ExistsStatement&) const = default;
};

struct Statement {
  std::variant<SelectStatement, InsertStatement, UpdateStatement, DeleteStatement, ExistsStatement> body;
  uint32_t parameters = 0;  // the number of '?' in the statement
  std::string to_string() const;
  bool operator==(const Statement& o) const { return body == o.body && parameters == o.parameters; }
};

}  // namespace minnow::partiql
