// PartiQL values to DynamoDB attribute values: 'a' is S, 1.5 is N (exact, model::Number), TRUE is
// BOOL, NULL is NULL, {'k': v} is M, [a, b] is L, <<'a', 'b'>> is SS and <<1, 2>> is NS, ? is the
// statement's next parameter (already a DynamoDB value). MISSING, Ion literals, paths and
// operators are not values.
//
// Errors are DynamoDB's, naming where the value sits the way DynamoDB does: "root" for a value of
// the item (or of a condition), "root.a.5" below it, and most of them ending with the node's
// position (" at 1:37:3").
#pragma once

#include <string>
#include <vector>

#include "model/attribute_value.h"
#include "partiql/ast.h"

namespace minnow::partiql {

using Parameters = std::vector<model::AttributeValue>;

// Whether the expression is a value (a literal, a parameter, or a struct, list or bag of them),
// as opposed to a path or an operator.
bool is_value(const Expr& e);

// `under` names the value in messages ("root").
model::AttributeValue to_attribute_value(const Expr& e, const Parameters& params, const std::string& under = "root");

// An INSERT's VALUE: a struct whose members become the item's attributes.
model::Item to_item(const Expr& e, const Parameters& params);

// The type name DynamoDB gives a node in its messages: VariableReference for a path, INT,
// DECIMAL, STRING, ... for a literal or an Ion value.
std::string node_type_name(const Expr& e);

}  // namespace minnow::partiql
