// UpdateExpression application and projections, one case per line. Every row was checked against
// DynamoDB Local (UpdateItem with ReturnValues ALL_NEW; GetItem with ProjectionExpression).
#include "expressions/update.h"

#include <catch2/catch.hpp>

#include "expressions/projection.h"
#include "expressions/resolve.h"
#include "golden_support.h"
#include "model/errors.h"

namespace update_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

struct Row {
  const char* item;
  const char* update;
  const char* values;
  const char* result;  // the new item, or the error message
};

// clang-format off
const Row kRows[] = {
  {R"({"a":{"M":{"b":{"S":"1"},"c":{"S":"2"}}}})", "SET a.b = :v", R"({":v":{"S":"x"}})", R"({"a":{"M":{"b":{"S":"x"},"c":{"S":"2"}}}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "SET a[1] = :v", R"({":v":{"S":"x"}})", R"({"a":{"L":[{"S":"0"},{"S":"x"},{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "SET a[7] = :v", R"({":v":{"S":"x"}})", R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"},{"S":"x"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "REMOVE a[0], a[1]", "", R"({"a":{"L":[{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "REMOVE a[1], a[0]", "", R"({"a":{"L":[{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "REMOVE a[5]", "", R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "REMOVE a[0]", "", R"({"a":{"L":[{"S":"1"},{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "SET a[0] = :v REMOVE a[1]", R"({":v":{"S":"x"}})", R"({"a":{"L":[{"S":"x"},{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"},{"S":"2"}]}})", "SET a[1] = :v, a[0] = :w", R"({":v":{"S":"x"},":w":{"S":"y"}})", R"({"a":{"L":[{"S":"y"},{"S":"x"},{"S":"2"}]}})"},
  {R"({"a":{"L":[{"S":"0"}]}})", "SET a[5] = :v, a[3] = :w", R"({":v":{"S":"x"},":w":{"S":"y"}})", R"({"a":{"L":[{"S":"0"},{"S":"y"},{"S":"x"}]}})"},
  {R"({})", "REMOVE a.b", "", "The document path provided in the update expression is invalid for update"},
  {R"({})", "REMOVE a[1]", "", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"S":"x"}})", "REMOVE a.b", "", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"S":"x"}})", "REMOVE a[0]", "", "The document path provided in the update expression is invalid for update"},
  {R"({})", "REMOVE a", "", R"({})"},
  {R"({})", "SET a.b = :v", R"({":v":{"S":"x"}})", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"M":{}}})", "SET a.b.c = :v", R"({":v":{"S":"x"}})", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"S":"x"}})", "SET a.b = :v", R"({":v":{"N":"1"}})", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"L":[]}})", "SET a.b = :v", R"({":v":{"N":"1"}})", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"M":{}}})", "SET a[0] = :v", R"({":v":{"N":"1"}})", "The document path provided in the update expression is invalid for update"},
  {R"({})", "SET a = b", "", "The provided expression refers to an attribute that does not exist in the item"},
  {R"({})", "SET a = b.c", "", "The provided expression refers to an attribute that does not exist in the item"},
  {R"({})", "SET a = list_append(b, :v)", R"({":v":{"L":[]}})", "The provided expression refers to an attribute that does not exist in the item"},
  {R"({"b":{"S":"x"}})", "SET a = list_append(b, :v)", R"({":v":{"L":[]}})", "An operand in the update expression has an incorrect data type"},
  {R"({"b":{"S":"x"}})", "SET a = if_not_exists(b, :v) + :v", R"({":v":{"N":"1"}})", "An operand in the update expression has an incorrect data type"},
  {R"({"b":{"N":"1"}})", "SET a = b, b = :v", R"({":v":{"N":"5"}})", R"({"a":{"N":"1"},"b":{"N":"5"}})"},
  {R"({"b":{"N":"1"}})", "SET b = :v, a = b", R"({":v":{"N":"5"}})", R"({"a":{"N":"1"},"b":{"N":"5"}})"},
  {R"({"b":{"N":"1"}})", "SET a = b + :v", R"({":v":{"N":"0.5"}})", R"({"a":{"N":"1.5"},"b":{"N":"1"}})"},
  {R"({"b":{"N":"1"}})", "SET a = :v - b", R"({":v":{"N":"99999999999999999999999999999999999999"}})", R"({"a":{"N":"99999999999999999999999999999999999998"},"b":{"N":"1"}})"},
  {R"({})", "ADD a :v", R"({":v":{"N":"-3"}})", R"({"a":{"N":"-3"}})"},
  {R"({"a":{"N":"7"}})", "ADD a :v", R"({":v":{"N":"-3.5"}})", R"({"a":{"N":"3.5"}})"},
  {R"({})", "ADD a :v", R"({":v":{"SS":["x","y"]}})", R"({"a":{"SS":["x","y"]}})"},
  {R"({"a":{"SS":["x"]}})", "ADD a :v", R"({":v":{"SS":["x","y"]}})", R"({"a":{"SS":["x","y"]}})"},
  {R"({"a":{"NS":["1"]}})", "ADD a :v", R"({":v":{"NS":["1.0","2"]}})", R"({"a":{"NS":["1","2"]}})"},
  {R"({"a":{"SS":["x"]}})", "ADD a :v", R"({":v":{"NS":["1"]}})", "An operand in the update expression has an incorrect data type"},
  {R"({"a":{"L":[]}})", "ADD a :v", R"({":v":{"NS":["1"]}})", "An operand in the update expression has an incorrect data type"},
  {R"({"a":{"S":"x"}})", "ADD a :v", R"({":v":{"N":"1"}})", "An operand in the update expression has an incorrect data type"},
  {R"({"a":{"SS":["x","y"]}})", "DELETE a :v", R"({":v":{"SS":["x","y","z"]}})", R"({})"},
  {R"({"a":{"SS":["x","y"]}})", "DELETE a :v", R"({":v":{"SS":["x","q"]}})", R"({"a":{"SS":["y"]}})"},
  {R"({"a":{"NS":["1","2"]}})", "DELETE a :v", R"({":v":{"NS":["2.0"]}})", R"({"a":{"NS":["1"]}})"},
  {R"({})", "DELETE a :v", R"({":v":{"SS":["x"]}})", R"({})"},
  {R"({"a":{"S":"x"}})", "DELETE a :v", R"({":v":{"SS":["x"]}})", "An operand in the update expression has an incorrect data type"},
  {R"({})", "DELETE a.b :v", R"({":v":{"SS":["x"]}})", "The document path provided in the update expression is invalid for update"},
  {R"({})", "ADD a.b :v", R"({":v":{"N":"1"}})", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"M":{}}})", "ADD a.b :v", R"({":v":{"N":"1"}})", R"({"a":{"M":{"b":{"N":"1"}}}})"},
  {R"({"a":{"L":[{"N":"1"}]}})", "ADD a[0] :v", R"({":v":{"N":"1"}})", R"({"a":{"L":[{"N":"2"}]}})"},
  {R"({"a":{"L":[{"N":"1"}]}})", "ADD a[3] :v", R"({":v":{"N":"1"}})", R"({"a":{"L":[{"N":"1"},{"N":"1"}]}})"},
  {R"({"a":{"L":[{"N":"1"}]}})", "SET a = list_append(a, :v)", R"({":v":{"L":[{"S":"x"}]}})", R"({"a":{"L":[{"N":"1"},{"S":"x"}]}})"},
  {R"({"a":{"L":[{"N":"1"}]}})", "SET a = list_append(:v, a)", R"({":v":{"L":[{"S":"x"}]}})", R"({"a":{"L":[{"S":"x"},{"N":"1"}]}})"},
  {R"({})", "SET a = if_not_exists(a, :v)", R"({":v":{"N":"1"}})", R"({"a":{"N":"1"}})"},
  {R"({"a":{"N":"7"}})", "SET a = if_not_exists(a, :v)", R"({":v":{"N":"1"}})", R"({"a":{"N":"7"}})"},
  {R"({"a":{"N":"7"}})", "SET b = if_not_exists(a, :v) + :v", R"({":v":{"N":"1"}})", R"({"a":{"N":"7"},"b":{"N":"8"}})"},
  {R"({"a":{"N":"7"}})", "SET a = a + :v, b = a", R"({":v":{"N":"1"}})", R"({"a":{"N":"8"},"b":{"N":"7"}})"},
  {R"({"a":{"M":{"l":{"L":[{"N":"0"},{"N":"1"}]}}}})", "SET a.l[0] = :v REMOVE a.l[1]", R"({":v":{"N":"9"}})", R"({"a":{"M":{"l":{"L":[{"N":"9"}]}}}})"},
  {R"({"a":{"L":[{"M":{}}]}})", "REMOVE a[5].b", "", "The document path provided in the update expression is invalid for update"},
  {R"({"a":{"L":[{"SS":["x"]},{"S":"k"}]}})", "DELETE a[0] :s", R"({":s":{"SS":["x"]}})", R"({"a":{"L":[{"S":"k"}]}})"},
  {R"({"a":{"M":{"s":{"SS":["x"]}}}})", "DELETE a.s :s", R"({":s":{"SS":["x"]}})", R"({"a":{"M":{}}})"},
  {R"({"a":{"L":[{"S":"0"}]}})", "ADD a[4] :s", R"({":s":{"SS":["x"]}})", R"({"a":{"L":[{"S":"0"},{"SS":["x"]}]}})"},
  {R"({"a":{"N":"1"}})", "SET a = :v + a, b = a - :v", R"({":v":{"N":"2"}})", R"({"a":{"N":"3"},"b":{"N":"-1"}})"},
  {R"({"a":{"L":[{"S":"0"},{"S":"1"}]}})", "SET a[0] = a[1], a[1] = a[0]", "", R"({"a":{"L":[{"S":"1"},{"S":"0"}]}})"},
  {R"({})", "SET a = :v, b.c = :v", R"({":v":{"N":"2"}})", "The document path provided in the update expression is invalid for update"},
};
// clang-format on

struct ProjectionRow {
  const char* projection;
  const char* result;
};

const char* kProjectionItem =
    R"({"pk":{"S":"pj"},"a":{"L":[{"S":"0"},{"M":{"x":{"S":"1x"},"y":{"S":"1y"}}},{"S":"2"},{"L":[{"S":"30"},{"S":"31"}]}]},)"
    R"("m":{"M":{"b":{"M":{"c":{"N":"1"},"d":{"N":"2"}}},"e":{"S":"e"}}},"s":{"S":"top"}})";

// clang-format off
const ProjectionRow kProjections[] = {
  {"a[2], a[0]", R"({"a":{"L":[{"S":"0"},{"S":"2"}]}})"},
  {"a[1].x, a[0]", R"({"a":{"L":[{"S":"0"},{"M":{"x":{"S":"1x"}}}]}})"},
  {"a[1].y, a[1].x", R"({"a":{"L":[{"M":{"x":{"S":"1x"},"y":{"S":"1y"}}}]}})"},
  {"a[5], s", R"({"s":{"S":"top"}})"},
  {"a[3][1], a[0]", R"({"a":{"L":[{"S":"0"},{"L":[{"S":"31"}]}]}})"},
  {"m.b.c, m.e", R"({"m":{"M":{"b":{"M":{"c":{"N":"1"}}},"e":{"S":"e"}}}})"},
  {"m.b.d, s, m.zz", R"({"m":{"M":{"b":{"M":{"d":{"N":"2"}}}}},"s":{"S":"top"}})"},
  {"a[0].x", R"({})"},
  {"m.b[0]", R"({})"},
  {"s.x", R"({})"},
  {"a[1].x, a[3][0], m.b.c", R"({"a":{"L":[{"M":{"x":{"S":"1x"}}},{"L":[{"S":"30"}]}]},"m":{"M":{"b":{"M":{"c":{"N":"1"}}}}}})"},
  {"pk", R"({"pk":{"S":"pj"}})"},
};
// clang-format on

}  // namespace

TEST_CASE("update application") {
  for (const Row& r : kRows) {
    CAPTURE(r.item, r.update, r.values);
    model::Item item = golden::item(r.item);
    auto values = golden::json_values(r.values);
    Placeholders ph(nullptr, *r.values ? &values : nullptr);
    Update u = compile_update(r.update, ph);
    std::string got;
    try {
      got = golden::to_json(apply_update(u, item));
    } catch (const model::Error& e) {
      got = e.message();
    }
    CHECK(got == r.result);
  }
}

TEST_CASE("apply_update leaves the old item alone") {
  model::Item item = golden::item(R"({"a":{"N":"1"},"b":{"L":[{"N":"1"}]}})");
  model::Item copy = item;
  model::AttributeMap values{{":v", model::AttributeValue(model::Number::parse("2"))}};
  Placeholders ph(nullptr, &values);
  Update u = compile_update("SET a = :v REMOVE b[0]", ph);
  model::Item updated = apply_update(u, item);
  CHECK(golden::to_json(item) == golden::to_json(copy));
  CHECK(golden::to_json(updated) == R"({"a":{"N":"2"},"b":{"L":[]}})");
}

TEST_CASE("updated attributes for ReturnValues UPDATED_OLD / UPDATED_NEW") {
  model::Item old_item =
      golden::item(R"({"a":{"M":{"b":{"S":"1"},"c":{"S":"2"}}},"l":{"L":[{"S":"0"}]},"z":{"S":"z"}})");
  model::AttributeMap values{{":v", model::AttributeValue(std::string("x"))}};
  Placeholders ph(nullptr, &values);
  Update u = compile_update("SET a.b = :v, l[7] = :v", ph);
  model::Item new_item = apply_update(u, old_item);
  // Only the updated paths, inside their maps (DynamoDB; DynamoDB Local returns all of a); l[7]
  // resolves in neither (appended at 1).
  CHECK(golden::to_json(updated_attributes(old_item, u)) == R"({"a":{"M":{"b":{"S":"1"}}}})");
  CHECK(golden::to_json(updated_attributes(new_item, u)) == R"({"a":{"M":{"b":{"S":"x"}}}})");
  // A list element comes back as a list of the elements updated.
  Update element = compile_update("SET l[0] = :v, z = :v", ph);
  CHECK(golden::to_json(updated_attributes(apply_update(element, old_item), element)) ==
        R"({"l":{"L":[{"S":"x"}]},"z":{"S":"x"}})");
}

TEST_CASE("projection result shape") {
  model::Item item = golden::item(kProjectionItem);
  for (const ProjectionRow& r : kProjections) {
    CAPTURE(r.projection);
    Placeholders ph(nullptr, nullptr);
    Projection p = compile_projection(r.projection, ph);
    CHECK(golden::to_json(project(item, p)) == r.result);
  }
}

}  // namespace update_test
