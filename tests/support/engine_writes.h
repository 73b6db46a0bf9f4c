// Table::write for tests that expect a refused item as an exception: the violation the engine
// returns (an index key or vector the table's indexes cannot take) is thrown as the
// model::Error a request answers with (model::index_key_error).
#pragma once

#include "engine/table.h"
#include "model/index_key_violation.h"

namespace minnow::test {

// `decide_reads_old` as Table::write's (false: an unconditional PutItem's write).
inline void write_or_throw(engine::Table& table, const model::AttributeMap& key,
                           engine::FunctionRef<engine::WriteDecision(const model::Item* old)> decide,
                           bool in_update = false, bool decide_reads_old = true) {
  if (auto violation = table.write(key, decide, decide_reads_old)) throw model::index_key_error(*violation, in_update);
}

}  // namespace minnow::test
