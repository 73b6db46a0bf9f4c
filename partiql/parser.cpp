#include "partiql/parser.h"

#include <optional>

#include "model/partiql_errors.h"

namespace minnow::partiql {

namespace {

// PartiQL's operator precedence groups (partiql-lang-kotlin's OperatorPrecedenceGroups).
enum Precedence : int {
  kOr = 10,
  kAnd = 20,
  kNot = 30,
  kEquality = 40,
  kRelational = 50,
  kAddition = 60,
  kMultiply = 70
};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text), tokens_(tokenize(text)) {}

  Statement run() {
    Statement st;
    const Token& first = peek();
    if (is_word(first, "SELECT")) {
      st.body = select();
    } else if (is_word(first, "INSERT")) {
      st.body = insert();
    } else if (is_word(first, "UPDATE")) {
      st.body = update();
    } else if (is_word(first, "DELETE")) {
      st.body = remove();
    } else if (is_word(first, "FROM")) {
      st.body = update_from();
    } else if (is_word(first, "EXISTS")) {
      next();
      expect(TokenKind::LParen);
      if (!is_word(peek(), "SELECT")) fail();
      ExistsStatement e{select()};
      expect(TokenKind::RParen);
      st.body = std::move(e);
    } else {
      fail();
    }
    if (peek().kind == TokenKind::Semicolon) next();
    if (peek().kind != TokenKind::End) fail(kTokenAfterExpression);
    if (deferred_) throw *deferred_;
    st.parameters = parameters_;
    return st;
  }

 private:
  // DynamoDB's reasons (its parser's), after "Statement wasn't well formed, can't be processed: ".
  static constexpr std::string_view kTokenAfterExpression = "Unexpected token after expression";
  static constexpr std::string_view kUnexpectedTerm = "Unexpected term";
  static constexpr std::string_view kInvalidPathDot = "Invalid path dot component";
  static constexpr std::string_view kUnexpectedToken = "Unexpected token";  // the others (not captured)

  [[noreturn]] void fail(std::string_view reason = kUnexpectedToken) const {
    // A statement that stops where more must come: a term is missing.
    if (reason != kInvalidPathDot && peek().kind == TokenKind::End) reason = kUnexpectedTerm;
    throw model::pql_not_well_formed(reason);
  }

  // An error DynamoDB reports only when the statement parses: the first one is kept.
  void defer(model::Error e) {
    if (!deferred_) deferred_ = std::move(e);
  }
  void defer_at(const model::Error& e, const Position& p) { defer(model::at_position(e, p.line, p.column, p.length)); }

  const Token& peek(std::size_t ahead = 0) const {
    std::size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  static bool is_word(const Token& t, std::string_view upper) {
    return t.kind == TokenKind::Identifier && keyword_equals(t.text, upper);
  }
  bool accept_word(std::string_view upper) {
    if (!is_word(peek(), upper)) return false;
    next();
    return true;
  }
  // What must follow a part of the statement is missing: DynamoDB's "after expression".
  void expect_word(std::string_view upper) {
    if (!accept_word(upper)) fail(kTokenAfterExpression);
  }
  bool accept(TokenKind k) {
    if (peek().kind != k) return false;
    next();
    return true;
  }
  const Token& expect(TokenKind k) {
    if (peek().kind != k) fail(kTokenAfterExpression);
    return next();
  }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxNesting) p_.fail();
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  // ---- Statements --------------------------------------------------------------------------

  Target target() {
    Target t;
    const Token& tok = peek();
    t.position = tok.position;
    if (tok.kind == TokenKind::QuotedIdentifier) {
      t.table = next().value();
    } else if (tok.kind == TokenKind::Identifier && !is_keyword(tok.text)) {
      t.table = std::string(next().text);
    } else if (tok.kind == TokenKind::Parameter || tok.kind == TokenKind::String || tok.kind == TokenKind::Number) {
      next();
      defer(model::Error(model::kPqlUnexpectedFromSource));
      return t;
    } else {
      fail();
    }
    int components = 1;
    while (peek().kind == TokenKind::Dot) {
      next();
      const Token& part = peek();
      std::string name;
      if (part.kind == TokenKind::QuotedIdentifier) {
        name = next().value();
      } else if (part.kind == TokenKind::Identifier && !is_keyword(part.text)) {
        name = std::string(next().text);
      } else {
        fail();
      }
      if (++components == 2) t.index = std::move(name);
    }
    if (components > 2) defer(model::Error(model::kPqlFromPathTooLong));
    return t;
  }

  // An alias after a FROM source or a projected expression: AS x, or a bare identifier.
  void alias() {
    if (accept_word("AS")) {
      if (peek().kind != TokenKind::Identifier && peek().kind != TokenKind::QuotedIdentifier) fail();
      next();
      defer(model::Error(model::kPqlAliasUnsupported));
    } else if ((peek().kind == TokenKind::Identifier && !is_keyword(peek().text)) ||
               peek().kind == TokenKind::QuotedIdentifier) {
      next();
      defer(model::Error(model::kPqlAliasUnsupported));
    }
  }

  SelectStatement select() {
    SelectStatement s;
    expect_word("SELECT");
    if (is_word(peek(), "DISTINCT")) {
      defer(model::pql_unsupported_token(next().text));
    } else {
      accept_word("ALL");
    }
    if (is_word(peek(), "VALUE") || is_word(peek(), "PIVOT")) {
      next();
      expression();
      if (is_word(peek(), "AT")) {
        next();
        expression();
      }
      defer(model::Error(model::kPqlSelectValueOrPivot));
    } else if (accept(TokenKind::Star)) {
      s.star = true;
    } else {
      do {
        s.projection.push_back(expression());
        alias();
      } while (accept(TokenKind::Comma));
    }
    expect_word("FROM");
    s.from = target();
    alias();
    while (accept(TokenKind::Comma)) {
      target();
      alias();
      defer(model::Error(model::kPqlSelectMultipleFrom));
    }
    if (accept_word("WHERE")) s.where = expression();
    if (is_word(peek(), "GROUP")) {
      next();
      expect_word("BY");
      do expression();
      while (accept(TokenKind::Comma));
      defer(model::pql_unsupported_clause("GROUP BY"));
    }
    if (accept_word("HAVING")) {
      expression();
      defer(model::pql_unsupported_clause("HAVING"));
    }
    if (accept_word("ORDER")) {
      expect_word("BY");
      do {
        OrderItem item{expression(), std::nullopt};
        if (accept_word("ASC")) {
          item.descending = false;
        } else if (accept_word("DESC")) {
          item.descending = true;
        }
        s.order_by.push_back(std::move(item));
      } while (accept(TokenKind::Comma));
    }
    if (accept_word("LIMIT")) {
      Expr limit = expression();
      defer_at(model::pql_unsupported_clause("LIMIT"), limit.position);
    }
    if (accept_word("OFFSET")) fail();
    return s;
  }

  InsertStatement insert() {
    InsertStatement s;
    expect_word("INSERT");
    expect_word("INTO");
    s.into = target();
    if (is_word(peek(), "AS")) fail(kTokenAfterExpression);  // INSERT takes no alias
    if (accept_word("VALUE")) {
      s.value = expression();
      if (accept_word("AT")) {
        expression();
        defer(model::Error(model::kPqlInsertAt));
      }
    } else {
      s.value = expression();
      defer(model::pql_unsupported_operation("InsertOp"));
    }
    if (is_word(peek(), "ON")) {
      next();
      expect_word("CONFLICT");
      expect_word("WHERE");
      expression();
      expect_word("DO");
      expect_word("NOTHING");
    }
    if (is_word(peek(), "RETURNING")) {
      returning();
      defer(model::Error(model::kPqlInsertReturning));
    }
    return s;
  }

  Returning returning() {
    expect_word("RETURNING");
    Returning result = Returning::None;
    int elements = 0;
    do {
      bool modified;
      if (accept_word("MODIFIED")) {
        modified = true;
      } else if (accept_word("ALL")) {
        modified = false;
      } else {
        fail();
      }
      bool is_new;
      if (accept_word("NEW")) {
        is_new = true;
      } else if (accept_word("OLD")) {
        is_new = false;
      } else {
        fail();
      }
      if (!accept(TokenKind::Star)) {
        expression();
        defer(model::Error(model::kPqlReturningStar));
      }
      if (elements++ == 0) {
        result = modified ? (is_new ? Returning::ModifiedNew : Returning::ModifiedOld)
                          : (is_new ? Returning::AllNew : Returning::AllOld);
      }
    } while (accept(TokenKind::Comma));
    if (elements > 1) defer(model::Error(model::kPqlReturningMultiple));
    return result;
  }

  UpdateStatement update() {
    UpdateStatement s;
    expect_word("UPDATE");
    s.table = target();
    alias();
    assignments(s);
    if (accept_word("WHERE")) s.where = expression();
    if (is_word(peek(), "RETURNING")) s.returning = returning();
    return s;
  }

  // The same update written FROM first: FROM "T" WHERE <key> [AND <condition>] SET ... | REMOVE ...
  // (DynamoDB's grammar accepts it; its meaning is UPDATE's).
  UpdateStatement update_from() {
    UpdateStatement s;
    expect_word("FROM");
    s.table = target();
    expect_word("WHERE");
    s.where = expression();
    assignments(s);
    if (is_word(peek(), "RETURNING")) s.returning = returning();
    return s;
  }

  // SET a = 1, b = 2 and REMOVE c, in any order and number; at least one.
  void assignments(UpdateStatement& s) {
    bool any = false;
    while (true) {
      if (accept_word("SET")) {
        do {
          UpdateAssignment a;
          a.path = expression(kEquality + 1);
          expect(TokenKind::Eq);
          a.value = expression();
          s.actions.push_back(std::move(a));
        } while (accept(TokenKind::Comma));
      } else if (accept_word("REMOVE")) {
        UpdateAssignment a;
        a.remove = true;
        a.path = expression(kEquality + 1);
        s.actions.push_back(std::move(a));
      } else {
        break;
      }
      any = true;
    }
    if (!any) fail();
  }

  DeleteStatement remove() {
    DeleteStatement s;
    expect_word("DELETE");
    expect_word("FROM");
    s.from = target();
    alias();
    if (accept_word("WHERE")) s.where = expression();
    if (is_word(peek(), "RETURNING")) s.returning = returning();
    return s;
  }

  // ---- Expressions --------------------------------------------------------------------------

  Expr node(ExprKind kind, const Position& p) {
    Expr e;
    e.kind = kind;
    e.position = p;
    return e;
  }
  Expr binary(ExprKind kind, Expr left, Expr right) {
    Expr e = node(kind, left.position);
    e.args.push_back(std::move(left));
    e.args.push_back(std::move(right));
    return e;
  }

  // The infix operator at the current token: its precedence, or 0 when there is none.
  int infix_precedence() const {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::Eq:
      case TokenKind::Ne:
        return kEquality;
      case TokenKind::Lt:
      case TokenKind::Le:
      case TokenKind::Gt:
      case TokenKind::Ge:
        return kRelational;
      case TokenKind::Plus:
      case TokenKind::Minus:
      case TokenKind::Concat:
        return kAddition;
      case TokenKind::Star:
      case TokenKind::Slash:
      case TokenKind::Percent:
        return kMultiply;
      case TokenKind::Identifier:
        break;
      default:
        return 0;
    }
    if (is_word(t, "OR")) return kOr;
    if (is_word(t, "AND")) return kAnd;
    if (is_word(t, "IS") || is_word(t, "IN")) return kEquality;
    if (is_word(t, "BETWEEN") || is_word(t, "LIKE")) return kRelational;
    if (is_word(t, "NOT")) {
      const Token& n = peek(1);
      if (is_word(n, "IN")) return kEquality;
      if (is_word(n, "BETWEEN") || is_word(n, "LIKE")) return kRelational;
    }
    return 0;
  }

  Expr expression(int min_precedence = 0) {
    Depth depth(*this);
    Expr left = prefix();
    while (true) {
      int p = infix_precedence();
      if (p == 0 || p < min_precedence) break;
      left = infix(std::move(left), p);
    }
    return left;
  }

  Expr infix(Expr left, int p) {
    const Token& t = next();
    switch (t.kind) {
      case TokenKind::Eq:
      case TokenKind::Ne:
      case TokenKind::Lt:
      case TokenKind::Le:
      case TokenKind::Gt:
      case TokenKind::Ge: {
        static constexpr Op kOps[] = {Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge};
        Op op = kOps[static_cast<int>(t.kind) - static_cast<int>(TokenKind::Eq)];
        Expr e = binary(ExprKind::Compare, std::move(left), expression(p + 1));
        e.op = op;
        return e;
      }
      case TokenKind::Plus:
      case TokenKind::Minus:
      case TokenKind::Concat:
      case TokenKind::Star:
      case TokenKind::Slash:
      case TokenKind::Percent: {
        Op op = t.kind == TokenKind::Plus     ? Op::Add
                : t.kind == TokenKind::Minus  ? Op::Subtract
                : t.kind == TokenKind::Concat ? Op::Concat
                : t.kind == TokenKind::Star   ? Op::Multiply
                : t.kind == TokenKind::Slash  ? Op::Divide
                                              : Op::Modulo;
        Expr e = binary(ExprKind::Arithmetic, std::move(left), expression(p + 1));
        e.op = op;
        return e;
      }
      default:
        break;
    }
    if (keyword_equals(t.text, "OR")) return binary(ExprKind::Or, std::move(left), expression(p + 1));
    if (keyword_equals(t.text, "AND")) return binary(ExprKind::And, std::move(left), expression(p + 1));
    if (keyword_equals(t.text, "IS")) {
      Expr e = node(ExprKind::Is, t.position);  // DynamoDB points at the IS
      e.negated = accept_word("NOT");
      const Token& type = peek();
      if (type.kind != TokenKind::Identifier) fail();
      next();
      e.text = std::string(type.text);
      // DOUBLE PRECISION, CHARACTER VARYING: two-word type names.
      if ((keyword_equals(type.text, "DOUBLE") && accept_word("PRECISION")) ||
          (keyword_equals(type.text, "CHARACTER") && accept_word("VARYING"))) {
        e.text += keyword_equals(type.text, "DOUBLE") ? " PRECISION" : " VARYING";
      }
      e.args.push_back(std::move(left));
      return e;
    }
    bool negated = false;
    const Token* op = &t;
    if (keyword_equals(t.text, "NOT")) {
      negated = true;
      op = &next();
    }
    if (keyword_equals(op->text, "IN")) {
      Expr e = binary(ExprKind::In, std::move(left), expression(p + 1));
      e.negated = negated;
      return e;
    }
    if (keyword_equals(op->text, "LIKE")) {
      Expr e = binary(ExprKind::Like, std::move(left), expression(p + 1));
      e.negated = negated;
      if (accept_word("ESCAPE")) expression(p + 1);
      return e;
    }
    // BETWEEN low AND high
    Expr e = node(ExprKind::Between, left.position);
    e.negated = negated;
    e.args.push_back(std::move(left));
    e.args.push_back(expression(p + 1));
    expect_word("AND");
    e.args.push_back(expression(p + 1));
    return e;
  }

  Expr prefix() {
    const Token& t = peek();
    if (is_word(t, "NOT")) {
      next();
      Expr e = node(ExprKind::Not, t.position);
      e.args.push_back(expression(kNot));
      return e;
    }
    if (t.kind == TokenKind::Minus || t.kind == TokenKind::Plus) {
      Depth depth(*this);
      next();
      const bool minus = t.kind == TokenKind::Minus;
      if (peek().kind == TokenKind::Number) {
        Expr e = primary();
        if (minus) e.text = "-" + e.text;
        return e;
      }
      Expr operand = prefix();
      if (!minus) return operand;
      Expr e = node(ExprKind::Negate, t.position);
      e.args.push_back(std::move(operand));
      return e;
    }
    return primary();
  }

  std::vector<Expr> sequence(TokenKind close) {
    std::vector<Expr> out;
    if (accept(close)) return out;
    do out.push_back(expression());
    while (accept(TokenKind::Comma));
    expect(close);
    return out;
  }

  Expr primary() {
    Depth depth(*this);
    const Token& t = next();
    Expr e = node(ExprKind::Null, t.position);
    switch (t.kind) {
      case TokenKind::String:
        e.kind = ExprKind::String;
        e.text = t.value();
        return e;
      case TokenKind::Number:
        e.kind = ExprKind::Number;
        e.text = std::string(t.text);
        return e;
      case TokenKind::Ion:
        e.kind = ExprKind::Ion;
        e.text = std::string(t.text.substr(1, t.text.size() - 2));
        return e;
      case TokenKind::Parameter:
        e.kind = ExprKind::Parameter;
        e.index = parameters_++;
        return steps(std::move(e));
      case TokenKind::LParen: {
        std::vector<Expr> items = sequence(TokenKind::RParen);
        if (items.size() == 1) {
          Expr inner = std::move(items.front());
          ++inner.parens;
          return steps(std::move(inner));
        }
        e.kind = ExprKind::List;
        e.args = std::move(items);
        return e;
      }
      case TokenKind::LBracket:
        e.kind = ExprKind::List;
        e.args = sequence(TokenKind::RBracket);
        return steps(std::move(e));
      case TokenKind::LBag:
        e.kind = ExprKind::Bag;
        e.args = sequence(TokenKind::RBag);
        return e;
      case TokenKind::LBrace:
        e.kind = ExprKind::Struct;
        if (accept(TokenKind::RBrace)) return e;
        do {
          e.args.push_back(expression());
          expect(TokenKind::Colon);
          e.args.push_back(expression());
        } while (accept(TokenKind::Comma));
        expect(TokenKind::RBrace);
        return steps(std::move(e));
      case TokenKind::QuotedIdentifier:
        e.kind = ExprKind::Path;
        e.quoted = true;
        e.text = t.value();
        return steps(std::move(e));
      case TokenKind::At: {
        const Token& name = next();
        if (name.kind == TokenKind::QuotedIdentifier) {
          e.quoted = true;
          e.text = name.value();
        } else if (name.kind == TokenKind::Identifier && !is_keyword(name.text)) {
          e.text = std::string(name.text);
        } else {
          fail();
        }
        e.kind = ExprKind::Path;
        e.at = true;
        return steps(std::move(e));
      }
      case TokenKind::Identifier:
        return word(t, std::move(e));
      default:
        fail();
    }
  }

  Expr word(const Token& t, Expr e) {
    if (keyword_equals(t.text, "TRUE") || keyword_equals(t.text, "FALSE")) {
      e.kind = ExprKind::Boolean;
      e.text = keyword_equals(t.text, "TRUE") ? "true" : "false";
      return e;
    }
    if (keyword_equals(t.text, "NULL")) return e;
    if (keyword_equals(t.text, "MISSING")) {
      e.kind = ExprKind::Missing;
      return e;
    }
    const bool keyword = is_keyword(t.text);
    if (peek().kind == TokenKind::LParen && (!keyword || is_function_keyword(t.text))) {
      next();
      e.kind = ExprKind::Call;
      e.text = std::string(t.text);
      if (peek().kind == TokenKind::Star && peek(1).kind == TokenKind::RParen) {
        // count(*): parsed, so that DynamoDB's refusal of the call itself is what answers.
        Expr star = node(ExprKind::Unsupported, next().position);
        star.text = "*";
        e.args.push_back(std::move(star));
        next();
        return e;
      }
      e.args = sequence(TokenKind::RParen);
      return e;
    }
    if (keyword) {
      // Constructs of PartiQL's grammar that DynamoDB does not run.
      if (keyword_equals(t.text, "SELECT") || keyword_equals(t.text, "CASE") || keyword_equals(t.text, "CAST")) {
        throw model::at_position(model::pql_unsupported_token(t.text), t.position.line, t.position.column,
                                 t.position.length);
      }
      fail();
    }
    e.kind = ExprKind::Path;
    e.text = std::string(t.text);
    return steps(std::move(e));
  }

  Expr steps(Expr e) {
    while (true) {
      const Token& t = peek();
      if (t.kind == TokenKind::Dot) {
        next();
        PathStep s;
        const Token& n = peek();
        s.position = n.position;
        if (n.kind == TokenKind::Star) {
          next();
          s.kind = PathStep::Kind::Unpivot;
        } else if (n.kind == TokenKind::QuotedIdentifier) {
          s.quoted = true;
          s.name = next().value();
        } else if (n.kind == TokenKind::Identifier && !is_keyword(n.text)) {
          s.name = std::string(next().text);
        } else {
          fail(n.kind == TokenKind::Identifier ? kInvalidPathDot : kUnexpectedToken);
        }
        e.steps.push_back(std::move(s));
      } else if (t.kind == TokenKind::LBracket) {
        next();
        PathStep s;
        s.position = peek().position;
        if (peek().kind == TokenKind::Star) fail();  // a[*]: DynamoDB Local's parse fails on it
        s.kind = PathStep::Kind::Bracket;
        s.bracket.push_back(expression());
        expect(TokenKind::RBracket);
        e.steps.push_back(std::move(s));
      } else {
        return e;
      }
      if (e.kind != ExprKind::Path) fail();  // steps after a literal or a parameter
    }
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  uint32_t parameters_ = 0;
  std::optional<model::Error> deferred_;
};

}  // namespace

Statement parse_statement(std::string_view text) { return Parser(text).run(); }

}  // namespace minnow::partiql
