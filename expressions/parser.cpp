#include "expressions/parser.h"

#include <charconv>
#include <optional>
#include <string>

#include "expressions/functions.h"
#include "expressions/lexer.h"
#include "model/expression_errors.h"

namespace minnow::expressions {

const char* kind_name(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::Condition:
      return "Condition";
    case ExpressionKind::Filter:
      return "Filter";
    case ExpressionKind::KeyCondition:
      return "KeyCondition";
    case ExpressionKind::Projection:
      return "Projection";
    case ExpressionKind::Update:
      return "Update";
    case ExpressionKind::SearchCondition:
      return "SearchCondition";
  }
  return "Condition";
}

namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 32);
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 32);
    if (x != y) return false;
  }
  return true;
}

class Parser {
 public:
  Parser(std::string_view text, ExpressionKind kind) : text_(text), kind_(kind) {
    if (text.empty()) throw model::expr_invalid(kind_name(kind), model::kExprEmpty);
    if (text.size() > kMaxExpressionBytes) {
      // Only conditions say how large the text was.
      bool with_size = kind != ExpressionKind::Update && kind != ExpressionKind::Projection;
      throw model::expr_invalid(kind_name(kind), model::expr_too_large(text.size(), with_size));
    }
    tokens_ = tokenize(text);
  }

  Condition condition() {
    Condition c;
    c.root = parse_or();
    if (c.root.kind != NodeKind::Call && c.root.is_operand()) fail();
    expect(TokenKind::End);
    c.limit_error = std::move(limit_error_).value_or("");
    return c;
  }

  Update update() {
    Update u;
    do {
      const Token& t = peek();
      UpdateSection s;
      if (t.kind != TokenKind::Identifier) fail();
      if (iequals(t.text, "SET")) {
        s.clause = UpdateClause::Set;
      } else if (iequals(t.text, "REMOVE")) {
        s.clause = UpdateClause::Remove;
      } else if (iequals(t.text, "ADD")) {
        s.clause = UpdateClause::Add;
      } else if (iequals(t.text, "DELETE")) {
        s.clause = UpdateClause::Delete;
      } else {
        fail();
      }
      ++pos_;
      do {
        UpdateAction a;
        a.clause = s.clause;
        a.path = parse_path();
        switch (s.clause) {
          case UpdateClause::Set:
            expect(TokenKind::Eq);
            a.value = parse_set_value();
            break;
          case UpdateClause::Remove:
            break;
          case UpdateClause::Add:
          case UpdateClause::Delete:
            if (peek().kind != TokenKind::ValuePlaceholder) fail();
            a.value = value_node(next());
            break;
        }
        s.actions.push_back(std::move(a));
      } while (accept(TokenKind::Comma));
      u.sections.push_back(std::move(s));
    } while (peek().kind != TokenKind::End);
    u.limit_error = std::move(limit_error_).value_or("");
    return u;
  }

  Projection projection() {
    Projection p;
    do {
      p.paths.push_back(parse_path());
    } while (accept(TokenKind::Comma));
    expect(TokenKind::End);
    p.limit_error = std::move(limit_error_).value_or("");
    return p;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool accept(TokenKind k) {
    if (peek().kind != k) return false;
    ++pos_;
    return true;
  }
  void expect(TokenKind k) {
    if (!accept(k)) fail();
  }
  bool at_keyword(const char* word) const { return peek().kind == TokenKind::Identifier && iequals(peek().text, word); }
  bool at_condition_keyword() const {
    return at_keyword("AND") || at_keyword("OR") || at_keyword("NOT") || at_keyword("BETWEEN") || at_keyword("IN");
  }
  [[noreturn]] void fail() const {
    throw model::expr_invalid(kind_name(kind_), syntax_error_detail(text_, tokens_, pos_));
  }
  // Limit violations go into the tree (the first one in text order); syntax errors come first.
  void limit(std::string message) {
    if (!limit_error_) limit_error_ = std::move(message);
  }
  // DynamoDB stops counting at the first operator over the limit: the message always says 301.
  void count_operator() {
    if (++operators_ == kMaxOperators + 1) limit(model::expr_too_many_operators(operators_));
  }
  void enter() {
    if (++depth_ > kMaxNesting) throw model::expr_invalid(kind_name(kind_), model::kExprRedundantParentheses);
  }
  void leave() { --depth_; }

  PathElement name_element(const Token& t) {
    PathElement e;
    e.offset = t.offset;
    e.text = std::string(t.text);
    if (t.kind == TokenKind::NamePlaceholder) {
      e.kind = PathElement::Kind::Placeholder;
    } else {
      e.kind = PathElement::Kind::Name;
      e.name = e.text;
    }
    return e;
  }

  // The keywords of every expression grammar are tokens of their own (DynamoDB shares one lexer),
  // so none of them can name an attribute anywhere: "SET between = :v" is a syntax error.
  bool at_name() const {
    const Token& t = peek();
    if (t.kind == TokenKind::NamePlaceholder) return true;
    if (t.kind != TokenKind::Identifier) return false;
    return !(at_condition_keyword() || at_keyword("SET") || at_keyword("REMOVE") || at_keyword("ADD") ||
             at_keyword("DELETE"));
  }

  Path parse_path() {
    if (!at_name()) fail();
    Path p;
    p.elements.push_back(name_element(next()));
    for (;;) {
      if (accept(TokenKind::Dot)) {
        if (!at_name()) fail();
        p.elements.push_back(name_element(next()));
      } else if (peek().kind == TokenKind::LBracket) {
        ++pos_;
        if (peek().kind != TokenKind::Number) fail();
        const Token& t = next();
        PathElement e;
        e.kind = PathElement::Kind::Index;
        e.offset = t.offset;
        e.text = std::string(t.text);
        uint64_t v = 0;
        bool fits = t.text.size() <= 10;
        if (fits) {
          std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
          fits = v <= 2147483647u;
        }
        if (!fits) limit(model::expr_list_index_out_of_range(t.text));
        e.index = fits ? static_cast<uint32_t>(v) : 0;
        p.elements.push_back(std::move(e));
        expect(TokenKind::RBracket);
      } else {
        break;
      }
    }
    if (p.elements.size() > kMaxPathDepth) limit(model::expr_path_too_deep(p.elements.size()));
    return p;
  }

  Node value_node(const Token& t) {
    Node n;
    n.kind = NodeKind::Value;
    n.offset = t.offset;
    n.text = std::string(t.text);
    return n;
  }

  Node path_node() {
    Node n;
    n.kind = NodeKind::Path;
    n.offset = peek().offset;
    n.path = parse_path();
    return n;
  }

  // name '(' args ')', the name already peeked and followed by '('.
  template <class ArgFn>
  Node call(ArgFn arg) {
    const Token& name = next();
    Node n;
    n.kind = NodeKind::Call;
    n.offset = name.offset;
    n.text = std::string(name.text);
    n.function = function_from_name(name.text);
    count_operator();
    expect(TokenKind::LParen);
    do {
      n.args.push_back(arg());
    } while (accept(TokenKind::Comma));
    expect(TokenKind::RParen);
    return n;
  }

  bool at_call() const { return peek().kind == TokenKind::Identifier && tokens_[pos_ + 1].kind == TokenKind::LParen; }

  // ---- conditions ------------------------------------------------------------------------------

  // operand := path | :value | function '(' operand, ... ')' | '(' operand ')'
  Node parse_operand() {
    const Token& t = peek();
    if (t.kind == TokenKind::LParen) {
      enter();
      ++pos_;
      Node n = parse_operand();
      expect(TokenKind::RParen);
      ++n.parens;
      leave();
      refuse_dereference_of_redundant_parentheses(n);
      return n;
    }
    if (t.kind == TokenKind::ValuePlaceholder) return value_node(next());
    if (at_call() && !at_condition_keyword()) return call([this] { return parse_operand(); });
    return path_node();
  }

  Node binary(NodeKind kind, Node a, Node b) {
    Node n;
    n.kind = kind;
    n.offset = a.offset;
    n.args.push_back(std::move(a));
    n.args.push_back(std::move(b));
    count_operator();
    return n;
  }

  // A plain operand (not a function) cannot stand where a condition is expected.
  void require_condition(const Node& n) const {
    if (n.is_operand() && n.kind != NodeKind::Call) fail();
  }

  Node parse_or() {
    Node x = parse_and();
    while (at_keyword("OR")) {
      require_condition(x);
      ++pos_;
      Node y = parse_and();
      require_condition(y);
      x = binary(NodeKind::Or, std::move(x), std::move(y));
    }
    return x;
  }

  Node parse_and() {
    Node x = parse_not();
    while (at_keyword("AND")) {
      require_condition(x);
      ++pos_;
      Node y = parse_not();
      require_condition(y);
      x = binary(NodeKind::And, std::move(x), std::move(y));
    }
    return x;
  }

  Node parse_not() {
    if (!at_keyword("NOT")) return parse_predicate();
    const Token& t = next();
    enter();
    Node c = parse_not();
    require_condition(c);
    leave();
    Node n;
    n.kind = NodeKind::Not;
    n.offset = t.offset;
    n.args.push_back(std::move(c));
    count_operator();
    return n;
  }

  bool at_comparator() const {
    switch (peek().kind) {
      case TokenKind::Eq:
      case TokenKind::Ne:
      case TokenKind::Lt:
      case TokenKind::Le:
      case TokenKind::Gt:
      case TokenKind::Ge:
        return true;
      default:
        return at_keyword("BETWEEN") || at_keyword("IN");
    }
  }

  // `((b.c)).d`: DynamoDB names the doubled parentheses rather than the dereference after them.
  void refuse_dereference_of_redundant_parentheses(const Node& n) const {
    if (n.parens >= 2 && (peek().kind == TokenKind::Dot || peek().kind == TokenKind::LBracket))
      throw model::expr_invalid(kind_name(kind_), model::kExprRedundantParentheses);
  }

  // predicate := operand comparator operand | operand BETWEEN operand AND operand
  //            | operand IN '(' operand, ... ')' | function | '(' condition ')'
  // A '(' may open a condition or an operand ("(a) = :v"): the inner part is parsed as a
  // condition that may end in a bare operand, and what follows the ')' decides.
  Node parse_predicate() {
    Node x;
    if (peek().kind == TokenKind::LParen) {
      enter();
      ++pos_;
      x = parse_or();
      expect(TokenKind::RParen);
      ++x.parens;
      leave();
      if (!x.is_operand()) return x;
      refuse_dereference_of_redundant_parentheses(x);
    } else {
      x = parse_operand();
    }
    if (!at_comparator()) {
      // A function stands as a condition; a bare operand only as the inside of "( ... )".
      if (x.kind == NodeKind::Call) return x;
      if (depth_ > 0 && peek().kind == TokenKind::RParen) return x;
      fail();
    }
    Node n;
    n.offset = x.offset;
    const Token& op = next();
    n.args.push_back(std::move(x));
    count_operator();
    if (op.kind == TokenKind::Identifier && iequals(op.text, "BETWEEN")) {
      n.kind = NodeKind::Between;
      n.args.push_back(parse_operand());
      if (!at_keyword("AND")) fail();
      ++pos_;
      n.args.push_back(parse_operand());
    } else if (op.kind == TokenKind::Identifier) {  // IN
      n.kind = NodeKind::In;
      expect(TokenKind::LParen);
      do {
        n.args.push_back(parse_operand());
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen);
      if (n.args.size() - 1 > kMaxInOperands) limit(model::expr_in_too_many_operands(n.args.size() - 1));
    } else {
      n.kind = NodeKind::Compare;
      switch (op.kind) {
        case TokenKind::Eq:
          n.comparator = Comparator::Eq;
          break;
        case TokenKind::Ne:
          n.comparator = Comparator::Ne;
          break;
        case TokenKind::Lt:
          n.comparator = Comparator::Lt;
          break;
        case TokenKind::Le:
          n.comparator = Comparator::Le;
          break;
        case TokenKind::Gt:
          n.comparator = Comparator::Gt;
          break;
        default:
          n.comparator = Comparator::Ge;
          break;
      }
      n.args.push_back(parse_operand());
    }
    return n;
  }

  // ---- update values -------------------------------------------------------------------------

  // set_value := set_operand [ ('+' | '-') set_operand ]
  Node parse_set_value() {
    Node x = parse_set_operand();
    if (peek().kind == TokenKind::Plus || peek().kind == TokenKind::Minus) {
      NodeKind k = next().kind == TokenKind::Plus ? NodeKind::Plus : NodeKind::Minus;
      Node y = parse_set_operand();
      x = binary(k, std::move(x), std::move(y));
    }
    return x;
  }

  // set_operand := path | :value | function '(' set_operand, ... ')' | '(' set_value ')'
  // (no arithmetic in a function's arguments: `if_not_exists(c, :a + :b)` is a syntax error at +)
  Node parse_set_operand() {
    const Token& t = peek();
    if (t.kind == TokenKind::LParen) {
      enter();
      ++pos_;
      Node n = parse_set_value();
      expect(TokenKind::RParen);
      ++n.parens;
      leave();
      return n;
    }
    if (t.kind == TokenKind::ValuePlaceholder) return value_node(next());
    if (at_call()) return call([this] { return parse_set_operand(); });
    return path_node();
  }

  std::string_view text_;
  ExpressionKind kind_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::size_t operators_ = 0;
  int depth_ = 0;
  std::optional<std::string> limit_error_;
};

}  // namespace

Condition parse_condition(std::string_view text, ExpressionKind kind) { return Parser(text, kind).condition(); }
Update parse_update(std::string_view text) { return Parser(text, ExpressionKind::Update).update(); }
Projection parse_projection(std::string_view text) { return Parser(text, ExpressionKind::Projection).projection(); }

}  // namespace minnow::expressions
