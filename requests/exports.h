// ExportTableToPointInTime as a typed request: the items of a table as they were at ExportTime
// (FULL_EXPORT), or the items that changed in [ExportFromTime, ExportToTime) (INCREMENTAL_EXPORT),
// from its point-in-time recovery log, kept by the FilterSpecification's key condition and
// filter, projected by its projection, and handed to the export's files.
//
// The files are the front end's (api/exports/export_writer: DynamoDB's layout in the S3
// stand-in); execute() decides what goes into them, counts, and adds the export's record to the
// Database's catalog of transfers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "engine/table.h"
#include "engine/transfers.h"
#include "expressions/ast.h"
#include "model/attribute_value.h"
#include "requests/context.h"
#include "requests/movement.h"

namespace minnow::requests {

class ExportFiles {
 public:
  virtual ~ExportFiles() = default;
  // Before the first item: the failure when nothing can be written.
  virtual std::optional<TransferFailure> start() = 0;
  // A FULL_EXPORT's item, in its stored form (model/item_codec.h).
  virtual void add_item(std::string_view encoded) = 0;
  // An INCREMENTAL_EXPORT's change: its time, the item's keys, its images in their stored form
  // (empty: none).
  virtual void add_change(int64_t write_micros, const model::Item& keys, std::string_view new_item,
                          std::string_view old_item) = 0;
  // After the last item: the rest and the summaries; the failure when any write failed.
  virtual std::optional<TransferFailure> finish(uint64_t item_count, uint64_t billed_size_bytes) = 0;
};

struct ExportTableToPointInTimeRequest {
  std::shared_ptr<engine::Table> table;
  engine::ExportRecord record;  // what the export's description says, but its counts
  bool incremental = false;
  bool new_and_old_images = true;
  std::optional<expressions::Condition> key_condition, filter;
  std::optional<expressions::Projection> projection;
  std::shared_ptr<ExportFiles> files;
};

// The record as added to the catalog: its item count and billed size (a full export: the
// table's size at ExportTime; an incremental one: the changed items' new sizes), or its failure.
engine::ExportRecord execute(const Context& context, const ExportTableToPointInTimeRequest& request);

}  // namespace minnow::requests
