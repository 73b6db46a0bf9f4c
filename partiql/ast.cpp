#include "partiql/ast.h"

namespace minnow::partiql {

namespace {

std::string quote(std::string_view s, char q) {
  std::string out(1, q);
  for (char c : s) {
    out += c;
    if (c == q) out += q;
  }
  out += q;
  return out;
}

void join(std::string& out, const std::vector<Expr>& args, std::size_t from = 0) {
  for (std::size_t i = from; i < args.size(); ++i) {
    if (i > from) out += ", ";
    out += args[i].to_string();
  }
}

std::string target_text(const Target& t) {
  std::string out = quote(t.table, '"');
  if (t.index) out += "." + quote(*t.index, '"');
  return out;
}

std::string select_text(const SelectStatement& s) {
  std::string out = "SELECT ";
  if (s.star) {
    out += "*";
  } else {
    join(out, s.projection);
  }
  out += " FROM " + target_text(s.from);
  if (s.where) out += " WHERE " + s.where->to_string();
  for (std::size_t i = 0; i < s.order_by.size(); ++i) {
    out += i == 0 ? " ORDER BY " : ", ";
    out += s.order_by[i].expr.to_string();
    if (s.order_by[i].descending) out += *s.order_by[i].descending ? " DESC" : " ASC";
  }
  return out;
}

std::string returning_clause(Returning r) {
  return r == Returning::None ? std::string() : std::string(" RETURNING ") + returning_text(r);
}

}  // namespace

const char* op_text(Op op) {
  switch (op) {
    case Op::Eq:
      return "=";
    case Op::Ne:
      return "<>";
    case Op::Lt:
      return "<";
    case Op::Le:
      return "<=";
    case Op::Gt:
      return ">";
    case Op::Ge:
      return ">=";
    case Op::Add:
      return "+";
    case Op::Subtract:
      return "-";
    case Op::Multiply:
      return "*";
    case Op::Divide:
      return "/";
    case Op::Modulo:
      return "%";
    case Op::Concat:
      return "||";
  }
  return "?";
}

const char* returning_text(Returning r) {
  switch (r) {
    case Returning::None:
      return "";
    case Returning::AllOld:
      return "ALL OLD *";
    case Returning::ModifiedOld:
      return "MODIFIED OLD *";
    case Returning::AllNew:
      return "ALL NEW *";
    case Returning::ModifiedNew:
      return "MODIFIED NEW *";
  }
  return "";
}

bool PathStep::operator==(const PathStep& o) const {
  return kind == o.kind && quoted == o.quoted && name == o.name && bracket == o.bracket;
}

bool Expr::operator==(const Expr& o) const {
  return kind == o.kind && op == o.op && negated == o.negated && quoted == o.quoted && at == o.at &&
         parens == o.parens && index == o.index && text == o.text && args == o.args && steps == o.steps;
}

std::string Expr::to_string() const {
  std::string out;
  const char* no = negated ? "NOT " : "";
  switch (kind) {
    case ExprKind::String:
      out = quote(text, '\'');
      break;
    case ExprKind::Number:
      out = text;
      break;
    case ExprKind::Boolean:
      out = text == "true" ? "TRUE" : "FALSE";
      break;
    case ExprKind::Null:
      out = "NULL";
      break;
    case ExprKind::Missing:
      out = "MISSING";
      break;
    case ExprKind::Ion:
      out = "`" + text + "`";
      break;
    case ExprKind::Parameter:
      out = "?";
      break;
    case ExprKind::Struct:
      out = "{";
      for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
        if (i) out += ", ";
        out += args[i].to_string() + ": " + args[i + 1].to_string();
      }
      out += "}";
      break;
    case ExprKind::List:
      out = "[";
      join(out, args);
      out += "]";
      break;
    case ExprKind::Bag:
      out = "<<";
      join(out, args);
      out += ">>";
      break;
    case ExprKind::Path:
      if (at) out += "@";
      out += quoted ? quote(text, '"') : text;
      for (const PathStep& s : steps) {
        switch (s.kind) {
          case PathStep::Kind::Name:
            out += "." + (s.quoted ? quote(s.name, '"') : s.name);
            break;
          case PathStep::Kind::Bracket:
            out += "[" + s.bracket.front().to_string() + "]";
            break;
          case PathStep::Kind::Unpivot:
            out += ".*";
            break;
        }
      }
      break;
    case ExprKind::Call:
      out = text + "(";
      join(out, args);
      out += ")";
      break;
    case ExprKind::Compare:
    case ExprKind::Arithmetic:
      out = args[0].to_string() + " " + op_text(op) + " " + args[1].to_string();
      break;
    case ExprKind::Between:
      out = args[0].to_string() + " " + no + "BETWEEN " + args[1].to_string() + " AND " + args[2].to_string();
      break;
    case ExprKind::In:
      out = args[0].to_string() + " " + no + "IN " + args[1].to_string();
      break;
    case ExprKind::Like:
      out = args[0].to_string() + " " + no + "LIKE " + args[1].to_string();
      break;
    case ExprKind::Is:
      out = args[0].to_string() + " IS " + no + text;
      break;
    case ExprKind::And:
      out = args[0].to_string() + " AND " + args[1].to_string();
      break;
    case ExprKind::Or:
      out = args[0].to_string() + " OR " + args[1].to_string();
      break;
    case ExprKind::Not:
      out = "NOT " + args[0].to_string();
      break;
    case ExprKind::Negate:
      out = "-" + args[0].to_string();
      break;
    case ExprKind::Unsupported:
      out = text;
      break;
  }
  for (uint32_t i = 0; i < parens; ++i) out = "(" + out + ")";
  return out;
}

std::string Statement::to_string() const {
  struct Printer {
    std::string operator()(const SelectStatement& s) const { return select_text(s); }
    std::string operator()(const InsertStatement& s) const {
      return "INSERT INTO " + target_text(s.into) + " VALUE " + s.value.to_string();
    }
    std::string operator()(const UpdateStatement& s) const {
      std::string out = "UPDATE " + target_text(s.table);
      for (const UpdateAssignment& a : s.actions) {
        out += a.remove ? " REMOVE " + a.path.to_string() : " SET " + a.path.to_string() + " = " + a.value.to_string();
      }
      if (s.where) out += " WHERE " + s.where->to_string();
      return out + returning_clause(s.returning);
    }
    std::string operator()(const DeleteStatement& s) const {
      std::string out = "DELETE FROM " + target_text(s.from);
      if (s.where) out += " WHERE " + s.where->to_string();
      return out + returning_clause(s.returning);
    }
    std::string operator()(const ExistsStatement& s) const { return "EXISTS(" + select_text(s.select) + ")"; }
  };
  return std::visit(Printer{}, body);
}

}  // namespace minnow::partiql
