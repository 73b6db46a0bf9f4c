// Table::write for tests that expect a refused item as an exception: the violation the engine
// returns (an index key or vector the table's indexes cannot take) is thrown as the
// model::Error a request answers with (model::index_key_error).
#pragma once

#include "engine/table.h"
#include "model/index_key_violation.h"

namespace minnow::test {

inline void write_or_throw(engine::Table& table, const model::AttributeMap& key,
                           engine::FunctionRef<engine::WriteDecision(const model::Item* old)> decide,
                           bool in_update = false) {
  if (auto violation = table.write(key, decide)) throw model::index_key_error(*violation, in_update);
}

}  // namespace minnow::test
