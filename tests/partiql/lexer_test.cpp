// Lexer: token classes, escapes, positions (line, column in characters, length), keywords.
#include "partiql/lexer.h"

#include <catch2/catch.hpp>

#include "model/errors.h"

namespace lexer_test {

using namespace minnow::partiql;

TEST_CASE("token classes and unescaped values") {
  auto t = tokenize("SELECT \"a\"\"b\" 'it''s' 1.5e-3 .5 5. `ion` ? <> != <= >= << >> || @x $y _z");
  std::vector<TokenKind> kinds;
  for (const Token& k : t) kinds.push_back(k.kind);
  CHECK(kinds == std::vector<TokenKind>{TokenKind::Identifier, TokenKind::QuotedIdentifier,
                                        TokenKind::String,     TokenKind::Number,
                                        TokenKind::Number,     TokenKind::Number,
                                        TokenKind::Ion,        TokenKind::Parameter,
                                        TokenKind::Ne,         TokenKind::Ne,
                                        TokenKind::Le,         TokenKind::Ge,
                                        TokenKind::LBag,       TokenKind::RBag,
                                        TokenKind::Concat,     TokenKind::At,
                                        TokenKind::Identifier, TokenKind::Identifier,
                                        TokenKind::Identifier, TokenKind::End});
  CHECK(t[1].value() == "a\"b");
  CHECK(t[2].value() == "it's");
  CHECK(t[3].text == "1.5e-3");
}

TEST_CASE("positions: 1-based line and column, length in characters") {
  auto t = tokenize("a\n  'é' -- comment\n/* x\ny */ b");
  CHECK(t[0].position == Position{1, 1, 1});
  CHECK(t[1].position == Position{2, 3, 3});
  CHECK(t[2].position == Position{4, 6, 1});
  CHECK(t[3].kind == TokenKind::End);
}

// DynamoDB says nothing after the colon for these (a # comment, an open /* comment, and number
// literals whose exponent or scale does not fit a 32-bit integer, as Java's BigDecimal reads them).
TEST_CASE("lexical errors give no reason") {
  for (const char* text : {"'open", "\"open", "`open", "/* open", "a # b", "1e", "a ! b", "a | b", "1e2147483648",
                           "1e99999999999", "1.5e-2147483647", "1e-2147483648"}) {
    CAPTURE(text);
    try {
      tokenize(text);
      FAIL("no error");
    } catch (const minnow::model::Error& e) {
      CHECK(e.message() == "Statement wasn't well formed, can't be processed: ");
    }
  }
  // At the limits: read.
  for (const char* text : {"1e2147483647", "1e-2147483647", "1.5e2147483647"}) {
    CAPTURE(text);
    CHECK(tokenize(text).size() == 2);
  }
}

TEST_CASE("keywords are PartiQL's, case-insensitive; some are function names") {
  CHECK(is_keyword("select"));
  CHECK(is_keyword("VALUE"));
  CHECK(is_keyword("Missing"));
  CHECK(is_keyword("nothing"));
  CHECK(!is_keyword("begins_with"));
  CHECK(!is_keyword("name"));
  CHECK(is_function_keyword("SIZE"));
  CHECK(is_function_keyword("exists"));
  CHECK(!is_function_keyword("select"));
  CHECK(keyword_equals("select", "SELECT"));
  CHECK(!keyword_equals("selects", "SELECT"));
}

}  // namespace lexer_test
