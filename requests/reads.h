// GetItem, Query and Scan as typed requests, and their execution.
//
// A front end (api/reads decodes JSON; PartiQL's SELECT binds to these) builds the request with
// every check made: the key (GetItem) or the key ranges (Query, Scan: engine/query.h specs) are
// valid for the table or index, the expressions are compiled and resolved. execute() reads;
// the items of a page go to the caller's sink as they are read, under the table's shared lock,
// so that a page copies only what it returns.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/function_ref.h"
#include "engine/query.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "requests/capacity.h"
#include "requests/context.h"
#include "requests/index_target.h"

namespace minnow::requests {

struct GetItemRequest {
  std::shared_ptr<engine::Table> table;
  model::AttributeMap key;  // a valid primary key of the table
  // ProjectionExpression, or AttributesToGet (expressions::projection_from_attributes_to_get).
  std::optional<expressions::Projection> projection;
  bool consistent_read = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
};

struct GetItemResult {
  engine::ItemRef stored;  // the item, held rather than copied, if any
  double units = 0;        // read units charged
  // Its stored form (model/item_codec.h), if any.
  std::optional<std::string_view> encoded() const {
    return stored ? std::optional<std::string_view>(stored->encoded()) : std::nullopt;
  }
};

GetItemResult execute(const Context& context, const GetItemRequest& request);
// The item a GetItem returns: `encoded` decoded and projected (the front end writes `encoded`
// itself when there is no projection, without decoding it).
model::Item projected_item(const std::optional<expressions::Projection>& projection, std::string_view encoded);

// What Query and Scan do with every item read, and what they charge.
struct ReadPlan {
  std::optional<expressions::Condition> filter;       // FilterExpression, or the legacy filter map
  std::optional<expressions::Projection> projection;  // ProjectionExpression or AttributesToGet
  Select select = Select::Default;                    // Count: no items, only the counts
  bool consistent_read = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  engine::PageLimits limits;         // Limit (items read), and the 1 MB page
  std::optional<IndexTarget> index;  // a read of a secondary index
  bool fetch_from_table = false;     // an LSI read returning attributes the index lacks
};

struct QueryRequest {
  std::shared_ptr<engine::Table> table;
  ReadPlan plan;
  engine::QuerySpec spec;             // a table read
  engine::IndexQuerySpec index_spec;  // plan.index: an index read
};

struct ScanRequest {
  std::shared_ptr<engine::Table> table;
  ReadPlan plan;
  engine::ScanSpec spec;  // the segment and the start key (of the table or the index)
};

// Each item of the page that passes the filter, as it is read: in its stored form when the plan
// neither filters nor projects (`encoded`), else decoded and projected (`item`). Neither is called
// for Select COUNT. Both run under the table's shared lock: write the item out or copy it, but
// do not touch the table.
struct PageSink {
  engine::FunctionRef<void(std::string_view encoded)> encoded;
  engine::FunctionRef<void(const model::Item& item)> item;
};

struct Page {
  uint64_t count = 0;          // items that passed the filter
  uint64_t scanned_count = 0;  // items read
  std::size_t bytes_read = 0;  // the sum of their sizes
  std::size_t fetched_bytes = 0;  // of the table items an LSI read fetched (ReadPlan::fetch_from_table)
  std::optional<model::AttributeMap> last_evaluated_key;
  CapacityBreakdown consumed;  // table (and index) read units
};

Page execute(const Context& context, const QueryRequest& request, const PageSink& sink);
Page execute(const Context& context, const ScanRequest& request, const PageSink& sink);

// One page made of several reads in turn (a PartiQL SELECT: its key reads one after the other,
// or a Query per partition). Limit and the 1 MB count across them: each read gets what is left
// (the request's plan.limits are ignored); a key read counts as one item read, found or not.
// The units are DynamoDB's for one page: the Queries' and Scans' bytes summed and rounded up
// once, plus each key read's GetItem units. Not thread-safe: one request's.
class PageBudget {
 public:
  explicit PageBudget(std::size_t limit) : limit_(limit) {}  // Limit; 0: none

  bool limit_reached() const { return limit_ != 0 && items_read_ >= limit_; }

  GetItemResult read(const Context& context, const GetItemRequest& request);
  Page read(const Context& context, QueryRequest& request, const PageSink& sink);
  Page read(const Context& context, ScanRequest& request, const PageSink& sink);

  // The units of everything read so far, as the plan's reads charge them (its consistency, its
  // index and what that index fetches from the table).
  CapacityBreakdown consumed(const ReadPlan& plan) const;

 private:
  engine::PageLimits remaining() const;
  void spend(const Page& page);

  std::size_t limit_;
  std::size_t items_read_ = 0;
  std::size_t bytes_read_ = 0;  // of the Queries and Scans
  std::size_t fetched_bytes_ = 0;
  bool paged_ = false;  // a Query or Scan was read (an empty one costs a unit too)
  double key_read_units_ = 0;
};

}  // namespace minnow::requests
