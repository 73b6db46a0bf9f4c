#include "expressions/ast.h"

#include <algorithm>

namespace minnow::expressions {

std::string Path::to_string() const {
  std::string out;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const PathElement& e = elements[i];
    if (e.is_index()) {
      out += '[';
      out += e.text;
      out += ']';
    } else {
      if (i > 0) out += '.';
      out += e.text;
    }
  }
  return out;
}

std::string Path::message_string() const {
  std::string out = "[";
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out += ", ";
    const PathElement& e = elements[i];
    if (e.is_index()) {
      out += '[' + std::to_string(e.index) + ']';
    } else {
      out += e.name.empty() ? e.text : e.name;
    }
  }
  out += ']';
  return out;
}

const char* comparator_text(Comparator c) {
  switch (c) {
    case Comparator::Eq:
      return "=";
    case Comparator::Ne:
      return "<>";
    case Comparator::Lt:
      return "<";
    case Comparator::Le:
      return "<=";
    case Comparator::Gt:
      return ">";
    case Comparator::Ge:
      return ">=";
  }
  return "=";
}

const char* clause_name(UpdateClause c) {
  switch (c) {
    case UpdateClause::Set:
      return "SET";
    case UpdateClause::Remove:
      return "REMOVE";
    case UpdateClause::Add:
      return "ADD";
    case UpdateClause::Delete:
      return "DELETE";
  }
  return "SET";
}

namespace {
std::string join_args(const std::vector<Node>& args, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < args.size(); ++i) {
    if (i > from) out += ", ";
    out += args[i].to_string();
  }
  return out;
}
}  // namespace

std::string Node::to_string() const {
  std::string inner;
  switch (kind) {
    case NodeKind::Path:
      inner = path.to_string();
      break;
    case NodeKind::Value:
      inner = text;
      break;
    case NodeKind::Call:
      inner = text + "(" + join_args(args, 0) + ")";
      break;
    case NodeKind::Plus:
      inner = args[0].to_string() + " + " + args[1].to_string();
      break;
    case NodeKind::Minus:
      inner = args[0].to_string() + " - " + args[1].to_string();
      break;
    case NodeKind::Compare:
      inner = args[0].to_string() + " " + comparator_text(comparator) + " " + args[1].to_string();
      break;
    case NodeKind::Between:
      inner = args[0].to_string() + " BETWEEN " + args[1].to_string() + " AND " + args[2].to_string();
      break;
    case NodeKind::In:
      inner = args[0].to_string() + " IN (" + join_args(args, 1) + ")";
      break;
    case NodeKind::And: {
      // AND binds tighter than OR: an OR operand of AND needs parentheses to print back the same tree.
      auto side = [](const Node& n) {
        return n.kind == NodeKind::Or && n.parens == 0 ? "(" + n.to_string() + ")" : n.to_string();
      };
      inner = side(args[0]) + " AND " + side(args[1]);
      break;
    }
    case NodeKind::Or:
      inner = args[0].to_string() + " OR " + args[1].to_string();
      break;
    case NodeKind::Not: {
      const Node& c = args[0];
      bool wrap = (c.kind == NodeKind::And || c.kind == NodeKind::Or) && c.parens == 0;
      inner = "NOT " + (wrap ? "(" + c.to_string() + ")" : c.to_string());
      break;
    }
  }
  if (parens == 0) return inner;
  return std::string(parens, '(') + inner + std::string(parens, ')');
}

bool Node::operator==(const Node& o) const {
  if (kind != o.kind || parens != o.parens || args != o.args) return false;
  switch (kind) {
    case NodeKind::Path:
      return path == o.path;
    case NodeKind::Value:
      return text == o.text;
    case NodeKind::Call:
      return text == o.text;
    case NodeKind::Compare:
      return comparator == o.comparator;
    default:
      return true;
  }
}

std::string Update::to_string() const {
  std::string out;
  for (const UpdateSection& s : sections) {
    if (!out.empty()) out += ' ';
    out += clause_name(s.clause);
    for (std::size_t i = 0; i < s.actions.size(); ++i) {
      const UpdateAction& a = s.actions[i];
      out += i == 0 ? " " : ", ";
      out += a.path.to_string();
      switch (a.clause) {
        case UpdateClause::Set:
          out += " = " + a.value.to_string();
          break;
        case UpdateClause::Remove:
          break;
        case UpdateClause::Add:
        case UpdateClause::Delete:
          out += " " + a.value.to_string();
          break;
      }
    }
  }
  return out;
}

std::vector<Path> Update::paths() const {
  std::vector<Path> out;
  for (const UpdateSection& s : sections)
    for (const UpdateAction& a : s.actions) out.push_back(a.path);
  return out;
}

std::string Projection::to_string() const {
  std::string out;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (i > 0) out += ", ";
    out += paths[i].to_string();
  }
  return out;
}

int compare_paths(const Path& a, const Path& b) {
  std::size_t n = std::min(a.elements.size(), b.elements.size());
  for (std::size_t i = 0; i < n; ++i) {
    const PathElement& x = a.elements[i];
    const PathElement& y = b.elements[i];
    if (x.is_index() != y.is_index()) return x.is_index() ? -1 : 1;
    if (x.is_index()) {
      if (x.index != y.index) return x.index < y.index ? -1 : 1;
    } else if (int c = x.name.compare(y.name); c != 0) {
      return c < 0 ? -1 : 1;
    }
  }
  if (a.elements.size() == b.elements.size()) return 0;
  return a.elements.size() < b.elements.size() ? -1 : 1;
}

}  // namespace minnow::expressions
