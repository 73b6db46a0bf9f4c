#include "api/partiql/select.h"

#include "api/codec.h"
#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/item_codec.h"
#include "partiql/results.h"
#include "requests/key_conditions.h"
#include "requests/reads.h"

namespace minnow::api::partiql {

namespace {

using minnow::partiql::ReadAccess;

// What the reads do with each item: the SELECT's filter; on an index and without a projection,
// the index's attributes (and an LSI read that projects more fetches from the table, as a Query).
requests::ReadPlan read_plan(BoundSelect& select, const IndexTarget* index, bool consistent) {
  requests::ReadPlan plan;
  plan.filter = std::move(select.filter);
  plan.consistent_read = consistent;
  if (index) {
    plan.index = *index;
    if (!index->projects_all && !select.projection)
      plan.projection = expressions::projection_from_attributes_to_get(index->projected);
    plan.fetch_from_table = !index->projects_all && !index->global && select.projection;
  }
  return plan;
}

// Writes the items that passed the filter in the SELECT's result shape.
class ResultWriter {
 public:
  ResultWriter(const BoundSelect& select, JsonWriter& out) : select_(select), out_(out) {}

  void item(const model::Item& item) {
    if (select_.projection) {
      write_attribute_map(out_, minnow::partiql::select_result(select_, item));
    } else {
      write_attribute_map(out_, item);
    }
  }
  void encoded(std::string_view encoded) {
    if (select_.projection) {
      item(model::decode_item(encoded));
    } else {
      write_encoded_item(out_, encoded);  // SELECT *: no decoding at all
    }
  }

 private:
  const BoundSelect& select_;
  JsonWriter& out_;
};

// The table's Query of partition `partition` (its partition key attributes), or the index's:
// the partition's values and the binder's sort key conditions, planned as every Query's
// (requests/key_conditions.h).
void aim_query(requests::QueryRequest& query, const BoundSelect& select, const IndexTarget* index,
               const model::AttributeMap& partition, std::optional<model::AttributeMap> after) {
  std::vector<requests::KeyTerm> terms;
  for (const auto& [attribute, value] : partition) terms.push_back({attribute, model::KeyOperator::EQ, {value}});
  for (const expressions::KeyConditionTerm& t : select.sort_conditions) terms.push_back({t.attribute, t.op, t.values});
  engine::IndexQuerySpec plan =
      requests::plan_key_terms(index ? index->key : requests::key_of_table(query.table->key_schema()), terms);
  plan.forward = select.forward;
  plan.exclusive_start_key = std::move(after);
  if (index)
    query.index_spec = std::move(plan);
  else
    query.spec = requests::table_query_spec(plan);
}

}  // namespace

std::optional<PagePosition> read_page(const requests::Context& context, BoundSelect& select,
                                      std::shared_ptr<engine::Table> table, const IndexTarget* index,
                                      const ReadOptions& options, const PagePosition& from, JsonWriter& out,
                                      CapacityBreakdown& units) {
  ResultWriter write(select, out);
  auto write_encoded = [&](std::string_view encoded) { write.encoded(encoded); };
  auto write_item = [&](const model::Item& item) { write.item(item); };
  const requests::PageSink sink{write_encoded, write_item};
  requests::PageBudget budget(options.limit);
  requests::ReadPlan plan = read_plan(select, index, options.consistent);
  std::optional<PagePosition> next;

  if (select.access == ReadAccess::GetItem) {
    requests::GetItemRequest get;
    get.table = std::move(table);
    get.consistent_read = options.consistent;
    for (std::size_t r = from.read; r < select.keys.size(); ++r) {
      if (budget.limit_reached()) {
        next = PagePosition{r, std::nullopt};
        break;
      }
      get.key = std::move(select.keys[r]);
      requests::GetItemResult result = budget.read(context, get);
      if (const std::optional<std::string_view> encoded = result.encoded()) {
        if (!plan.filter) {
          write.encoded(*encoded);
        } else if (model::Item item = model::decode_item(*encoded); expressions::evaluate(*plan.filter, &item)) {
          write.item(item);
        }
      }
      // Limit reached at the last key still answers a NextToken, as a Query's page does.
      if (budget.limit_reached()) next = PagePosition{r + 1, std::nullopt};
      if (next) break;
    }
  } else if (select.access == ReadAccess::Scan) {
    requests::ScanRequest scan{std::move(table), std::move(plan), {}};
    scan.spec.exclusive_start_key = from.after;
    requests::Page page = budget.read(context, scan, sink);
    if (page.last_evaluated_key) next = PagePosition{0, std::move(page.last_evaluated_key)};
    plan = std::move(scan.plan);
  } else {
    requests::QueryRequest query{std::move(table), std::move(plan), {}, {}};
    for (std::size_t r = from.read; r < select.partitions.size(); ++r) {
      if (budget.limit_reached()) {
        next = PagePosition{r, std::nullopt};
        break;
      }
      aim_query(query, select, index, select.partitions[r], r == from.read ? from.after : std::nullopt);
      requests::Page page = budget.read(context, query, sink);
      if (page.last_evaluated_key) {
        next = PagePosition{r, std::move(page.last_evaluated_key)};
        break;
      }
    }
    plan = std::move(query.plan);
  }
  units.add(budget.consumed(plan));
  return next;
}

std::optional<model::Item> select_result_of(const BoundSelect& select, std::optional<std::string_view> encoded) {
  if (!encoded) return std::nullopt;
  model::Item item = model::decode_item(*encoded);
  if (select.filter && !expressions::evaluate(*select.filter, &item)) return std::nullopt;
  return minnow::partiql::select_result(select, item);
}

std::optional<model::Item> read_one(const requests::Context& context, const BoundSelect& select,
                                    std::shared_ptr<engine::Table> table, bool consistent, double& units) {
  requests::GetItemRequest get;
  get.table = std::move(table);
  get.key = select.keys.at(0);
  get.consistent_read = consistent;
  requests::GetItemResult result = requests::execute(context, get);
  units += result.units;
  return select_result_of(select, result.encoded());
}

}  // namespace minnow::api::partiql
