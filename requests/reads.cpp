#include "requests/reads.h"

#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/item_codec.h"

namespace minnow::requests {

namespace {

// Runs `read` (a query or scan of the table or an index, with the plan's limits) and hands every
// item that passes the filter to the sink.
Page read_page(const ReadPlan& plan, const PageSink& sink,
               engine::FunctionRef<engine::PageResult(engine::Table::ItemVisitor)> read) {
  Page page;
  const bool count_only = plan.select == Select::Count;
  engine::PageResult result = read([&](std::string_view encoded) {
    if (!plan.filter && !plan.projection) {  // the common case: no decoding at all
      ++page.count;
      if (!count_only) sink.encoded(encoded);
      return;
    }
    model::Item item = model::decode_item(encoded);
    if (plan.filter && !expressions::evaluate(*plan.filter, &item)) return;
    ++page.count;
    if (count_only) return;
    if (plan.projection)
      sink.item(expressions::project(item, *plan.projection));
    else
      sink.item(item);
  });
  page.scanned_count = result.scanned_count;
  page.last_evaluated_key = std::move(result.last_evaluated_key);
  double units = page_read_units(result.bytes_read, plan.consistent_read);
  if (plan.index) {
    page.consumed = index_capacity(*plan.index, units, plan.fetch_from_table ? units : 0);
  } else {
    page.consumed.table = units;
  }
  return page;
}

}  // namespace

GetItemResult execute(const Context& context, const GetItemRequest& request) {
  GetItemResult result;
  result.encoded = request.table->get_encoded(request.key);
  result.units = read_units(result.encoded ? model::encoded_item_size(*result.encoded) : 0, request.consistent_read);
  return result;
}

model::Item projected_item(const std::optional<expressions::Projection>& projection, std::string_view encoded) {
  model::Item item = model::decode_item(encoded);
  return projection ? expressions::project(item, *projection) : item;
}

Page execute(const Context&, const QueryRequest& request, const PageSink& sink) {
  const ReadPlan& plan = request.plan;
  return read_page(plan, sink, [&](engine::Table::ItemVisitor visit) {
    if (plan.index) return request.table->query_index(plan.index->name, request.index_spec, plan.limits, visit);
    return request.table->query(request.spec, plan.limits, visit);
  });
}

Page execute(const Context&, const ScanRequest& request, const PageSink& sink) {
  const ReadPlan& plan = request.plan;
  return read_page(plan, sink, [&](engine::Table::ItemVisitor visit) {
    if (plan.index) return request.table->scan_index(plan.index->name, request.spec, plan.limits, visit);
    return request.table->scan(request.spec, plan.limits, visit);
  });
}

}  // namespace minnow::requests
