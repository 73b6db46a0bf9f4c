// A SELECT's page, run as the typed reads the JSON operations run (requests/reads.h): a GetItem
// per key, a Query per partition, or a Scan, one after the other with one requests::PageBudget,
// so that Limit, the 1 MB page and the read units count across them as DynamoDB counts one page.
// What is PartiQL's own is only the result's shape (partiql/results.h) and where a page resumes
// (NextToken: statements.h).
#pragma once

#include <memory>
#include <optional>

#include "api/partiql/statements.h"
#include "requests/context.h"

namespace minnow::api::partiql {

struct ReadOptions {
  bool consistent = false;
  std::size_t limit = 0;  // items read per page; 0: no limit
};

// One page of `select` (its keys and filter are moved into the reads): its items written into the
// open "Items" array of `out`; returns the position of the next page (none: this was the last) and
// adds the read units to `units`.
std::optional<PagePosition> read_page(const requests::Context& context, BoundSelect& select,
                                      std::shared_ptr<engine::Table> table, const IndexTarget* index,
                                      const ReadOptions& options, const PagePosition& from, JsonWriter& out,
                                      CapacityBreakdown& units);

// The item a batch's key read returns (GetItem, then the SELECT's filter and projection), or none;
// adds its units to `units`.
std::optional<model::Item> read_one(const requests::Context& context, const BoundSelect& select,
                                    std::shared_ptr<engine::Table> table, bool consistent, double& units);

// The same for an item read by a transaction (the stored form, as TransactGetItems gives it).
std::optional<model::Item> select_result_of(const BoundSelect& select, std::optional<std::string_view> encoded);

}  // namespace minnow::api::partiql
