#include "model/key_operator.h"

#include <utility>

namespace minnow::model {

namespace {
constexpr std::pair<KeyOperator, const char*> kNames[] = {{KeyOperator::EQ, "EQ"},
                                                          {KeyOperator::LT, "LT"},
                                                          {KeyOperator::LE, "LE"},
                                                          {KeyOperator::GT, "GT"},
                                                          {KeyOperator::GE, "GE"},
                                                          {KeyOperator::BETWEEN, "BETWEEN"},
                                                          {KeyOperator::BEGINS_WITH, "BEGINS_WITH"}};
}  // namespace

const char* key_operator_name(KeyOperator op) { return kNames[static_cast<std::size_t>(op)].second; }

std::optional<KeyOperator> key_operator_named(std::string_view name) {
  for (const auto& [op, spelled] : kNames)
    if (name == spelled) return op;
  return std::nullopt;
}

}  // namespace minnow::model
