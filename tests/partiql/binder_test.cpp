// The binder: which statements become GetItem, Query or Scan (and with which key condition and
// filter), which writes have a full key, and DynamoDB's messages for what it refuses.
#include "partiql/binder.h"

#include <catch2/catch.hpp>

#include "expressions/evaluate.h"
#include "model/errors.h"
#include "partiql/parser.h"
#include "partiql/results.h"
#include "tests/support/values.h"

namespace binder_test {

using namespace minnow;
using namespace minnow::partiql;
using model::AttributeValue;
using model::ValueType;

namespace {

using minnow::test::N;
using minnow::test::S;

// Table "tab": pk S, sk N; GSI "gix" on g (S); LSI "lix" on pk, l (N); GSI "multi" on a+b / c+d.
// Table "hsh": id S.
const TableShape kTab{"tab", {{"pk", ValueType::S}, model::KeyAttribute{"sk", ValueType::N}}};
const TableShape kHsh{"hsh", {{"id", ValueType::S}, std::nullopt}};
const IndexShape kGix{"gix", true, {{"g", ValueType::S}}, {}};
const IndexShape kLix{"lix", false, {{"pk", ValueType::S}}, {{"l", ValueType::N}}};
const IndexShape kMulti{
    "multi", true, {{"a", ValueType::S}, {"b", ValueType::N}}, {{"c", ValueType::S}, {"d", ValueType::N}}};

Lookup lookup() {
  Lookup l;
  l.table = [](const std::string& name) -> const TableShape& {
    if (name == "tab") return kTab;
    if (name == "hsh") return kHsh;
    throw model::Error(model::kResourceNotFound);
  };
  l.index = [](const TableShape&, const std::string& name) -> const IndexShape& {
    if (name == "gix") return kGix;
    if (name == "lix") return kLix;
    if (name == "multi") return kMulti;
    throw model::index_not_found(name);
  };
  return l;
}

BoundStatement bound(std::string_view text, const Parameters& params = {}, Context context = Context::Single) {
  return bind_statement(parse_statement(text), params, lookup(), context);
}
BoundSelect select(std::string_view text, const Parameters& params = {}) {
  return std::get<BoundSelect>(bound(text, params).body);
}
BoundWrite write(std::string_view text, const Parameters& params = {}) {
  return std::get<BoundWrite>(bound(text, params).body);
}
std::string error_of(std::string_view text, const Parameters& params = {}, Context context = Context::Single) {
  try {
    bound(text, params, context);
  } catch (const model::Error& e) {
    return e.message();
  }
  return "";
}
model::ErrorCode code_of(std::string_view text) {
  try {
    bound(text);
  } catch (const model::Error& e) {
    return e.code();
  }
  return model::ErrorCode::InternalServerError;
}

model::Item item(std::initializer_list<std::pair<const std::string, AttributeValue>> kv) { return model::Item(kv); }

bool holds(const std::optional<expressions::Condition>& c, const model::Item& i) {
  return !c || expressions::evaluate(*c, &i);
}

}  // namespace

TEST_CASE("SELECT with the whole key fixed by = is a GetItem") {
  BoundSelect s = select("SELECT * FROM tab WHERE pk = 'a' AND sk = 1");
  CHECK(s.access == ReadAccess::GetItem);
  REQUIRE(s.keys.size() == 1);
  CHECK(s.keys[0] == model::AttributeMap{{"pk", S("a")}, {"sk", N("1")}});
  CHECK(!s.filter);
  CHECK(!s.projection);
  // Written the other way round, with parentheses, or with parameters: the same.
  BoundSelect r = select("SELECT * FROM tab WHERE (1 = sk) AND ('a' = pk)");
  CHECK(r.access == ReadAccess::GetItem);
  CHECK(r.keys == s.keys);
  BoundSelect p = select("SELECT * FROM tab WHERE pk = ? AND sk = ?", {S("a"), N("1")});
  CHECK(p.keys == s.keys);
  // A hash-only table.
  BoundSelect h = select("SELECT * FROM hsh WHERE id = '1'");
  CHECK(h.access == ReadAccess::GetItem);
  CHECK(h.keys == std::vector<model::AttributeMap>{{{"id", S("1")}}});
}

TEST_CASE("other conditions of a GetItem become its filter") {
  BoundSelect s = select("SELECT * FROM tab WHERE pk = 'a' AND sk = 1 AND x > 3");
  CHECK(s.access == ReadAccess::GetItem);
  REQUIRE(s.filter);
  CHECK(holds(s.filter, item({{"x", N("4")}})));
  CHECK(!holds(s.filter, item({{"x", N("3")}})));
  // A second equality on the partition key is a filter too (DynamoDB Local answers no items).
  BoundSelect twice = select("SELECT * FROM tab WHERE pk = 'a' AND sk = 1 AND pk = 'b'");
  CHECK(twice.keys[0].at("pk") == S("a"));
  CHECK(!holds(twice.filter, item({{"pk", S("a")}})));
}

TEST_CASE("IN on the key attributes reads every combination, partitions in key order") {
  BoundSelect s = select("SELECT * FROM tab WHERE pk IN ['c', 'a'] AND sk IN [2, 1]");
  CHECK(s.access == ReadAccess::GetItem);
  REQUIRE(s.keys.size() == 4);
  CHECK(s.keys[0] == model::AttributeMap{{"pk", S("a")}, {"sk", N("1")}});
  CHECK(s.keys[1] == model::AttributeMap{{"pk", S("a")}, {"sk", N("2")}});
  CHECK(s.keys[3] == model::AttributeMap{{"pk", S("c")}, {"sk", N("2")}});
  BoundSelect q = select("SELECT * FROM tab WHERE pk IN ['c', 'b', 'a', 'b']");
  CHECK(q.access == ReadAccess::Query);
  REQUIRE(q.partitions.size() == 3);
  CHECK(q.partitions[0].at("pk") == S("a"));
  CHECK(q.partitions[2].at("pk") == S("c"));
  BoundSelect d = select("SELECT * FROM tab WHERE pk IN ['c', 'a'] ORDER BY pk DESC, sk DESC");
  CHECK(d.partitions[0].at("pk") == S("c"));
  CHECK(!d.forward);
}

TEST_CASE("the partition key fixed, the sort key conditions a Query seeks on become its key condition") {
  struct Case {
    const char* where;
    model::KeyOperator op;
    std::size_t values;
  };
  auto c = GENERATE(Case{"sk > 1", model::KeyOperator::GT, 1}, Case{"sk <= 1", model::KeyOperator::LE, 1},
                    Case{"1 < sk", model::KeyOperator::GT, 1},
                    Case{"sk BETWEEN 1 AND 3", model::KeyOperator::BETWEEN, 2});
  BoundSelect s = select(std::string("SELECT * FROM tab WHERE pk = 'a' AND ") + c.where);
  CAPTURE(c.where);
  CHECK(s.access == ReadAccess::Query);
  REQUIRE(s.partitions.size() == 1);
  REQUIRE(s.sort_conditions.size() == 1);
  CHECK(s.sort_conditions[0].attribute == "sk");
  CHECK(s.sort_conditions[0].op == c.op);
  CHECK(s.sort_conditions[0].values.size() == c.values);
  CHECK(!s.filter);
}

TEST_CASE("sort key conditions a Query cannot seek on stay in the filter") {
  for (const char* where : {"sk <> 1", "NOT sk = 1", "(sk = 1 OR sk = 2)", "sk > 1 AND sk > 2"}) {
    BoundSelect s = select(std::string("SELECT * FROM tab WHERE pk = 'a' AND ") + where);
    CAPTURE(where);
    CHECK(s.access == ReadAccess::Query);
    CHECK(s.filter);
  }
  BoundSelect two = select("SELECT * FROM tab WHERE pk = 'a' AND sk > 1 AND sk > 2");
  CHECK(two.sort_conditions.size() == 1);
}

TEST_CASE("without the partition key fixed, a SELECT is a Scan with the whole WHERE as its filter") {
  for (const char* text : {"SELECT * FROM tab", "SELECT * FROM tab WHERE x = 1", "SELECT * FROM tab WHERE pk > 'a'",
                           "SELECT * FROM tab WHERE pk = 'a' OR pk = 'b'", "SELECT * FROM tab WHERE NOT pk = 'a'",
                           "SELECT * FROM tab WHERE sk = 1", "SELECT * FROM tab WHERE pk <> 'a'"}) {
    CAPTURE(text);
    BoundSelect s = select(text);
    CHECK(s.access == ReadAccess::Scan);
    CHECK(s.keys.empty());
  }
  BoundSelect s = select("SELECT * FROM tab WHERE pk = 'a' OR x = 1");
  CHECK(holds(s.filter, item({{"pk", S("a")}})));
  CHECK(holds(s.filter, item({{"x", N("1")}})));
  CHECK(!holds(s.filter, item({{"pk", S("b")}})));
}

TEST_CASE("SELECT from an index queries the index by its keys") {
  BoundSelect g = select("SELECT * FROM tab.gix WHERE g = 'G1'");
  CHECK(g.access == ReadAccess::Query);
  CHECK(g.index == "gix");
  CHECK(g.partitions == std::vector<model::AttributeMap>{{{"g", S("G1")}}});
  BoundSelect l = select("SELECT * FROM \"tab\".\"lix\" WHERE pk = 'a' AND l > 5 AND sk = 1");
  CHECK(l.access == ReadAccess::Query);
  REQUIRE(l.sort_conditions.size() == 1);
  CHECK(l.sort_conditions[0].attribute == "l");
  CHECK(l.filter);  // sk is not a key of the index
  CHECK(select("SELECT * FROM tab.gix WHERE x = 1").access == ReadAccess::Scan);
  CHECK(select("SELECT * FROM tab.gix WHERE g = 'x' AND pk = 'a'").access == ReadAccess::Query);
}

// DynamoDB (2026) refuses PartiQL reads of an index with several HASH or RANGE attributes, after
// parse errors and literals, before the key types, the WHERE's shape and a batch's own rules.
TEST_CASE("multi-attribute GSI keys cannot be read with PartiQL") {
  const std::string refused =
      "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys.";
  for (const char* text : {"SELECT * FROM tab.multi WHERE a = 'x' AND b = 1 AND c = 'y' AND d > 2",
                           "SELECT * FROM tab.multi WHERE a = 'x'", "SELECT * FROM tab.multi",
                           "SELECT * FROM tab.multi WHERE a = 1 AND b = 'wrong type'"}) {
    CAPTURE(text);
    CHECK(error_of(text) == refused);
    CHECK(error_of(text, {}, Context::Batch) == refused);
  }
  CHECK(error_of("SELECT * FROM tab.multi WHERE").starts_with("Statement wasn't well formed"));
  CHECK(select("SELECT * FROM tab.gix WHERE g = 'x'").access == ReadAccess::Query);  // other indexes read
}

TEST_CASE("a condition function compared with a boolean is that condition") {
  BoundSelect t = select("SELECT * FROM tab WHERE pk = 'a' AND attribute_exists(ss) = true");
  REQUIRE(t.filter);
  CHECK(holds(t.filter, item({{"ss", S("x")}})));
  CHECK(!holds(t.filter, item({{"x", S("x")}})));
  BoundSelect f = select("SELECT * FROM tab WHERE pk = 'a' AND false = attribute_exists(ss)");
  REQUIRE(f.filter);
  CHECK(!holds(f.filter, item({{"ss", S("x")}})));
  CHECK(holds(f.filter, item({{"x", S("x")}})));
}

TEST_CASE("projection paths and the names results give them") {
  BoundSelect s = select("SELECT pk, m.k, L[1], \"q r\", m['n'][0][2] FROM tab");
  REQUIRE(s.projection);
  CHECK(s.projection->paths.size() == 5);
  CHECK(s.output_names == std::vector<std::string>{"n[0][2]", "q r", "L[1]", "k", "pk"});  // last to first
  CHECK(error_of("SELECT x, m.x FROM tab") == "Duplicate identifiers in select clause: x");
  CHECK(error_of("SELECT m.k, m FROM tab") ==
        "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [m], path "
        "two: [m, k]");
  // DynamoDB checks the paths last to first, and names the path after the one that overlaps.
  CHECK(error_of("SELECT a, b, a.c FROM tab") ==
        "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, c], "
        "path two: [b]");
  CHECK(error_of("SELECT 1 FROM tab") == "Unexpected path component at 1:8:1");
  CHECK(error_of("SELECT count(x) FROM tab") == "Unexpected path component at 1:8:5");
  CHECK(error_of("SELECT m.* FROM tab") == "Changing item's hierarchy while reading isn't supported");
}

TEST_CASE("ORDER BY: the key of what is read, with the partition key fixed") {
  CHECK(!select("SELECT * FROM tab WHERE pk = 'a' ORDER BY sk DESC").forward);
  CHECK(select("SELECT * FROM tab WHERE pk = 'a' ORDER BY sk").forward);
  CHECK(error_of("SELECT * FROM tab ORDER BY sk") ==
        "Must have WHERE clause in the statement when using ORDER BY clause.");
  CHECK(error_of("SELECT * FROM tab WHERE sk = 1 ORDER BY sk") ==
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
  CHECK(error_of("SELECT * FROM tab WHERE pk = 'a' OR x = 1 ORDER BY sk") ==
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
  CHECK(error_of("SELECT * FROM tab WHERE pk = 'a' ORDER BY x") ==
        "Variable reference x in ORDER BY clause must be part of the primary key");
  CHECK(error_of("SELECT * FROM tab.gix WHERE g = 'a' ORDER BY pk") ==
        "Variable reference pk in ORDER BY clause must be part of the primary key");
  CHECK(!select("SELECT * FROM tab.lix WHERE pk = 'a' ORDER BY l DESC").forward);
}

TEST_CASE("WHERE becomes DynamoDB's condition semantics") {
  struct Case {
    const char* where;
    model::Item item;
    bool expected;
  };
  auto c = GENERATE(values<Case>({
      {"x IS MISSING", {}, true},
      {"x IS MISSING", {{"x", N("1")}}, false},
      {"x IS NOT MISSING", {{"x", N("1")}}, true},
      {"x IS NULL", {{"x", AttributeValue(model::Null{})}}, true},
      {"x IS NULL", {}, false},
      {"x IS NOT NULL", {}, true},
      {"x IS STRING", {{"x", S("a")}}, true},
      {"x IS NUMERIC", {{"x", S("a")}}, false},
      {"x IS BOOLEAN", {{"x", AttributeValue(true)}}, true},
      {"x IS STRUCT", {{"x", AttributeValue(model::AttributeMap{})}}, true},
      {"x IS TUPLE", {{"x", AttributeValue(model::AttributeMap{})}}, true},
      {"x IS LIST", {{"x", AttributeValue(model::AttributeList{})}}, true},
      {"x = 5", {{"x", S("5")}}, false},
      {"x < '6'", {{"x", S("5")}}, true},
      {"x < 6", {{"x", S("5")}}, false},
      {"x IN [5, '5']", {{"x", S("5")}}, true},
      {"x NOT IN [5]", {{"x", N("5")}}, false},
      {"x BETWEEN 4 AND 6", {{"x", N("5")}}, true},
      {"x NOT BETWEEN 4 AND 6", {{"x", N("5")}}, false},
      {"begins_with(s, 'he')", {{"s", S("hello")}}, true},
      {"BEGINS_WITH(s, 'x')", {{"s", S("hello")}}, false},
      {"contains(s, 'll')", {{"s", S("hello")}}, true},
      {"size(s) = 5", {{"s", S("hello")}}, true},
      {"attribute_type(s, 'S')", {{"s", S("hello")}}, true},
      {"attribute_exists(s)", {}, false},
      {"m.k = 'v'", {{"m", AttributeValue(model::AttributeMap{{"k", S("v")}})}}, true},
      {"m['k'] = 'v'", {{"m", AttributeValue(model::AttributeMap{{"k", S("v")}})}}, true},
      {"L[1] = 2", {{"L", AttributeValue(model::AttributeList{N("1"), N("2")})}}, true},
      {"m = {'k': 'v'}", {{"m", AttributeValue(model::AttributeMap{{"k", S("v")}})}}, true},
      {"L = [1, 2]", {{"L", AttributeValue(model::AttributeList{N("1"), N("2")})}}, true},
      {"ss = <<'b', 'a'>>", {{"ss", AttributeValue(model::StringSet{{"a", "b"}})}}, true},
      {"x > m", {{"x", N("1")}, {"m", AttributeValue(model::AttributeMap{})}}, false},
      {"1 = 1", {}, true},
      {"NULL IS NULL", {}, true},
      {"1 IS NULL", {}, false},
      {"1 IS NOT MISSING", {}, true},
      {"NOT (x = 5 OR x = 7)", {{"x", N("6")}}, true},
      {"\"value\" = 1", {{"value", N("1")}}, true},
      {"@x = 1", {{"x", N("1")}}, true},
      {"((x = 1))", {{"x", N("1")}}, true},  // redundant parentheses are fine in PartiQL
      {"NOT ((x = 1 OR x = 2))", {{"x", N("1")}}, false},
  }));
  CAPTURE(c.where);
  BoundSelect s = select(std::string("SELECT * FROM tab WHERE ") + c.where);
  CHECK(holds(s.filter, c.item) == c.expected);
}

TEST_CASE("WHERE errors") {
  auto where = [](const char* w) { return error_of(std::string("SELECT * FROM tab WHERE ") + w); };
  CHECK(where("x") == "WHERE clause must contain an expression that resolves to a boolean");
  CHECK(where("x = MISSING") == "MISSING must be compared using IS operator");
  CHECK(where("NOT x") == "The argument to NOT must be a Type or Expression");
  CHECK(where("x = 1 AND y") == "The arguments to AND/OR must be Expressions");
  CHECK(where("size(x) IS NULL") == "The left hand side argument to IS must be a Variable Reference, Literal, or Path");
  CHECK(where("x IS INT") ==
        "Unsupported data type for IS operator: INTEGER. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, "
        "STRING, NUMERIC, STRUCT, TUPLE, LIST] at 1:27:2");  // the IS
  CHECK(where("x IN []") ==
        "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq "
        "with at least one member");
  CHECK(where("x IN 1") == where("x IN []"));
  std::string many = "x IN [0";
  for (int i = 1; i < 101; ++i) many += ", " + std::to_string(i);
  CHECK(where((many + "]").c_str()) == "The IN operator is provided with too many operands; number of operands: 101");
  CHECK(where("x + 1 = 6") == "Unsupported operator in Condition Expression. Operator: +");
  CHECK(where("x = 'a' || 'b'") == "Unsupported operator in Condition Expression. Operator: ||");
  CHECK(where("x = -x") == "Unsupported operator in Condition Expression. Operator: -");
  CHECK(where("x LIKE 'a%'") == "Unsupported operator in Condition Expression. Operator: like");
  // The name lowercased, with its position (DynamoDB, 2026).
  CHECK(where("foo(x)") == "Unrecognized function: foo at 1:25:3");
  CHECK(where("EXISTS(x)") == "Unrecognized function: exists at 1:25:6");
  CHECK(where("x = x") ==
        "The first operand must be distinct from the remaining operands for this operator or function; operator: =, "
        "first operand: [x]");
  CHECK(where("m > {'k': 'a'}") ==
        "Incorrect operand type for operator or function; operator or function: >, operand type: M");
  CHECK(where("pk = 'a' AND begins_with(sk, 1)") ==
        "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N");
  CHECK(where("x = `5`") == "Ion Literals are not supported: INT under key root at 1:29:3");
  CHECK(where("L[-1] = 1") == "List index is not within the allowable range; index: [-1] at 1:28:1");
  CHECK(where("m[''] = 1") == "Path component cannot be an empty string");
  CHECK(where("\"\" = 1") == "Path component cannot be an empty string");
  CHECK(error_of("SELECT * FROM tab WHERE a[?] = 1", {N("0")}) == "Unexpected path component at 1:27:1");
  CHECK(where("x = 1e200") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range under root");
  CHECK(where("x = 12345678901234567890123456789012345678901") ==
        "Attempting to store more than 38 significant digits in a Number under root");
}

TEST_CASE("key values: the schema's types, not empty") {
  CHECK(error_of("SELECT * FROM tab WHERE pk = 1") ==
        "Key attribute's data type should match its data type in table's schema: Key pk");
  CHECK(error_of("SELECT * FROM tab WHERE pk = 'a' AND sk = '1'") ==
        "Key attribute's data type should match its data type in table's schema: Key sk");
  CHECK(error_of("SELECT * FROM tab WHERE pk = 'a' AND sk > 'x'") ==
        "Key attribute's data type should match its data type in table's schema: Key sk");
  CHECK(error_of("SELECT * FROM hsh WHERE id = ?", {S("")}) ==
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
        "string value. Key: id");
  // A key attribute compared with a value of another type anywhere else in the WHERE.
  for (const char* where : {"pk > 1", "sk = '1'", "sk = '1' OR x = 1", "sk IN ['1']", "sk BETWEEN 'a' AND 'b'",
                            "pk <> 1", "NOT sk = '1'", "pk = 'a' AND pk > 1"}) {
    CAPTURE(where);
    CHECK(error_of(std::string("SELECT * FROM tab WHERE ") + where) ==
          "One or more parameter values were invalid: Condition parameter type does not match schema type");
  }
  CHECK(error_of("SELECT * FROM tab.gix WHERE g > 1") ==
        "One or more parameter values were invalid: Condition parameter type does not match schema type");
  CHECK(select("SELECT * FROM tab.gix WHERE pk > 1").access == ReadAccess::Scan);  // not the index's key
}

TEST_CASE("parameters: enough of them, values taken as they are") {
  CHECK(error_of("SELECT * FROM hsh WHERE id = ?") == "Number of parameters in request and statement don't match.");
  CHECK(error_of("SELECT * FROM hsh WHERE id = ? AND x = ?", {S("a")}) ==
        "Number of parameters in request and statement don't match.");
  CHECK(select("SELECT * FROM hsh WHERE id = ?", {S("a"), S("b")}).keys.size() == 1);  // extra ones are ignored
  CHECK(error_of("SELECT * FROM hsh WHERE id = ?", {N("1")}) ==
        "Key attribute's data type should match its data type in table's schema: Key id");
  BoundSelect in = select("SELECT * FROM hsh WHERE id IN [?, ?]", {S("1"), S("10")});
  CHECK(in.keys.size() == 2);
}

TEST_CASE("FROM names") {
  CHECK(error_of("SELECT * FROM \"t\"") ==
        "Table name should be within the length [3, 255] and only contain 'a-z', 'A-Z', '0-9', '-', '_', '.'.");
  CHECK(error_of("SELECT * FROM \"t\"\"ab\"") == error_of("SELECT * FROM \"t\""));
  CHECK(code_of("SELECT * FROM nope") == model::ErrorCode::ResourceNotFoundException);
  CHECK(error_of("SELECT * FROM tab.nope") == "The table does not have the specified index: nope");
  CHECK(error_of("INSERT INTO tab.gix VALUE {'pk': 'a', 'sk': 1}") ==
        "FROM clause may only contain a single table name in data manipulation statements");
  CHECK(error_of("UPDATE tab.gix SET x = 1 WHERE pk = 'a' AND sk = 1") ==
        "This operation is not supported on an index");
  CHECK(error_of("DELETE FROM tab.gix WHERE pk = 'a' AND sk = 1") == "This operation is not supported on an index");
  // The WHERE is checked before the table is looked up.
  CHECK(error_of("SELECT * FROM nope WHERE x = MISSING") == "MISSING must be compared using IS operator");
}

TEST_CASE("INSERT: a struct with the key, put on condition that the key is new") {
  BoundWrite w = write("INSERT INTO tab VALUE {'pk': 'a', 'sk': 1, 'm': {'l': [1, <<1, 2>>, <<'x'>>, NULL, TRUE]}}");
  CHECK(w.kind == WriteKind::Insert);
  CHECK(w.key == model::AttributeMap{{"pk", S("a")}, {"sk", N("1")}});
  CHECK(w.item.size() == 3);
  const auto& l = w.item.at("m").as<model::AttributeMap>().at("l").as<model::AttributeList>();
  CHECK(l[1].type() == ValueType::NS);
  CHECK(l[2].type() == ValueType::SS);
  CHECK(l[3].type() == ValueType::NUL);
  CHECK(l[4].type() == ValueType::BOOL);
  CHECK(holds(w.condition, item({})));
  CHECK(!holds(w.condition, item({{"pk", S("a")}})));
  BoundWrite p = write("INSERT INTO hsh VALUE {'id': ?, 'a': ?}", {S("p"), AttributeValue(model::StringSet{{"x"}})});
  CHECK(p.item.at("a").type() == ValueType::SS);

  CHECK(error_of("INSERT INTO hsh VALUE {'v': 3}") == "Key attribute should be present in the item: Key id");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': 3}") ==
        "Key attribute's data type should match its data type in table's schema: Key id");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': ''}") ==
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
        "string value. Key: id");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '4', 'id': '5'}") ==
        "Duplicate keys in tuple. Key: id under root at 1:35:4");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '4', 'm': {'a': [1, MISSING]}}") ==
        "Unsupported data type: LiteralMissing under key root.a.1 at 1:50:7");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'e': <<>>}") == "Empty bags are not supported");
  // Out-of-range numbers name their place (an item's attribute is root, as in the other
  // messages), list elements in brackets.
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'n': 1e200}") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range under root");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'm': {'x': 1e200}}") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range under root.x");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'l': [0, 1e-200]}") ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported range under root[1]");

  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'e': <<1, 'a'>>}") ==
        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'e': <<true>>}") ==
        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags at 1:42:4");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'e': <<1, 1>>}") ==
        "One or more parameter values were invalid: Input collection [1, 1] contains duplicates.");
  CHECK(error_of("UPDATE hsh SET s = set_add(s, <<'x', 'x'>>) WHERE id = '1'") ==
        "One or more parameter values were invalid: Input collection [x, x] contains duplicates.");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 'e': set_add(e, <<'x'>>)}") ==
        "Unsupported data type: set_add under key root at 1:40:7");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', \"e\": 1}") ==
        "Tuple keys must be of type String. Actual type: VariableReference under root at 1:35:3");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '6', 1: 1}") ==
        "Tuple keys must be of type String. Actual type: INT under root at 1:35:1");
  CHECK(error_of("INSERT INTO hsh VALUE [1]") ==
        "Unsupported format in item expression. Please use struct format {...} to express item values for insert "
        "statement. at 1:23:1");
  CHECK(error_of("INSERT INTO hsh VALUE ?", {AttributeValue(model::AttributeMap{{"id", S("1")}})}) ==
        "Unsupported format in item expression. Please use struct format {...} to express item values for insert "
        "statement. at 1:23:1");
  CHECK(error_of("INSERT INTO hsh VALUE {'id': '9', 'n': -0.0}") ==
        "Negative zero decimal is not supported under key root at 1:41:3");
  CHECK(write("INSERT INTO hsh VALUE {'id': '9', 'n': -0}").item.at("n") == N("0"));
}

TEST_CASE("UPDATE: the full key by =, SET and REMOVE as an UpdateExpression, the rest as a condition") {
  BoundWrite w = write(
      "UPDATE tab SET a = 1, b = b + 1 SET c = list_append(c, [2]) SET s = set_add(s, <<'x'>>) "
      "SET t = set_delete(t, <<1>>) REMOVE d WHERE pk = 'a' AND sk = 1 AND x = 5 RETURNING MODIFIED NEW *");
  CHECK(w.kind == WriteKind::Update);
  CHECK(w.key == model::AttributeMap{{"pk", S("a")}, {"sk", N("1")}});
  CHECK(w.returning == ReturnValues::UpdatedNew);
  REQUIRE(w.update);
  CHECK(w.update->to_string() ==
        "SET #n0 = :v0, #n1 = #n1 + :v1, #n2 = list_append(#n2, :v2) REMOVE #n5 ADD #n3 :v3 DELETE #n4 :v4");
  // Update's condition: the item exists and x = 5.
  CHECK(holds(w.condition, item({{"pk", S("a")}, {"x", N("5")}})));
  CHECK(!holds(w.condition, item({{"pk", S("a")}, {"x", N("6")}})));
  CHECK(!holds(w.condition, item({})));
  CHECK(write("UPDATE hsh SET v = 1 WHERE id = '1' RETURNING ALL OLD *").returning == ReturnValues::AllOld);
  CHECK(write("UPDATE hsh SET v = 1 WHERE id = '1' RETURNING MODIFIED OLD *").returning == ReturnValues::UpdatedOld);
  CHECK(write("UPDATE hsh SET v = 1 WHERE id = '1' RETURNING ALL NEW *").returning == ReturnValues::AllNew);
}

TEST_CASE("UPDATE and DELETE errors") {
  const char* incomplete = "Where clause does not contain a mandatory equality on all key attributes";
  CHECK(error_of("UPDATE hsh SET v = 1") == incomplete);
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE v = 100") == incomplete);
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id = '1' OR id = '2'") == incomplete);
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id IN ['1']") == incomplete);
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id > '1'") == incomplete);
  CHECK(error_of("UPDATE tab SET v = 1 WHERE pk = 'a'") == incomplete);
  CHECK(error_of("UPDATE hsh SET V = 3 WHERE ID = '1'") == incomplete);  // names are case-sensitive
  CHECK(error_of("DELETE FROM hsh") == incomplete);
  CHECK(error_of("DELETE FROM hsh WHERE v = 1") == incomplete);
  CHECK(write("UPDATE hsh SET v = 1 WHERE id = '1' AND id = '1'").key == model::AttributeMap{{"id", S("1")}});
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id = '1' AND id = '2'") ==
        "Multiple conditions on same key id. Only single item Update/Insert/Delete are supported");
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id = 1") ==
        "Key attribute's data type should match its data type in table's schema: Key id");
  CHECK(error_of("UPDATE hsh SET id = '9' WHERE id = '1'") ==
        "One or more parameter values were invalid: Cannot update attribute id. This attribute is part of the key");
  CHECK(error_of("UPDATE hsh SET s = set_add(t, <<'c'>>) WHERE id = '1'") ==
        "The first argument to SET_ADD must equal the assignment value at 1:28:1");
  CHECK(error_of("UPDATE hsh SET s = set_add(s, 'c') WHERE id = '1'") ==
        "The second argument to SET_ADD must be a value with type SET at 1:28:1");
  CHECK(error_of("UPDATE hsh SET s = set_delete(s) WHERE id = '1'") ==
        "SET_DELETE must have exactly two arguments at 1:20:10");
  CHECK(error_of("UPDATE hsh SET v = 1, v = 2 WHERE id = '1'") ==
        "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [v], path "
        "two: [v]");
  CHECK(error_of("UPDATE hsh SET v = 1 REMOVE v WHERE id = '1'") ==
        error_of("UPDATE hsh SET v = 1, v = 2 WHERE id = '1'"));
  CHECK(error_of("UPDATE hsh SET v = v * 2 WHERE id = '1'") ==
        "Unsupported operator in Update Expression. Operator: *");
  CHECK(error_of("UPDATE hsh SET v = size(v) WHERE id = '1'") ==
        "The function is not allowed in an update expression; function: size");
  CHECK(error_of("UPDATE hsh SET v = MISSING WHERE id = '1'") == "MISSING must be compared using IS operator");
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id = '1' AND v + 1 = 2") ==
        "Unsupported operator in Condition Expression. Operator: +");
  CHECK(error_of("DELETE FROM hsh WHERE id = '4' RETURNING ALL NEW *") ==
        "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
  CHECK(error_of("DELETE FROM hsh WHERE id = '4' RETURNING MODIFIED OLD *") ==
        "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE "
        "statements.");
}

TEST_CASE("DELETE: the full key, the rest as a condition, no condition of its own") {
  BoundWrite d = write("DELETE FROM tab WHERE pk = 'zz' AND sk = 1");
  CHECK(d.kind == WriteKind::Delete);
  CHECK(!d.condition);
  BoundWrite c = write("DELETE FROM hsh WHERE id = '4' AND v = 1 RETURNING ALL OLD *");
  CHECK(c.returning == ReturnValues::AllOld);
  CHECK(holds(c.condition, item({{"v", N("1")}})));
  CHECK(!holds(c.condition, item({})));
}

TEST_CASE("batches and transactions read single items; EXISTS is a condition check") {
  BoundStatement b = bound("SELECT * FROM tab WHERE sk = 1 AND pk = 'a'", {}, Context::Batch);
  const auto& s = std::get<BoundSelect>(b.body);
  CHECK(s.access == ReadAccess::GetItem);
  CHECK(s.keys == std::vector<model::AttributeMap>{{{"pk", S("a")}, {"sk", N("1")}}});
  CHECK(!s.filter);
  for (const char* text : {"SELECT * FROM tab WHERE pk = 'a'", "SELECT * FROM tab WHERE pk = 'a' AND sk = 1 AND x = 1",
                           "SELECT * FROM tab", "SELECT * FROM tab.gix WHERE g = 'a'"}) {
    CAPTURE(text);
    CHECK(error_of(text, {}, Context::Batch) ==
          "Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
  }
  CHECK(error_of("SELECT * FROM tab WHERE pk = 'a' AND sk = '1'", {}, Context::Batch) ==
        "Key attribute's data type should match its data type in table's schema: Key sk");
  CHECK(error_of("SELECT * FROM hsh WHERE id = '1' AND v = 5", {}, Context::Transaction) ==
        "Select statements within ExecuteTransaction must specify the primary key in the where clause.");
  CHECK(error_of("UPDATE hsh SET v = 1 WHERE id = '1' RETURNING ALL NEW *", {}, Context::Transaction) ==
        "RETURNING clause is not supported in ExecuteTransaction.");
  CHECK(error_of("DELETE FROM hsh WHERE id = '1' RETURNING ALL OLD *", {}, Context::Transaction) ==
        "RETURNING clause is not supported in ExecuteTransaction.");
  CHECK(error_of("EXISTS(SELECT * FROM hsh WHERE id = '1')", {}, Context::Transaction) ==
        "EXISTS() must contain a single item read with additional condition");
  CHECK(error_of("EXISTS(SELECT * FROM hsh WHERE v = 1)", {}, Context::Transaction) ==
        "EXISTS() must contain a single item read with additional condition");
  CHECK(error_of("SELECT * FROM tab.gix WHERE g = 'a'", {}, Context::Transaction) ==
        "Reads on indices are not supported within transactions.");
  CHECK(error_of("SELECT * FROM tab", {}, Context::Transaction) ==
        "Select statements within ExecuteTransaction must specify the primary key in the where clause.");
  BoundStatement e = bound("EXISTS(SELECT * FROM hsh WHERE id = '1' AND v = 2)", {}, Context::Transaction);
  const auto& check = std::get<BoundWrite>(e.body);
  CHECK(check.kind == WriteKind::Check);
  CHECK(check.key == model::AttributeMap{{"id", S("1")}});
  CHECK(!holds(check.condition, item({})));
  CHECK(holds(check.condition, item({{"v", N("2")}})));
  // In a transaction a key value of the wrong type, or an update of a key attribute, is the
  // statement's cancellation reason, not the request's error.
  for (const char* text :
       {"UPDATE hsh SET v = 1 WHERE id = 1", "DELETE FROM hsh WHERE id = 1", "INSERT INTO hsh VALUE {'id': 1}",
        "SELECT * FROM hsh WHERE id = 1", "UPDATE hsh SET id = 'x' WHERE id = '1'"}) {
    CAPTURE(text);
    BoundStatement t = bound(text, {}, Context::Transaction);
    REQUIRE(t.deferred_error);
    CHECK_THROWS_AS(bound(text), model::Error);
  }
  CHECK(bound("UPDATE hsh SET v = 1 WHERE id = 1", {}, Context::Transaction).deferred_error->message() ==
        "Key attribute's data type should match its data type in table's schema: Key id");
  CHECK(error_of("EXISTS(SELECT * FROM hsh WHERE id = '1' AND v = 2)") ==
        "EXISTS can only be used in ExecuteTransaction write requests.");
}

TEST_CASE("a SELECT's result item: flat, named by output names, unresolved paths left out") {
  model::Item i = item({{"pk", S("a")},
                        {"m", AttributeValue(model::AttributeMap{{"k", S("v")}})},
                        {"L", AttributeValue(model::AttributeList{N("1"), S("two")})}});
  CHECK(select_result(select("SELECT * FROM tab"), i) == i);
  CHECK(select_result(select("SELECT pk, m.k, L[1], L[5], nope FROM tab"), i) ==
        item({{"pk", S("a")}, {"k", S("v")}, {"L[1]", S("two")}}));
  CHECK(select_result(select("SELECT nope FROM tab"), i).empty());
}

}  // namespace binder_test
