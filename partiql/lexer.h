// Tokens of DynamoDB's PartiQL dialect, with line, column and length (the "at 1:42:1" that
// DynamoDB appends to some messages).
//
// The token classes are those of the PartiQL reference parser DynamoDB uses
// (partiql-lang-kotlin): identifiers start with a letter, '_' or '$' and continue with those
// and digits; "quoted identifiers" and 'strings' double their quote to escape it; numbers are
// digits with an optional fraction and exponent (".5", "5.", "1e-3"); `ion` literals sit
// between backticks; -- and /* */ are comments. Keywords are identifiers of the keyword list
// (SQL-92's and PartiQL's), compared case-insensitively. A character outside these classes, an
// unterminated string or comment is a syntax error.
//
// Pure functions; tokens point into the caller's text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::model {
class Error;
}  // namespace minnow::model

namespace minnow::partiql {

enum class TokenKind : uint8_t {
  Identifier,        // a, SELECT (keywords are identifiers too; see is_keyword)
  QuotedIdentifier,  // "a b"   text: the raw token, value(): the name
  String,            // 'a''b'  text: the raw token, value(): a'b
  Number,            // 12, 1.5, 1e3
  Ion,               // `...`
  Parameter,         // ?
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  LBag,  // <<
  RBag,  // >>
  Comma,
  Dot,
  Colon,
  Semicolon,
  Star,
  Plus,
  Minus,
  Slash,
  At,  // @ (a variable reference: @x is x)
  Percent,
  Concat,  // ||
  Eq,
  Ne,  // <> or !=
  Lt,
  Le,
  Gt,
  Ge,
  End,
};

// Where a token (or a node built from it) starts; 1-based, as DynamoDB prints it.
struct Position {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t length = 0;
  bool operator==(const Position&) const = default;
};

// Throws `error` with the position DynamoDB appends to it (model::at_position).
[[noreturn]] void fail_at(const model::Error& error, const Position& where);

struct Token {
  TokenKind kind = TokenKind::End;
  Position position;
  std::string_view text;
  // The unescaped value of a String or QuotedIdentifier, the text otherwise.
  std::string value() const;
};

// Splits the whole text; the last token is End. Throws model::Error (DynamoDB's "Statement
// wasn't well formed" for the statement) on a character no token starts with, an unterminated
// string, identifier, Ion literal or comment.
std::vector<Token> tokenize(std::string_view text);

// Whether an identifier is a PartiQL keyword (case-insensitive).
bool is_keyword(std::string_view word);
// Keywords that are also function names (size, exists, count, ...): usable before '('.
bool is_function_keyword(std::string_view word);
// Case-insensitive comparison of an identifier token with an upper-case keyword.
bool keyword_equals(std::string_view token, std::string_view upper);

}  // namespace minnow::partiql
