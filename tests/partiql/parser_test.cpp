// Parser round trips (parse -> to_string -> parse gives an equal tree, and to_string is stable),
// precedence, positions, and the statements DynamoDB refuses with a message of its own.
#include "partiql/parser.h"

#include <catch2/catch.hpp>

#include "model/errors.h"

namespace parser_test {

using namespace minnow::partiql;

namespace {
std::string error_of(std::string_view text) {
  try {
    parse_statement(text);
  } catch (const minnow::model::Error& e) {
    return e.message();
  }
  return "";
}
const char* kNotWellFormed = "Statement wasn't well formed, can't be processed: ";
}  // namespace

TEST_CASE("statement round trips") {
  auto text = GENERATE(as<std::string>{}, "SELECT * FROM \"t\"", "SELECT * FROM \"t\".\"i\" WHERE g = 'x'",
                       "SELECT a, b.c, d[0], e['f'], \"g h\".i FROM \"t\" WHERE pk = 'a' AND sk > 1",
                       "SELECT * FROM \"t\" WHERE pk = ? AND sk BETWEEN ? AND ? ORDER BY sk DESC",
                       "SELECT * FROM \"t\" WHERE pk IN ['a', 'b'] ORDER BY pk ASC, sk",
                       "SELECT * FROM \"t\" WHERE a IS MISSING OR b IS NOT NULL OR c IS NOT MISSING",
                       "SELECT * FROM \"t\" WHERE NOT (a = 1 OR b <> 2) AND c < 3 AND d <= 4 AND e >= 5",
                       "SELECT * FROM \"t\" WHERE begins_with(a, 'x') AND contains(b, 1) AND size(c) > 2",
                       "SELECT * FROM \"t\" WHERE attribute_type(a, 'S') AND a NOT IN [1, 2] AND b NOT BETWEEN 1 AND 2",
                       "SELECT * FROM \"t\" WHERE m = {'k': 'v', 'n': [1, -2.5, <<1, 2>>, <<'a'>>, NULL, TRUE, FALSE]}",
                       "INSERT INTO \"t\" VALUE {'pk': 'a', 'n': 1e3, 'q': ?}",
                       "UPDATE \"t\" SET a = 1 SET b = b + 1 SET c = list_append(c, [1]) REMOVE d WHERE pk = 'a'",
                       "UPDATE \"t\" SET s = set_add(s, <<'x'>>) WHERE pk = 'a' AND x = 1 RETURNING ALL NEW *",
                       "UPDATE \"t\" SET a.b[2] = 'it''s' WHERE pk = 'a' RETURNING MODIFIED OLD *",
                       "DELETE FROM \"t\" WHERE pk = 'a' AND sk = 2 RETURNING ALL OLD *",
                       "EXISTS(SELECT * FROM \"t\" WHERE pk = 'a' AND x = 1)", "SELECT * FROM \"t\" WHERE (a = 1)",
                       "SELECT * FROM \"t\" WHERE ((a = 1) OR (b = 2)) AND c = 3");
  Statement s1 = parse_statement(text);
  std::string printed = s1.to_string();
  CAPTURE(text, printed);
  Statement s2 = parse_statement(printed);
  CHECK(s1 == s2);
  CHECK(s2.to_string() == printed);
}

TEST_CASE("printing normalizes keywords, spacing and quoting") {
  CHECK(parse_statement("select x from tab where pk='a' and sk>1 order by sk desc;").to_string() ==
        "SELECT x FROM \"tab\" WHERE pk = 'a' AND sk > 1 ORDER BY sk DESC");
  CHECK(parse_statement("SELECT * FROM t WHERE a != 1 -- trailing comment").to_string() ==
        "SELECT * FROM \"t\" WHERE a <> 1");
  CHECK(parse_statement("SELECT * /* c */ FROM t WHERE a IN (1, 2)").to_string() ==
        "SELECT * FROM \"t\" WHERE a IN [1, 2]");
  CHECK(parse_statement("SELECT * FROM t WHERE a = - 1 AND b = +2").to_string() ==
        "SELECT * FROM \"t\" WHERE a = -1 AND b = 2");
  CHECK(parse_statement("UPDATE t SET a = 1, b = 2 WHERE pk = 'a'").to_string() ==
        "UPDATE \"t\" SET a = 1 SET b = 2 WHERE pk = 'a'");
}

TEST_CASE("precedence: OR < AND < NOT < = < comparisons < + < *") {
  auto where = [](std::string_view w) {
    Statement s = parse_statement("SELECT * FROM t WHERE " + std::string(w));
    return *std::get<SelectStatement>(s.body).where;
  };
  Expr e = where("a = 1 OR b = 2 AND NOT c = 3");
  REQUIRE(e.kind == ExprKind::Or);
  REQUIRE(e.args[1].kind == ExprKind::And);
  REQUIRE(e.args[1].args[1].kind == ExprKind::Not);
  CHECK(e.args[1].args[1].args[0].kind == ExprKind::Compare);
  Expr b = where("a BETWEEN 1 AND 2 AND c = 1");
  REQUIRE(b.kind == ExprKind::And);
  CHECK(b.args[0].kind == ExprKind::Between);
  Expr p = where("a = b + 1 * 2");
  REQUIRE(p.kind == ExprKind::Compare);
  REQUIRE(p.args[1].kind == ExprKind::Arithmetic);
  CHECK(p.args[1].op == Op::Add);
  CHECK(p.args[1].args[1].op == Op::Multiply);
}

TEST_CASE("parameters are numbered in statement order") {
  Statement s = parse_statement("UPDATE t SET a = ? WHERE pk = ? AND x IN [?, ?]");
  CHECK(s.parameters == 4);
  const auto& u = std::get<UpdateStatement>(s.body);
  CHECK(u.actions[0].value.index == 0);
  CHECK(u.where->args[0].args[1].index == 1);
}

TEST_CASE("nodes keep line, column and length") {
  Statement s = parse_statement("SELECT *\nFROM t\n  WHERE 'abc' = x");
  const Expr& w = *std::get<SelectStatement>(s.body).where;
  CHECK(w.args[0].position == Position{3, 9, 5});
  CHECK(w.args[1].position == Position{3, 17, 1});
  Statement n = parse_statement("SELECT * FROM t WHERE x = -0.0");
  CHECK(std::get<SelectStatement>(n.body).where->args[1].position == Position{1, 28, 3});
}

// Syntax errors carry the parser's reason, never the statement (DynamoDB, 2026).
TEST_CASE("syntax errors give the parser's reason") {
  auto text = GENERATE(as<std::string>{}, "", "SELECT", "SELECT * FROM", "SELECT * FROM \"t\" WHERE",
                       "SELECT * FROM t WHERE pk == 'a'", "FOO BAR", "SELECT *, x FROM t",
                       "SELECT * FROM t WHERE x = 'unterminated", "SELECT * FROM t WHERE value = 1",
                       "SELECT * FROM t WHERE é = 1", "SELECT * FROM t; SELECT * FROM u",
                       "UPDATE t REMOVE a, b WHERE pk = 'a'", "UPDATE t SET a += 1 WHERE pk = 'a'",
                       "UPDATE t SET a = 1 WHERE pk = 'a' RETURNING ALL OLD", "DELETE t WHERE pk = 'a'",
                       "SELECT * FROM t WHERE missing(a)", "UPDATE t WHERE pk = 'a'", "SELECT * FROM t /* open");
  const std::string error = error_of(text);
  CHECK(error.starts_with(kNotWellFormed));
  if (!text.empty()) CHECK(error.find(text) == std::string::npos);
  // The reasons DynamoDB gives (captured): what is left after a whole statement, a statement
  // that stops where a term must come, a keyword as a path step, and the lexer's (none).
  for (const char* after : {"SELECT * FROM t WHERE pk = 'a' extra", "SELECT * FROM t WHERE a = 1 e5",
                            "SELECT * FROM t WHERE pk = 'a')", "INSERT INTO t VALUE {'pk': 'a'} x",
                            "DELETE FROM t WHERE pk = 'a' ORDER BY pk", "SELECT * FROM t ORDER BY pk WHERE pk = 'a'",
                            "INSERT INTO t AS x VALUE {'pk': 'a'}"}) {
    CAPTURE(after);
    CHECK(error_of(after) == std::string(kNotWellFormed) + "Unexpected token after expression");
  }
  CHECK(error_of("SELECT * FROM t WHERE") == std::string(kNotWellFormed) + "Unexpected term");
  CHECK(error_of("SELECT m.inner FROM t") == std::string(kNotWellFormed) + "Invalid path dot component");
  for (const char* lexical : {"SELECT * FROM t # x", "SELECT * FROM t /* open", "SELECT * FROM t WHERE a = 1e2147483648",
                              "SELECT * FROM t WHERE a = 1.5e-2147483647"}) {
    CAPTURE(lexical);
    CHECK(error_of(lexical) == kNotWellFormed);
  }
}

TEST_CASE("an UPDATE written FROM first") {
  Statement s = parse_statement("from t WHERE pk = 'a' AND v > 1 REMOVE x SET a = 1, b = 2 SET c = ? RETURNING ALL NEW *");
  const auto& u = std::get<UpdateStatement>(s.body);
  CHECK(u.table.table == "t");
  REQUIRE(u.where);
  CHECK(u.actions.size() == 4);
  CHECK(u.actions[0].remove);
  CHECK(s.parameters == 1);
  CHECK(error_of("FROM t WHERE pk = 'a'").starts_with(kNotWellFormed));  // no SET or REMOVE
  CHECK(error_of("FROM t SET a = 1").starts_with(kNotWellFormed));       // no WHERE
}

TEST_CASE("constructs DynamoDB refuses get its messages once the statement parses") {
  CHECK(error_of("SELECT * FROM t WHERE pk = 'a' LIMIT 1") == "Unsupported clause: LIMIT at 1:38:1");
  CHECK(error_of("SELECT * FROM t GROUP BY x") == "Unsupported clause: GROUP BY");
  CHECK(error_of("SELECT * FROM t, u") == "Only select from a single table or index is supported.");
  CHECK(error_of("SELECT * FROM t x WHERE x.pk = 'a'") == "Aliasing is not supported");
  CHECK(error_of("SELECT x AS y FROM t") == "Aliasing is not supported");
  CHECK(error_of("SELECT DISTINCT * FROM t") == "Unsupported token in expression: DISTINCT");
  CHECK(error_of("SELECT VALUE x FROM t") == "Select projection doesn't support value or pivot keywords");
  CHECK(error_of("SELECT * FROM a.b.c") == "A path may contain at most 2 components in the FROM clause");
  CHECK(error_of("SELECT * FROM ?") == "Unexpected from source");
  CHECK(error_of("INSERT INTO t << {'a': 1} >>") == "Unsupported operation: InsertOp");
  CHECK(error_of("INSERT INTO t VALUE {'a': 1} RETURNING ALL OLD *") == "RETURNING is not supported in INSERT");
  CHECK(error_of("UPDATE t SET a = 1 WHERE pk = 'a' RETURNING ALL OLD *, ALL NEW *") ==
        "Invalid syntax with multiple returning elements in RETURNING clause");
  CHECK(error_of("UPDATE t SET a = 1 WHERE pk = 'a' RETURNING ALL OLD a") ==
        "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
  CHECK(error_of("SELECT * FROM t WHERE x = (SELECT x FROM t)") == "Unsupported token in expression: SELECT at 1:28:6");
  CHECK(error_of("SELECT * FROM t WHERE x = CASE WHEN 1 = 1 THEN 1 END") ==
        "Unsupported token in expression: CASE at 1:27:4");
  // A syntax error anywhere wins over a refused construct.
  CHECK(error_of("SELECT * FROM t x WHERE") == std::string(kNotWellFormed) + "Unexpected term");
}

TEST_CASE("deep nesting is refused, not a stack overflow") {
  std::string deep = "SELECT * FROM t WHERE " + std::string(5000, '(') + "a = 1" + std::string(5000, ')');
  CHECK(error_of(deep).starts_with(kNotWellFormed));
  std::string nots = "SELECT * FROM t WHERE ";
  for (int i = 0; i < 5000; ++i) nots += "NOT ";
  nots += "a = 1";
  CHECK(error_of(nots).starts_with(kNotWellFormed));
  std::string lists = "INSERT INTO t VALUE {'a': " + std::string(5000, '[') + std::string(5000, ']') + "}";
  CHECK(error_of(lists).starts_with(kNotWellFormed));
}

}  // namespace parser_test
