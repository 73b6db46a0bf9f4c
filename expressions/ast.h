// The parse trees of DynamoDB expressions. Every node prints itself (to_string) in a form that
// parses back to an equal tree (parser_test.cpp checks parse -> to_string -> parse).
//
// A tree is built by parser.h with placeholders unresolved; resolve.h fills in PathElement::name
// and Node::value from ExpressionAttributeNames/Values. After that the tree is immutable and may
// be evaluated concurrently from several threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::expressions {

// One step of a document path: a map member (written as a name or a #placeholder) or a list index.
struct PathElement {
  enum class Kind : uint8_t { Name, Placeholder, Index };
  Kind kind = Kind::Name;
  uint32_t index = 0;   // Index
  uint32_t offset = 0;  // in the expression text
  std::string text;     // Name: the identifier; Placeholder: "#x"; Index: the digits
  std::string name;     // the attribute name: text for Name, the substitution for Placeholder

  bool is_index() const { return kind == Kind::Index; }
  bool operator==(const PathElement& o) const { return kind == o.kind && index == o.index && text == o.text; }
};

struct Path {
  std::vector<PathElement> elements;  // never empty; elements[0] is never an index

  std::string to_string() const;  // as written: a.#b[2]
  // DynamoDB's form in messages, with resolved names: [a, b, [2]]
  std::string message_string() const;
  bool operator==(const Path& o) const { return elements == o.elements; }
};

// A total order on resolved paths (-1, 0, 1): element by element, list indexes before names,
// indexes numerically, names bytewise, a prefix first. DynamoDB's choice of "path two" in
// overlap messages and the order of list updates both follow it.
int compare_paths(const Path& a, const Path& b);

enum class Comparator : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
const char* comparator_text(Comparator c);

enum class Function : uint8_t {
  Unknown,
  AttributeExists,
  AttributeNotExists,
  AttributeType,
  BeginsWith,
  Contains,
  Size,
  IfNotExists,
  ListAppend,
};
// Each function's name, operands, places and evaluation: expressions/functions.h.

enum class NodeKind : uint8_t {
  // operands
  Path,
  Value,
  Call,
  Plus,
  Minus,
  // conditions
  Compare,
  Between,
  In,
  And,
  Or,
  Not,
};

// One node of a condition or of a SET value. Children are in `args`:
//   Call: the arguments; Plus/Minus: 2; Compare: 2; Between: 3 (x, low, high); In: x then the list;
//   And/Or: 2; Not: 1. A Call used as a condition (attribute_exists(a)) is a Call node.
struct Node {
  NodeKind kind = NodeKind::Path;
  Comparator comparator = Comparator::Eq;
  Function function = Function::Unknown;
  uint8_t parens = 0;           // pairs of parentheses written around this node
  uint32_t offset = 0;          // of the node's first token
  std::string text;             // Value: ":x"; Call: the function name as written
  Path path;                    // Path
  model::AttributeValue value;  // Value, after resolve
  std::vector<Node> args;

  bool is_operand() const { return kind <= NodeKind::Minus; }
  std::string to_string() const;
  // Structural equality, ignoring offsets and resolved values.
  bool operator==(const Node& o) const;
};

// ConditionExpression, FilterExpression or KeyConditionExpression.
struct Condition {
  Node root;
  // A size limit the text broke (path nesting, IN operands, operator count, list index): the
  // parser records the first one and resolve() reports it at DynamoDB's place in the order.
  std::string limit_error;
  std::string to_string() const { return root.to_string(); }
  bool operator==(const Condition& o) const { return root == o.root && limit_error == o.limit_error; }
};

enum class UpdateClause : uint8_t { Set, Remove, Add, Delete };
const char* clause_name(UpdateClause c);  // "SET", ...

struct UpdateAction {
  UpdateClause clause = UpdateClause::Set;
  Path path;
  Node value;  // SET: the value tree; ADD/DELETE: a Value node; REMOVE: unused
  bool operator==(const UpdateAction& o) const {
    return clause == o.clause && path == o.path && (clause == UpdateClause::Remove || value == o.value);
  }
};

struct UpdateSection {
  UpdateClause clause = UpdateClause::Set;
  std::vector<UpdateAction> actions;
  bool operator==(const UpdateSection& o) const = default;
};

struct Update {
  std::vector<UpdateSection> sections;  // in the order written
  std::string limit_error;              // as in Condition
  std::string to_string() const;
  bool operator==(const Update& o) const = default;
  // The paths the actions write, in the order written (for ReturnValues UPDATED_OLD/UPDATED_NEW).
  std::vector<Path> paths() const;
};

struct Projection {
  std::vector<Path> paths;
  std::string limit_error;  // as in Condition
  std::string to_string() const;
  bool operator==(const Projection& o) const = default;
};

}  // namespace minnow::expressions
