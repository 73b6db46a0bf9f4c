// A hand-written recursive-descent parser for DynamoDB's PartiQL statements: SELECT, INSERT,
// UPDATE, DELETE and EXISTS(SELECT ...), one pass over the tokens of lexer.h with a depth
// counter, so that no input can exhaust the stack.
//
// Expressions follow PartiQL's precedence (OR < AND < NOT < = <> IS IN < < <= > >= BETWEEN
// LIKE < + - || < * / %). A statement that the PartiQL grammar rejects gets DynamoDB's "Statement
// wasn't well formed, can't be processed: <statement>". Constructs that PartiQL accepts and
// DynamoDB refuses (LIMIT, GROUP BY, aliases, SELECT VALUE, several FROM sources, INSERT
// without VALUE, ...) get DynamoDB's message for them, but only once the whole statement has
// parsed, as DynamoDB parses first. Errors are model::Error; thread-safe (no shared state).
#pragma once

#include <string_view>

#include "partiql/ast.h"

namespace minnow::partiql {

// Statements nested deeper than this (parentheses, NOTs, literals in literals) are refused as
// not well formed; DynamoDB's own limits on items are far below it.
constexpr int kMaxNesting = 200;

Statement parse_statement(std::string_view text);

}  // namespace minnow::partiql
