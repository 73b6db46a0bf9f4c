#include "expressions/lexer.h"

#include <string>

#include "model/expression_errors.h"

namespace minnow::expressions {

namespace {
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) { return is_letter(c) || is_digit(c) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Length of the UTF-8 sequence starting with `lead`, bounded by what is left.
std::size_t utf8_length(unsigned char lead, std::size_t left) {
  std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
  return n < left ? n : left;
}
}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  out.reserve(text.size() / 2 + 2);
  std::size_t i = 0, n = text.size();
  auto push = [&](TokenKind kind, std::size_t start, std::size_t len) {
    out.push_back(Token{kind, static_cast<uint32_t>(start), text.substr(start, len)});
  };
  while (i < n) {
    char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    std::size_t start = i;
    if (is_letter(c)) {
      while (i < n && is_word(text[i])) ++i;
      push(TokenKind::Identifier, start, i - start);
      continue;
    }
    if ((c == '#' || c == ':') && i + 1 < n && is_word(text[i + 1])) {
      ++i;
      while (i < n && is_word(text[i])) ++i;
      push(c == '#' ? TokenKind::NamePlaceholder : TokenKind::ValuePlaceholder, start, i - start);
      continue;
    }
    if (is_digit(c)) {
      if (c == '0') {
        ++i;
      } else {
        while (i < n && is_digit(text[i])) ++i;
      }
      push(TokenKind::Number, start, i - start);
      continue;
    }
    TokenKind kind = TokenKind::Unknown;
    std::size_t len = 1;
    switch (c) {
      case '(':
        kind = TokenKind::LParen;
        break;
      case ')':
        kind = TokenKind::RParen;
        break;
      case '[':
        kind = TokenKind::LBracket;
        break;
      case ']':
        kind = TokenKind::RBracket;
        break;
      case ',':
        kind = TokenKind::Comma;
        break;
      case '.':
        kind = TokenKind::Dot;
        break;
      case '+':
        kind = TokenKind::Plus;
        break;
      case '-':
        kind = TokenKind::Minus;
        break;
      case '=':
        kind = TokenKind::Eq;
        break;
      case '<':
        if (i + 1 < n && text[i + 1] == '>') {
          kind = TokenKind::Ne, len = 2;
        } else if (i + 1 < n && text[i + 1] == '=') {
          kind = TokenKind::Le, len = 2;
        } else {
          kind = TokenKind::Lt;
        }
        break;
      case '>':
        if (i + 1 < n && text[i + 1] == '=') {
          kind = TokenKind::Ge, len = 2;
        } else {
          kind = TokenKind::Gt;
        }
        break;
      default:
        len = utf8_length(static_cast<unsigned char>(c), n - i);
    }
    i += len;
    push(kind, start, len);
  }
  out.push_back(Token{TokenKind::End, static_cast<uint32_t>(n), std::string_view()});
  return out;
}

std::string syntax_error_detail(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  const Token& t = tokens[i];
  std::size_t from = i > 0 ? tokens[i - 1].offset : 0;
  std::size_t to = text.size();
  if (t.kind != TokenKind::End && i + 1 < tokens.size() && tokens[i + 1].kind != TokenKind::End) {
    to = tokens[i + 1].offset + tokens[i + 1].text.size();
  }
  std::string_view token = t.kind == TokenKind::End ? std::string_view("<EOF>") : t.text;
  return model::expr_syntax(token, text.substr(from, to - from));
}

}  // namespace minnow::expressions
