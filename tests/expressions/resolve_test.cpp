// The placeholder maps and the order in which one request's expressions are checked. Every
// expectation was observed on DynamoDB Local.
#include "expressions/resolve.h"

#include <catch2/catch.hpp>

#include "golden_support.h"
#include "model/errors.h"

namespace resolve_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

std::string compile(RequestExpressions req) {
  try {
    compile_request(req);
    return "OK";
  } catch (const model::Error& e) {
    return e.message();
  }
}

}  // namespace

TEST_CASE("placeholder map checks") {
  auto names = golden::names("#a= b=c");
  auto values = golden::values(":v=S:x x=S:y");
  RequestExpressions req;
  req.update = "SET a = :v";
  req.names = &names;
  req.values = &values;
  CHECK(compile(req) == R"(ExpressionAttributeNames contains invalid key: Syntax error; key: "b")");
  names = golden::names("#a=");
  names["#a"] = "";
  CHECK(compile(req) == R"(ExpressionAttributeValues contains invalid key: Syntax error; key: "x")");
  values = golden::values(":v=S:x");
  CHECK(compile(req) == "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a");
  names = {{"#" + std::string(254, 'n'), "a"}};
  const std::string long_name = "SET #" + std::string(254, 'n') + " = :v";  // outlives req
  req.update = long_name;
  CHECK(compile(req) == "OK");
  names = {{"#" + std::string(255, 'n'), "a"}};
  CHECK(compile(req) ==
        "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; "
        "size of key: 256");
  names = golden::names("#a=a");
  values = {{":" + std::string(255, 'v'), model::AttributeValue(std::string("x"))}};
  const std::string long_value = "SET #a = :" + std::string(255, 'v');
  req.update = long_value;
  CHECK(
      compile(req) ==
      "ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;");
  ValueMap empty;
  req.values = &empty;
  CHECK(compile(req) == "ExpressionAttributeValues must not be empty");
}

TEST_CASE("unused keys are listed in DynamoDB's hash order") {
  NameMap names;
  for (int i = 0; i < 20; ++i) names.emplace("#k" + std::to_string(i), "x");
  RequestExpressions req;
  req.projection = "a";
  req.names = &names;
  CHECK(compile(req) ==
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#k19, #k0, #k1, #k2, #k3, #k4, #k5, "
        "#k6, #k7, #k8, #k9, #k10, #k12, #k11, #k14, #k13, #k16, #k15, #k18, #k17}");
  ValueMap values;
  std::vector<std::string> order;  // the request's JSON order: :v0 ... :v29, :v
  for (int i = 0; i < 30; ++i) order.push_back(":v" + std::to_string(i));
  order.push_back(":v");
  for (auto& k : order) values.emplace(k, model::AttributeValue(std::string("x")));
  RequestExpressions up;
  up.update = "SET a = :v";
  up.values = &values;
  up.value_order = &order;
  CHECK(compile(up) ==
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v11, :v12, :v13, :v14, :v10, :v26, "
        ":v27, :v28, :v29, :v22, :v23, :v24, :v25, :v20, :v21, :v0, :v1, :v2, :v3, :v4, :v19, :v5, :v6, :v7, :v8, "
        ":v15, :v9, :v16, :v17, :v18}");
}

TEST_CASE("order of the expressions of one request") {
  auto values = golden::values(":v=S:x");
  auto two = golden::values(":v=S:x :w=S:y");
  auto names = golden::names("#u=u");
  RequestExpressions q;
  q.values = &values;
  // The key condition is parsed before the filter and the projection (DynamoDB's 2020 order).
  q.key_condition = "pk = :v OR";
  q.projection = "a,";
  CHECK(compile(q) == R"(Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "OR")");
  q.key_condition = "pk = :v";
  CHECK(compile(q) == R"(Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ",")");
  q.projection.reset();
  q.filter = "select = :v";
  CHECK(compile(q) == "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: select");
  q.key_condition = "pk = :u";
  CHECK(compile(q) == "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :u");
  q.key_condition = "select = :v";
  q.filter = "a = ";
  q.projection = "a,";
  CHECK(compile(q) == "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: select");
  q.key_condition = "pk = :v";
  CHECK(compile(q) == R"(Invalid FilterExpression: Syntax error; token: "<EOF>", near: "= ")");
  // Key-condition operators are refused after the unused placeholders.
  q = RequestExpressions{};
  q.key_condition = "NOT pk = :v";
  q.filter = "a = :v";
  q.projection = "a";
  q.values = &two;
  CHECK(compile(q) == "Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
  q.values = &values;
  q.names = &names;
  CHECK(compile(q) == "Value provided in ExpressionAttributeNames unused in expressions: keys: {#u}");
  RequestExpressions u;
  u.values = &values;
  u.update = "SET a = ";
  u.condition = "a = ";
  CHECK(compile(u) == R"(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "= ")");
  u.update = "SET select = :v";
  CHECK(compile(u) == "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: select");
  u.update = "SET a = :v";
  CHECK(compile(u) == R"(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "= ")");
}

}  // namespace resolve_test
