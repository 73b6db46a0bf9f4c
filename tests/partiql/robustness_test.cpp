// No statement may crash, hang or exhaust the stack: token soups, mutated statements and random
// bytes go through the parser and the binder; the only exception allowed is model::Error. (Under
// scripts/test this runs with AddressSanitizer and UndefinedBehaviorSanitizer.)
#include <catch2/catch.hpp>
#include <random>

#include "model/errors.h"
#include "partiql/binder.h"
#include "partiql/parser.h"

namespace robustness_test {

using namespace minnow;
using namespace minnow::partiql;

namespace {

const char* const kPieces[] = {"SELECT ",
                               "INSERT ",
                               "INTO ",
                               "VALUE ",
                               "UPDATE ",
                               "DELETE ",
                               "FROM ",
                               "WHERE ",
                               "SET ",
                               "REMOVE ",
                               "EXISTS",
                               "RETURNING ",
                               "ALL ",
                               "MODIFIED ",
                               "OLD ",
                               "NEW ",
                               "ORDER ",
                               "BY ",
                               "DESC ",
                               "LIMIT ",
                               "AND ",
                               "OR ",
                               "NOT ",
                               "IN ",
                               "IS ",
                               "MISSING ",
                               "NULL ",
                               "BETWEEN ",
                               "LIKE ",
                               "TRUE ",
                               "\"tab\"",
                               "\"hsh\"",
                               "tab",
                               "pk",
                               "sk",
                               "id",
                               "x",
                               "m",
                               "L",
                               "\"q r\"",
                               "'a'",
                               "''",
                               "'it''s'",
                               "1",
                               "-1",
                               "0.5",
                               "1e3",
                               "-0.0",
                               "?",
                               "*",
                               "(",
                               ")",
                               "[",
                               "]",
                               "{",
                               "}",
                               "<<",
                               ">>",
                               ",",
                               ".",
                               ":",
                               ";",
                               "=",
                               "<>",
                               "<",
                               "<=",
                               ">",
                               ">=",
                               "+",
                               "-",
                               "||",
                               "`1`",
                               "@",
                               "begins_with(",
                               "size(",
                               "set_add(",
                               "list_append(",
                               "attribute_type(",
                               "contains(",
                               " "};

const TableShape kTab{"tab", {{"pk", model::ValueType::S}, model::KeyAttribute{"sk", model::ValueType::N}}};
const TableShape kHsh{"hsh", {{"id", model::ValueType::S}, std::nullopt}};
const IndexShape kIndex{"gix", true, {{"g", model::ValueType::S}}, {}};

Lookup lookup() {
  Lookup l;
  l.table = [](const std::string& name) -> const TableShape& {
    if (name == "hsh") return kHsh;
    if (name == "tab") return kTab;
    throw model::Error(model::kResourceNotFound);
  };
  l.index = [](const TableShape&, const std::string& name) -> const IndexShape& {
    if (name == "gix") return kIndex;
    throw model::index_not_found(name);
  };
  return l;
}

// Parses and binds in every context; true when it bound.
bool try_statement(const std::string& text) {
  static const Lookup l = lookup();
  static const Parameters params{model::AttributeValue(std::string("p")), model::AttributeValue(model::Number()),
                                 model::AttributeValue(model::StringSet{{"a"}})};
  bool bound = false;
  for (Context c : {Context::Single, Context::Batch, Context::Transaction}) {
    try {
      Statement s = parse_statement(text);
      CHECK(parse_statement(s.to_string()) == s);  // whatever parses round-trips
      bind_statement(s, params, l, c);
      bound = true;
    } catch (const model::Error&) {
    }
  }
  return bound;
}

}  // namespace

TEST_CASE("token soups never crash the parser or the binder") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::size_t> piece(0, std::size(kPieces) - 1), length(1, 30);
  for (int i = 0; i < 4000; ++i) {
    std::string text;
    for (std::size_t n = length(rng); n > 0; --n) text += kPieces[piece(rng)];
    CAPTURE(text);
    try_statement(text);
  }
}

TEST_CASE("mutated valid statements never crash, and some of them still bind") {
  const char* const seeds[] = {
      "SELECT a, m.k, L[1] FROM \"tab\" WHERE pk = 'a' AND sk > 1 AND x IS NOT MISSING ORDER BY sk DESC",
      "SELECT * FROM \"tab\".\"gix\" WHERE g = ? AND begins_with(s, 'x') OR size(L) >= 2",
      "INSERT INTO \"hsh\" VALUE {'id': 'a', 'm': {'l': [1, <<1, 2>>, <<'x'>>, NULL, TRUE]}}",
      "UPDATE \"tab\" SET a = a + 1, s = set_add(s, <<'x'>>) REMOVE b WHERE pk = 'a' AND sk = 1 RETURNING ALL NEW *",
      "DELETE FROM \"hsh\" WHERE id = ? AND v BETWEEN 1 AND 2 RETURNING ALL OLD *",
      "EXISTS(SELECT * FROM \"hsh\" WHERE id = 'a' AND v IN [1, 2, 3])",
  };
  std::mt19937 rng(11);
  int bound = 0;
  for (const char* seed : seeds) {
    for (int i = 0; i < 600; ++i) {
      std::string text = seed;
      std::uniform_int_distribution<int> edits(1, 4);
      for (int e = edits(rng); e > 0; --e) {
        std::uniform_int_distribution<std::size_t> at(0, text.size());
        std::size_t p = at(rng);
        switch (rng() % 3) {
          case 0:
            text.insert(p, kPieces[rng() % std::size(kPieces)]);
            break;
          case 1:
            text.erase(p, 1 + rng() % 6);
            break;
          default:
            if (p < text.size()) text[p] = static_cast<char>(32 + rng() % 95);
        }
      }
      CAPTURE(text);
      bound += try_statement(text);
    }
  }
  CHECK(bound > 20);  // the binder saw some of them, not only the parser
}

TEST_CASE("random bytes never crash the lexer or the parser") {
  std::mt19937 rng(3);
  for (int i = 0; i < 3000; ++i) {
    std::string text(rng() % 64, '\0');
    for (char& c : text) c = static_cast<char>(rng() % 256);
    try_statement(text);
  }
  SUCCEED();
}

}  // namespace robustness_test
