#include "partiql/lexer.h"

#include <algorithm>
#include <array>

#include "model/number.h"
#include "model/partiql_errors.h"

namespace minnow::partiql {

void fail_at(const model::Error& error, const Position& where) {
  throw model::at_position(error, where.line, where.column, where.length);
}

namespace {

// partiql-lang-kotlin's KEYWORDS: SQL-92's reserved words and PartiQL's own, sorted.
constexpr std::array kKeywords = {
    "absolute",
    "action",
    "add",
    "all",
    "allocate",
    "alter",
    "and",
    "any",
    "are",
    "as",
    "asc",
    "assertion",
    "at",
    "authorization",
    "avg",
    "bag",
    "begin",
    "between",
    "bit",
    "bit_length",
    "blob",
    "bool",
    "boolean",
    "by",
    "cascade",
    "cascaded",
    "case",
    "cast",
    "catalog",
    "char",
    "char_length",
    "character",
    "character_length",
    "check",
    "clob",
    "close",
    "coalesce",
    "collate",
    "collation",
    "column",
    "commit",
    "conflict",
    "connect",
    "connection",
    "constraint",
    "constraints",
    "continue",
    "convert",
    "corresponding",
    "count",
    "create",
    "cross",
    "current",
    "current_date",
    "current_time",
    "current_timestamp",
    "current_user",
    "cursor",
    "date",
    "date_add",
    "date_diff",
    "deallocate",
    "dec",
    "decimal",
    "declare",
    "default",
    "deferrable",
    "deferred",
    "delete",
    "desc",
    "describe",
    "descriptor",
    "diagnostics",
    "disconnect",
    "distinct",
    "do",
    "domain",
    "double",
    "drop",
    "else",
    "end",
    "escape",
    "except",
    "exception",
    "exec",
    "execute",
    "exists",
    "external",
    "extract",
    "false",
    "fetch",
    "first",
    "float",
    "for",
    "foreign",
    "found",
    "from",
    "full",
    "get",
    "global",
    "go",
    "goto",
    "grant",
    "group",
    "having",
    "identity",
    "immediate",
    "in",
    "index",
    "indicator",
    "initially",
    "inner",
    "input",
    "insensitive",
    "insert",
    "int",
    "integer",
    "intersect",
    "interval",
    "into",
    "is",
    "isolation",
    "join",
    "key",
    "language",
    "last",
    "left",
    "let",
    "level",
    "like",
    "limit",
    "list",
    "local",
    "lower",
    "match",
    "max",
    "min",
    "missing",
    "modified",
    "module",
    "names",
    "national",
    "natural",
    "nchar",
    "new",
    "next",
    "no",
    "not",
    "nothing",
    "null",
    "nullif",
    "numeric",
    "octet_length",
    "of",
    "old",
    "on",
    "only",
    "open",
    "option",
    "or",
    "order",
    "outer",
    "output",
    "overlaps",
    "pad",
    "partial",
    "pivot",
    "position",
    "precision",
    "prepare",
    "preserve",
    "primary",
    "prior",
    "privileges",
    "procedure",
    "public",
    "read",
    "real",
    "references",
    "relative",
    "remove",
    "restrict",
    "returning",
    "revoke",
    "right",
    "rollback",
    "rows",
    "schema",
    "scroll",
    "section",
    "select",
    "session",
    "session_user",
    "set",
    "sexp",
    "size",
    "smallint",
    "some",
    "space",
    "sql",
    "sqlcode",
    "sqlerror",
    "sqlstate",
    "string",
    "struct",
    "substring",
    "sum",
    "symbol",
    "system_user",
    "table",
    "temporary",
    "then",
    "time",
    "timestamp",
    "to",
    "transaction",
    "translate",
    "translation",
    "trim",
    "true",
    "tuple",
    "union",
    "unique",
    "unknown",
    "unpivot",
    "update",
    "upper",
    "usage",
    "user",
    "using",
    "value",
    "values",
    "varchar",
    "varying",
    "view",
    "when",
    "whenever",
    "where",
    "with",
    "work",
    "write",
    "zone",
};

constexpr std::array kFunctionKeywords = {
    "avg",       "bag",   "bit_length", "char_length", "character_length", "coalesce",     "count", "exists",
    "list",      "lower", "max",        "min",         "nullif",           "octet_length", "sexp",  "size",
    "substring", "sum",   "upper",
};

constexpr bool sorted(const auto& list) {
  for (std::size_t i = 1; i < list.size(); ++i) {
    if (!(std::string_view(list[i - 1]) < std::string_view(list[i]))) return false;
  }
  return true;
}
static_assert(sorted(kKeywords) && sorted(kFunctionKeywords), "binary_search needs sorted keyword lists");

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c; }

bool in_list(std::string_view word, const auto& list) {
  if (word.size() > 20) return false;
  std::array<char, 20> buf{};
  for (std::size_t i = 0; i < word.size(); ++i) buf[i] = lower(word[i]);
  std::string_view w(buf.data(), word.size());
  return std::binary_search(list.begin(), list.end(), w, [](std::string_view a, std::string_view b) { return a < b; });
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) { return is_letter(c) || c == '_' || c == '$'; }
bool is_ident_continue(char c) { return is_ident_start(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    out.reserve(text_.size() / 3 + 2);
    while (true) {
      skip_space_and_comments();
      if (i_ >= text_.size()) break;
      out.push_back(next());
    }
    out.push_back(Token{TokenKind::End, Position{line_, column_, 0}, text_.substr(text_.size())});
    return out;
  }

 private:
  // DynamoDB's lexer failures say nothing after "can't be processed: ".
  [[noreturn]] void fail() const { throw model::pql_not_well_formed(""); }

  // Advances over one byte, keeping line and column (columns count characters, not bytes).
  void advance() {
    char c = text_[i_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++column_;
    }
  }

  void skip_space_and_comments() {
    while (i_ < text_.size()) {
      char c = text_[i_];
      if (is_space(c)) {
        advance();
      } else if (c == '-' && peek(1) == '-') {
        while (i_ < text_.size() && text_[i_] != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        advance();
        advance();
        while (true) {
          if (i_ >= text_.size()) fail();
          if (text_[i_] == '*' && peek(1) == '/') break;
          advance();
        }
        advance();
        advance();
      } else {
        return;
      }
    }
  }

  char peek(std::size_t ahead) const { return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0'; }

  Token next() {
    const std::size_t start = i_;
    const Position pos{line_, column_, 0};
    TokenKind kind = scan();
    Token t{kind, pos, text_.substr(start, i_ - start)};
    t.position.length = characters(t.text);
    return t;
  }

  static uint32_t characters(std::string_view s) {
    uint32_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  }

  void quoted(char quote) {
    advance();
    while (true) {
      if (i_ >= text_.size()) fail();
      if (text_[i_] == quote) {
        if (peek(1) == quote) {
          advance();
          advance();
          continue;
        }
        advance();
        return;
      }
      advance();
    }
  }

  // A number literal, which must be one Java's BigDecimal reads (model/number.h).
  TokenKind number() {
    const std::size_t start = i_;
    while (is_digit(peek(0))) advance();
    if (peek(0) == '.') {
      advance();
      while (is_digit(peek(0))) advance();
    }
    if (peek(0) == 'e' || peek(0) == 'E') {
      std::size_t sign = (peek(1) == '+' || peek(1) == '-') ? 1 : 0;
      if (!is_digit(peek(1 + sign))) fail();
      advance();
      if (sign) advance();
      while (is_digit(peek(0))) advance();
    }
    if (!model::fits_java_bigdecimal(text_.substr(start, i_ - start))) fail();
    return TokenKind::Number;
  }

  TokenKind one(TokenKind kind, int length = 1) {
    for (int k = 0; k < length; ++k) advance();
    return kind;
  }

  TokenKind scan() {
    char c = text_[i_];
    if (is_ident_start(c)) {
      while (i_ < text_.size() && is_ident_continue(text_[i_])) advance();
      return TokenKind::Identifier;
    }
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number();
    switch (c) {
      case '"':
        quoted('"');
        return TokenKind::QuotedIdentifier;
      case '\'':
        quoted('\'');
        return TokenKind::String;
      case '`':
        advance();
        while (true) {
          if (i_ >= text_.size()) fail();
          if (text_[i_] == '`') break;
          advance();
        }
        advance();
        return TokenKind::Ion;
      case '?':
        return one(TokenKind::Parameter);
      case '(':
        return one(TokenKind::LParen);
      case ')':
        return one(TokenKind::RParen);
      case '[':
        return one(TokenKind::LBracket);
      case ']':
        return one(TokenKind::RBracket);
      case '{':
        return one(TokenKind::LBrace);
      case '}':
        return one(TokenKind::RBrace);
      case ',':
        return one(TokenKind::Comma);
      case '.':
        return one(TokenKind::Dot);
      case ':':
        return one(TokenKind::Colon);
      case ';':
        return one(TokenKind::Semicolon);
      case '*':
        return one(TokenKind::Star);
      case '+':
        return one(TokenKind::Plus);
      case '-':
        return one(TokenKind::Minus);
      case '/':
        return one(TokenKind::Slash);
      case '%':
        return one(TokenKind::Percent);
      case '@':
        return one(TokenKind::At);
      case '=':
        return one(TokenKind::Eq);
      case '|':
        if (peek(1) == '|') return one(TokenKind::Concat, 2);
        break;
      case '!':
        if (peek(1) == '=') return one(TokenKind::Ne, 2);
        break;
      case '<':
        if (peek(1) == '<') return one(TokenKind::LBag, 2);
        if (peek(1) == '>') return one(TokenKind::Ne, 2);
        if (peek(1) == '=') return one(TokenKind::Le, 2);
        return one(TokenKind::Lt);
      case '>':
        if (peek(1) == '>') return one(TokenKind::RBag, 2);
        if (peek(1) == '=') return one(TokenKind::Ge, 2);
        return one(TokenKind::Gt);
      default:
        break;
    }
    fail();
  }

  std::string_view text_;
  std::size_t i_ = 0;
  uint32_t line_ = 1;
  uint32_t column_ = 1;
};

}  // namespace

std::string Token::value() const {
  if (kind != TokenKind::String && kind != TokenKind::QuotedIdentifier) return std::string(text);
  const char quote = text.front();
  std::string out;
  out.reserve(text.size() - 2);
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    out += text[i];
    if (text[i] == quote) ++i;  // a doubled quote stands for one
  }
  return out;
}

std::vector<Token> tokenize(std::string_view text) { return Lexer(text).run(); }

bool is_keyword(std::string_view word) { return in_list(word, kKeywords); }
bool is_function_keyword(std::string_view word) { return in_list(word, kFunctionKeywords); }

bool keyword_equals(std::string_view token, std::string_view upper) {
  return token.size() == upper.size() &&
         std::equal(token.begin(), token.end(), upper.begin(), [](char a, char b) { return (a & ~0x20) == b; });
}

}  // namespace minnow::partiql
