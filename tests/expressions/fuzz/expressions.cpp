// libFuzzer target for one expression parser, chosen at compile time with -DMINNOW_FUZZ_KIND=
// 0 (ConditionExpression), 1 (UpdateExpression), 2 (ProjectionExpression), 3 (KeyCondition):
// the fuzz targets condition_expression, update_expression, projection_expression and
// key_condition_expression (tests/fuzz/targets.cmake). The input is the expression text; it is
// parsed, resolved against fixed placeholder maps, and, when valid, evaluated / applied to a
// small item. Anything but model::Error is a bug. Seeds: corpus/<target>/; run: scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "expressions/evaluate.h"
#include "expressions/key_condition.h"
#include "expressions/projection.h"
#include "expressions/resolve.h"
#include "expressions/update.h"
#include "model/errors.h"

using namespace minnow;
using namespace minnow::expressions;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const NameMap names{{"#a", "a"}, {"#b", "b"}, {"#n", "n"}};
  static const ValueMap values{{":s", model::AttributeValue(std::string("x"))},
                               {":n", model::AttributeValue(model::Number::parse("1.5"))},
                               {":l", model::AttributeValue(model::AttributeList{})},
                               {":ss", model::AttributeValue(model::StringSet{{"a", "b"}})}};
  static const model::Item item{
      {"a", model::AttributeValue(model::AttributeMap{{"b", model::AttributeValue(model::Number::parse("2"))}})},
      {"l", model::AttributeValue(model::AttributeList{model::AttributeValue(std::string("e"))})},
      {"n", model::AttributeValue(model::Number::parse("7"))}};
  std::string_view text(reinterpret_cast<const char*>(data), size);
  RequestExpressions req;
  req.names = &names;
  req.values = &values;
#if MINNOW_FUZZ_KIND == 0
  req.condition = text;
#elif MINNOW_FUZZ_KIND == 1
  req.update = text;
#elif MINNOW_FUZZ_KIND == 2
  req.projection = text;
#else
  req.key_condition = text;
#endif
  try {
    Compiled c = compile_request(req);
    if (c.condition) (void)evaluate(*c.condition, &item);
    if (c.update) (void)apply_update(*c.update, item);
    if (c.projection) (void)project(item, *c.projection);
    if (c.key_condition) (void)key_condition_terms(*c.key_condition);
  } catch (const model::Error&) {
  }
  return 0;
}
