// BatchExecuteStatement: up to 25 statements, all reads (SELECT of one item by its key) or all
// writes (INSERT, UPDATE, DELETE), each answered in its own slot of Responses, in order.
//
// Checks, in DynamoDB Local's order: shape; every statement's Parameters; reads and writes not
// mixed ("Read and write requests together in the same batch is not supported."); each
// statement bound (its error is its slot's, the others still run); no item twice
// ("Provided list of item keys contains duplicates"). Then the reads, or the writes one after
// the other (not a transaction: each succeeds or fails on its own).
//
// A slot: {"TableName", "Item"} for a read (no Item when absent) and for a write with RETURNING;
// {"TableName"} for a write; {"Error": {"Code", "Message"[, "Item"]}[, "TableName"]} on failure.
#include <algorithm>

#include "api/codec.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/partiql/select.h"
#include "api/partiql/statements.h"
#include "model/errors.h"
#include "model/partiql_errors.h"

namespace minnow::api::partiql {

namespace batch_execute_statement {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "Statements": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 25,
    "children": {"type": "ValueStruct<BatchStatementRequest>", "children": {
      "Statement": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8192},
      "Parameters": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "AttrStruct<ValueStruct>"},
      "ConsistentRead": "Boolean",
      )" MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE R"(}}}
})");

struct Slot {
  std::string text;
  Parameters params;
  StatementKind kind = StatementKind::Other;
  std::optional<BoundStatement> bound;
  std::optional<model::Error> error;
  std::shared_ptr<engine::Table> table;  // known once bound (writes report it with their error)
  bool consistent = false;
  bool return_old_on_failure = false;
  std::optional<model::Item> item;  // a read's item, or a write's RETURNING
};

void write_slot(JsonWriter& out, const Slot& s) {
  out.StartObject();
  if (s.error) {
    out.Key("Error");
    out.StartObject();
    out.Key("Code");
    out.String(batch_error_code(s.error->code()));
    out.Key("Message");
    out.String(s.error->message().c_str());
    if (s.error->item) {
      out.Key("Item");
      write_attribute_map(out, s.error->item->as<model::AttributeMap>());
    }
    out.EndObject();
  }
  if (s.table && (!s.error || s.kind == StatementKind::Write)) {
    out.Key("TableName");
    out.String(s.table->name().c_str());
  }
  if (s.item && !s.error) {
    out.Key("Item");
    write_attribute_map(out, *s.item);
  }
  out.EndObject();
}

// The statements bound (or each one's error), checked together.
struct Decoded {
  std::vector<Slot> slots;
  ReturnConsumedCapacity capacity = ReturnConsumedCapacity::None;
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded decoded;
  const JsonValue& statements = json["Statements"];
  std::vector<Slot>& slots = decoded.slots;
  slots.resize(statements.Size());
  bool reads = false, writes = false;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const JsonValue& s = statements[static_cast<rapidjson::SizeType>(i)];
    slots[i].text = view(s["Statement"]);
    try {
      slots[i].params = decode_parameters(member(s, "Parameters"));
    } catch (const model::Error& e) {
      slots[i].error = e;  // the statement's own (a number that does not convert, values nested too deep)
    }
    slots[i].kind = statement_kind(slots[i].text);
    const JsonValue* consistent = member(s, "ConsistentRead");
    slots[i].consistent = consistent && coral_bool(*consistent);
    const JsonValue* on_failure = member(s, "ReturnValuesOnConditionCheckFailure");
    slots[i].return_old_on_failure = on_failure && view(*on_failure) == "ALL_OLD";
    reads = reads || slots[i].kind == StatementKind::Read;
    writes = writes || slots[i].kind == StatementKind::Write;
  }
  if (reads && writes) throw model::Error(model::kPqlBatchMixed);

  Catalog catalog(context);
  for (Slot& s : slots) {
    if (s.error) continue;
    if (s.kind == StatementKind::Other) {
      s.error = model::Error(model::kPqlBatchInvalidOperation);
      continue;
    }
    try {
      s.bound = bind_text(s.text, s.params, catalog, minnow::partiql::Context::Batch);
      s.table = catalog.table(s.bound->table());
    } catch (const model::Error& e) {
      s.error = e;
      s.bound.reset();
    }
  }
  for (std::size_t i = 0; i < slots.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (slots[i].bound && slots[j].bound && slots[i].table == slots[j].table &&
          slots[i].bound->item_key() == slots[j].bound->item_key()) {
        throw model::Error(model::kBatchDuplicateKeys);
      }
    }
  }

  decoded.capacity = return_consumed_capacity(json);
  return decoded;
}

void batch_execute_statement(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  std::vector<Slot>& slots = decoded.slots;
  const ReturnConsumedCapacity capacity = decoded.capacity;
  TableCharges charges;
  for (Slot& s : slots) {
    if (!s.bound) continue;
    if (auto* select = std::get_if<BoundSelect>(&s.bound->body)) {
      double read = 0;
      s.item = read_one(context.requests(), *select, s.table, s.consistent, read);
      charges.add(s.table.get(), requests::table_capacity(read));
      continue;
    }
    try {
      requests::ItemWriteResult result = run_write(context, std::get<BoundWrite>(std::move(s.bound->body)), s.table,
                                                   s.return_old_on_failure, capacity);
      s.item = std::move(result.attributes);
      if (s.item && s.item->empty()) s.item.reset();
      charges.add(s.table.get(), result.consumed);
    } catch (const model::Error& e) {
      s.error = e;
    }
  }

  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (const Slot& s : slots) write_slot(out, s);
  out.EndArray();
  if (!charges.empty()) write_consumed_capacity(out, capacity, charges);
  out.EndObject();
}

}  // namespace batch_execute_statement

const Action kBatchExecuteStatement{"BatchExecuteStatement", &batch_execute_statement::kShape,
                                    batch_execute_statement::decode, batch_execute_statement::batch_execute_statement};

}  // namespace minnow::api::partiql
