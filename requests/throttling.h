// --capacity-model's admission and charge (engine/throughput_buckets.h, docs/production-physics.md):
// before a request reads or writes a provisioned table, the bucket it draws on must hold its
// smallest charge, or it is refused with ProvisionedThroughputExceededException and its
// ThrottlingReasons, as DynamoDB refuses it; after, what it consumed is charged. A table's reads
// and writes, and those of its local secondary indexes, draw on the table's throughput; a read of
// a global secondary index on the index's, and a write's index part on each index's, which must
// also admit the write (GSI back-pressure). Nothing happens when the model is off or the table is
// on demand.
#pragma once

#include <optional>
#include <string>

#include "engine/table.h"
#include "model/errors.h"
#include "requests/capacity.h"
#include "requests/context.h"

namespace minnow::requests {

// One request's view of one table's throughput. Made before the request touches the table (it
// reads the table's definition once, when metered), so that it can be asked inside a write's
// critical section. Refers to `context` and `table`: it lives no longer than the request.
class TableMeter {
 public:
  TableMeter(const Context& context, const engine::Table& table);

  // The model is on and the table provisioned.
  bool metered() const { return definition_.has_value(); }

  // Whether the read's bucket (the table's, or global index `global_index`'s when not null) can
  // take the smallest read: 1 unit, 0.5 when eventually consistent. Always when not metered.
  bool admits_read(const std::string* global_index, bool consistent) const;
  // Whether the table's write bucket can take one unit. Always when not metered.
  bool admits_write() const;
  // The first global index the write noted last in `charges` updates whose write bucket cannot
  // take one unit; nullopt when there is none or the table is not metered.
  std::optional<std::string> index_refusing_write(const IndexWriteCharges& charges) const;
  // The same as throws of throttled().
  void admit_read(const std::string* global_index, bool consistent) const;
  void admit_write() const;

  // The refusal of what the table's bucket (index "") or a global index's could not admit:
  // ProvisionedThroughputExceededException with its ThrottlingReason; a write refused by a global
  // index it would update gets AWS's message for indexes.
  model::Error throttled(const std::string& index, engine::ThroughputKind kind) const;

  // Charges what the request consumed: the table's part and its local indexes' to the table,
  // each global index's part to that index.
  void charge(engine::ThroughputKind kind, const CapacityBreakdown& consumed) const;

 private:
  bool admits(const std::string& index, engine::ThroughputKind kind, double units) const;
  double rate(const std::string& index, engine::ThroughputKind kind) const;

  const Context& context_;
  const engine::Table& table_;
  std::optional<engine::TableDefinition> definition_;  // when metered
};

}  // namespace minnow::requests
