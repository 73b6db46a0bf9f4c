#include "requests/reads.h"

#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/item_codec.h"
#include "requests/consistency.h"
#include "requests/throttling.h"

namespace minnow::requests {

namespace {

// Units read through the plan: the table's, or the index's and (for what an LSI read fetches from
// the table) the table's.
CapacityBreakdown charged(const ReadPlan& plan, double units, double fetched_units) {
  if (plan.index) return index_capacity(*plan.index, units, plan.fetch_from_table ? fetched_units : 0);
  return table_capacity(units);
}

// The fetched items' units are rounded once over their bytes, apart from the index entries' (as
// DynamoDB charges a Query of an LSI with Select ALL_ATTRIBUTES).
double fetched_units(std::size_t fetched_bytes, bool consistent) {
  return fetched_bytes ? page_read_units(fetched_bytes, consistent) : 0;
}

// Runs `read` (a query or scan of the table or an index, with the plan's limits) and hands every
// item that passes the filter to the sink.
Page read_page(const ReadPlan& plan, const PageSink& sink,
               engine::FunctionRef<engine::PageResult(engine::Table::ItemVisitor)> read) {
  Page page;
  const bool count_only = plan.select == Select::Count;
  engine::PageResult result = read([&](std::string_view encoded) {
    if (plan.fetch_from_table) page.fetched_bytes += model::encoded_item_size(encoded);
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
  page.bytes_read = result.bytes_read;
  page.last_evaluated_key = std::move(result.last_evaluated_key);
  page.consumed = charged(plan, page_read_units(result.bytes_read, plan.consistent_read),
                          fetched_units(page.fetched_bytes, plan.consistent_read));
  return page;
}

// read_page under --capacity-model (requests/throttling.h): admitted by `meter` (the table's),
// then charged its units. `partition`: the partition key value a Query reads, the table's or (a
// read of a global index) the index's; null: a Scan.
Page metered_page(const TableMeter& meter, const ReadPlan& plan, const model::AttributeValue* partition,
                  const PageSink& sink, engine::FunctionRef<engine::PageResult(engine::Table::ItemVisitor)> read) {
  const bool global = plan.index && plan.index->global;
  meter.admit_read(global ? &plan.index->name : nullptr, partition, read_units(0, plan.consistent_read));
  Page page = read_page(plan, sink, read);
  if (!global) {
    meter.charge(engine::ThroughputKind::Read, page.consumed, partition);
    return page;
  }
  meter.charge(engine::ThroughputKind::Read, page.consumed, nullptr);
  if (partition) {
    for (const auto& [name, units] : page.consumed.global_indexes)
      meter.charge_index_key(name, engine::ThroughputKind::Read, *partition, units);
  }
  return page;
}

// The partition key value a Query of an index reads: the value itself, or the list of the values
// of a multi-attribute partition key (as engine::PartitionKey names it).
model::AttributeValue index_partition(const engine::IndexQuerySpec& spec) {
  if (spec.hash_values.size() == 1) return spec.hash_values.front();
  return model::AttributeValue(model::AttributeList(spec.hash_values.begin(), spec.hash_values.end()));
}

}  // namespace

GetItemResult execute(const Context& context, const GetItemRequest& request) {
  const TableMeter meter(context, *request.table);
  const model::AttributeValue* partition = meter.partition_of(request.key);
  meter.admit_read(nullptr, partition, read_units(0, request.consistent_read));
  GetItemResult result;
  result.stored = request.table->get_stored(request.key, read_point(context, *request.table, request.consistent_read));
  result.units = read_units(result.stored ? model::encoded_item_size(result.stored->encoded()) : 0,
                            request.consistent_read);
  meter.charge(engine::ThroughputKind::Read, table_capacity(result.units), partition);
  return result;
}

model::Item projected_item(const std::optional<expressions::Projection>& projection, std::string_view encoded) {
  model::Item item = model::decode_item(encoded);
  return projection ? expressions::project(item, *projection) : item;
}

Page execute(const Context& context, const QueryRequest& request, const PageSink& sink) {
  const ReadPlan& plan = request.plan;
  // An index's partition key value is metered on a global index; a local one shares the table's.
  const TableMeter meter(context, *request.table);
  std::optional<model::AttributeValue> index_key;
  if (plan.index && !request.index_spec.hash_values.empty() && meter.metered())
    index_key = index_partition(request.index_spec);
  const model::AttributeValue* partition = plan.index ? (index_key ? &*index_key : nullptr) : &request.spec.hash_value;
  const engine::ReadPoint at = read_point(context, *request.table, plan.consistent_read);
  return metered_page(meter, plan, partition, sink, [&](engine::Table::ItemVisitor visit) {
    if (plan.index) return request.table->query_index(plan.index->name, request.index_spec, plan.limits, visit, at);
    return request.table->query(request.spec, plan.limits, visit, at);
  });
}

Page execute(const Context& context, const ScanRequest& request, const PageSink& sink) {
  const ReadPlan& plan = request.plan;
  const engine::ReadPoint at = read_point(context, *request.table, plan.consistent_read);
  return metered_page(TableMeter(context, *request.table), plan, nullptr, sink, [&](engine::Table::ItemVisitor visit) {
    if (plan.index) return request.table->scan_index(plan.index->name, request.spec, plan.limits, visit, at);
    return request.table->scan(request.spec, plan.limits, visit, at);
  });
}

engine::PageLimits PageBudget::remaining() const {
  engine::PageLimits limits;
  limits.max_items = limit_ ? limit_ - items_read_ : 0;
  // Never 0 (which is no limit): a page past 1 MB still reads one item, the one crossing it.
  limits.max_bytes = engine::kMaxPageBytes > bytes_read_ ? engine::kMaxPageBytes - bytes_read_ : 1;
  return limits;
}

void PageBudget::spend(const Page& page) {
  items_read_ += page.scanned_count;
  bytes_read_ += page.bytes_read;
  fetched_bytes_ += page.fetched_bytes;
  paged_ = true;
}

GetItemResult PageBudget::read(const Context& context, const GetItemRequest& request) {
  GetItemResult result = execute(context, request);
  ++items_read_;
  key_read_units_ += result.units;
  return result;
}

Page PageBudget::read(const Context& context, QueryRequest& request, const PageSink& sink) {
  request.plan.limits = remaining();
  Page page = execute(context, request, sink);
  spend(page);
  return page;
}

Page PageBudget::read(const Context& context, ScanRequest& request, const PageSink& sink) {
  request.plan.limits = remaining();
  Page page = execute(context, request, sink);
  spend(page);
  return page;
}

CapacityBreakdown PageBudget::consumed(const ReadPlan& plan) const {
  // The pages' units (an empty one costs a unit too), plus each key read's GetItem units.
  const double paged = paged_ ? page_read_units(bytes_read_, plan.consistent_read) : 0;
  return charged(plan, paged + key_read_units_, fetched_units(fetched_bytes_, plan.consistent_read) + key_read_units_);
}

}  // namespace minnow::requests
