// Tokens of DynamoDB's expression language, with byte offsets into the expression text.
//
// The token classes are DynamoDB's: identifiers start with an ASCII letter ("_a" is the token "_"
// followed by "a"), "#x"/":x" placeholders take [A-Za-z0-9_]+, list indexes are "0" or a digit
// string without a leading zero ("01" is "0" then "1"), and any other character is a one-character
// token of its own (a whole UTF-8 sequence, so that messages quote "é", not a broken byte).
// Keywords are identifiers; the parser compares them case-insensitively.
//
// Pure functions over a string_view; the tokens point into the caller's text.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace minnow::expressions {

enum class TokenKind : uint8_t {
  Identifier,        // a, SET, attribute_exists
  NamePlaceholder,   // #name
  ValuePlaceholder,  // :value
  Number,            // 0, 17 (list indexes)
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Dot,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Plus,
  Minus,
  Unknown,  // any other character
  End,      // end of input; prints as "<EOF>"
};

struct Token {
  TokenKind kind;
  uint32_t offset;  // byte offset of the first character
  std::string_view text;
};

// Splits the whole text; the last token is End (at offset text.size()). Whitespace is space, tab,
// CR and LF.
std::vector<Token> tokenize(std::string_view text);

// "Syntax error; token: "...", near: "..."" for an error at tokens[i]: `near` spans from the start
// of the previous token (or the start of the text) to the end of the next token (or of the text).
std::string syntax_error_detail(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

}  // namespace minnow::expressions
