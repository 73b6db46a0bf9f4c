// --capacity-model's admission and charge (engine/throughput_buckets.h, docs/production-physics.md).
// Before a request reads or writes a table, the buckets it draws on must hold its smallest charge,
// or it is refused as DynamoDB refuses it, with its ThrottlingReasons; after, what it consumed is
// charged to them. The buckets:
//   - a provisioned table's throughput: a table's reads and writes, and those of its local
//     secondary indexes, draw on the table's; a read of a global secondary index on the index's,
//     and a write's index part on each index's, which must also admit the write (GSI
//     back-pressure);
//   - an on-demand table's capacity, the table's and each global index's, at most one second of
//     it held: its maximum (OnDemandThroughput) when it has one, else what it can take at once
//     (engine/throughput_buckets.h: warm throughput, twice the settled peak, the account quota);
//   - on every table, provisioned or on demand, the partition key value's (3,000 read units and
//     1,000 write units a second: a hot key), and each global index's partition key value's.
// A provisioned table refuses with ProvisionedThroughputExceededException, an on-demand one with
// ThrottlingException. Nothing happens when the model is off.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/table.h"
#include "model/attribute_value.h"
#include "model/errors.h"
#include "requests/capacity.h"
#include "requests/context.h"

namespace minnow::requests {

// One request's view of one table's throughput. Made before the request touches the table (it
// reads the table's definition once, when the model is on), so that it can be asked inside a
// write's critical section. Refers to `context` and `table`: it lives no longer than the request.
class TableMeter {
 public:
  TableMeter(const Context& context, const engine::Table& table);

  // The model is on: the table's buckets are charged ConsumedCapacity's parts.
  bool metered() const { return definition_.has_value(); }

  // Why a read of `units` (the smallest read: read_units(0, consistent)) is refused now, or
  // nullopt: the bucket of the table (or of global index `global_index` when not null), then that
  // of `partition`'s key value (the table's partition key value, or the global index's; null:
  // none, a Scan).
  std::optional<model::Error> read_refusal(const std::string* global_index, const model::AttributeValue* partition,
                                           double units) const;
  // Why a write of `units` (write_units(0); a transactional write: twice that) to an item of
  // partition key value `partition` is refused now, or nullopt.
  std::optional<model::Error> write_refusal(const model::AttributeValue* partition, double units) const;
  // GSI back-pressure: the refusal of the write noted last in `charges` by the first global index
  // it updates whose write bucket, or whose bucket of the partition key value the write puts
  // there, cannot take one unit; nullopt when there is none.
  std::optional<model::Error> index_refusal(const IndexWriteCharges& charges) const;
  // Throws the refusal, if any.
  void admit_read(const std::string* global_index, const model::AttributeValue* partition, double units) const;
  void admit_write(const model::AttributeValue* partition) const;

  // Charges what the request consumed: the table's part and its local indexes' to the table (and
  // to `partition`'s key value), each global index's part to that index.
  void charge(engine::ThroughputKind kind, const CapacityBreakdown& consumed,
              const model::AttributeValue* partition) const;

  // A global index's partition key value charged `units`: a read of the index, or a write's part
  // in it.
  void charge_index_key(const std::string& index, engine::ThroughputKind kind, const model::AttributeValue& partition,
                        double units) const;
  // Each global index a write touches charged its part of `consumed`, at the partition key value
  // the write puts there.
  void charge_index_keys(const IndexWriteCharges& writes, const CapacityBreakdown& consumed) const;

  // The partition key value of a key or item of the table; null when the model is off.
  const model::AttributeValue* partition_of(const model::AttributeMap& key) const;

 private:
  // What limits a bucket's rate: the LimitType of a refusal's reason.
  enum class Limit : uint8_t { Provisioned, MaxOnDemand, OnDemandCapacity, AccountQuota, KeyRange };
  struct Rate {
    double units = 0;  // a second; 0: none
    Limit limit = Limit::Provisioned;
  };
  bool admits(const std::string& index, engine::ThroughputKind kind, double units, Rate r) const;
  // The table's (index "") or a global index's rate: provisioned, or an on-demand table's capacity.
  Rate rate(const std::string& index, engine::ThroughputKind kind) const;
  model::Error refusal(const std::string& index, engine::ThroughputKind kind, Limit limit,
                       const model::AttributeValue* key = nullptr) const;
  // Why the partition key value's bucket (of the table, index "", or of a global index) refuses
  // `units` now, or nullopt.
  std::optional<model::Error> key_refusal(const std::string& index, engine::ThroughputKind kind,
                                          const model::AttributeValue& partition, double units) const;
  // Why the table's (or global index's) bucket refuses `units` now, or nullopt.
  std::optional<model::Error> bucket_refusal(const std::string& index, engine::ThroughputKind kind, double units) const;

  const Context& context_;
  const engine::Table& table_;
  std::optional<engine::TableDefinition> definition_;  // when the model is on
  bool provisioned_ = false;
};

}  // namespace minnow::requests
