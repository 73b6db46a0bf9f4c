// Resolve: substitute ExpressionAttributeNames (#x) and ExpressionAttributeValues (:x) into a
// parse tree, apply DynamoDB's semantic rules, and record which placeholders were used so that
// unused ones can be refused once every expression of the request has been resolved.
//
// How an action uses this module (this is DynamoDB's order of checks; see compile_request):
//
//   expressions::RequestExpressions req;            // the request's expression parameters
//   req.update = body.UpdateExpression;            // std::optional<std::string_view>, each
//   req.condition = body.ConditionExpression;
//   req.names = &names;  req.values = &values;      // null when the parameter is absent
//   expressions::Compiled c = expressions::compile_request(req);   // throws model::Error
//   ... c.update, c.condition, c.filter, c.key_condition, c.projection (std::optional each)
//
// compile_request validates the two maps, then parses and resolves UpdateExpression,
// ConditionExpression, KeyConditionExpression, FilterExpression (or SearchConditionExpression) and
// ProjectionExpression in that order (the first error wins; DynamoDB's order, captured in 2020: a Query reports a
// broken key condition before a broken filter or projection, where DynamoDB Local reports them first), then refuses
// unused names, then unused values, then checks the key condition's structure (expressions/key_condition.h). The trees it returns hold copies of the
// substituted values: they do not point into the request and can be evaluated from any thread (evaluate.h, update.h,
// projection.h).
//
// Validation of the values themselves (numbers, empty sets, ...) is api/codec's job, done while
// decoding the map, before this is called.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "expressions/ast.h"
#include "expressions/parser.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

using NameMap = std::map<std::string, std::string, std::less<>>;
using ValueMap = model::AttributeMap;

constexpr std::size_t kMaxPlaceholderKeyBytes = 255;

// The placeholder maps of one request and which keys the request's expressions used. Not
// thread-safe: one per request.
class Placeholders {
 public:
  // Either map may be null (parameter absent). Throws DynamoDB's errors for an empty map, a key
  // that is not #[A-Za-z0-9_]+ / :[A-Za-z0-9_]+, a key too long, an empty attribute name.
  Placeholders(const NameMap* names, const ValueMap* values);

  // null when undefined; marks the key used.
  const std::string* name(std::string_view key);
  const model::AttributeValue* value(std::string_view key);

  // "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}", then the
  // same for values. Keys are listed in the order DynamoDB lists them: its hash-map order, keys
  // of one bucket in the order the request gave them (set_request_order; sorted otherwise).
  void check_unused() const;
  // The keys of each map in the request's (JSON) order; the vectors must outlive this object.
  void set_request_order(const std::vector<std::string>* names, const std::vector<std::string>* values) {
    name_order_ = names;
    value_order_ = values;
  }

 private:
  const NameMap* names_;
  const ValueMap* values_;
  const std::vector<std::string>* name_order_ = nullptr;
  const std::vector<std::string>* value_order_ = nullptr;
  std::set<std::string, std::less<>> used_names_, used_values_;
};

// Resolve a freshly parsed tree in place; throws "Invalid <Kind>Expression: ..." errors.
void resolve(Condition& c, ExpressionKind kind, Placeholders& ph);
void resolve(Update& u, Placeholders& ph);
void resolve(Projection& p, Placeholders& ph);

// Parse and resolve one expression.
Condition compile_condition(std::string_view text, ExpressionKind kind, Placeholders& ph);
Update compile_update(std::string_view text, Placeholders& ph);
Projection compile_projection(std::string_view text, Placeholders& ph);

struct RequestExpressions {
  // Initialised, so that designated initializers may name only some (-Wmissing-field-initializers).
  std::optional<std::string_view> update{}, condition{}, key_condition{}, filter{}, projection{};
  std::optional<std::string_view> search_condition{};  // SearchVectors' (search_condition.h)
  const NameMap* names = nullptr;
  const ValueMap* values = nullptr;
  // Optional: the keys of the two maps in request order (see Placeholders::set_request_order).
  const std::vector<std::string>* name_order = nullptr;
  const std::vector<std::string>* value_order = nullptr;
};

struct Compiled {
  std::optional<Update> update;
  std::optional<Condition> condition, key_condition, filter, search_condition;
  std::optional<Projection> projection;
};

// Everything above, in DynamoDB's order. A KeyConditionExpression also gets the key-condition
// checks that DynamoDB makes before the unused-placeholder check (key_condition.h).
Compiled compile_request(const RequestExpressions& req);

}  // namespace minnow::expressions
