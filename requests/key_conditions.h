// Query's key conditions, whoever wrote them: KeyConditionExpression and legacy KeyConditions
// (api/reads/query), a PartiQL SELECT's WHERE (partiql/binder, read in api/partiql/select). Each
// is a list of terms on the attributes of the key a Query reads by (a table's, or an index's
// of up to 4 HASH and 4 RANGE attributes); here they are checked as DynamoDB checks a Query's,
// and planned into the engine's spec, once for every front end.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/index.h"
#include "engine/query.h"
#include "model/attribute_value.h"
#include "model/key.h"
#include "model/key_operator.h"

namespace minnow::requests {

// One condition on one key attribute.
struct KeyTerm {
  std::string attribute;
  // nullopt: a legacy KeyConditions operator no key can be read by (NULL, NOT_NULL, NE,
  // CONTAINS, NOT_CONTAINS, IN); refused when the checks reach its attribute.
  std::optional<model::KeyOperator> op;
  std::vector<model::AttributeValue> values;  // 1, or 2 for BETWEEN
};

const KeyTerm* term_for(const std::vector<KeyTerm>& terms, const std::string& attribute);

// A Query's checks of its terms on a key of one or two attributes, with the ExclusiveStartKey's
// pieces (dynalite's traverseKey, captured from DynamoDB): for the partition key, then the sort
// key, the start key's piece (present, of the key's type, not empty, not too long), then the
// condition on that attribute (one there for the partition key, an indexable operator, values of
// the key's type, the partition key by equality).
void check_key_terms(const model::KeySchema& schema, const std::vector<KeyTerm>& terms,
                     const std::optional<model::AttributeMap>& start_key);

// A Query's checks of its terms on a multi-attribute index key (DynamoDB Local's order and
// wording): each term on an attribute of the key, with an indexable operator and values of its
// type; every HASH attribute by equality; RANGE attributes from the left, equality on all but
// the last one with a condition.
void check_multi_key_terms(const engine::IndexKeySchema& key, const std::vector<KeyTerm>& terms);

// The engine's spec of checked terms: every HASH attribute's value, the RANGE attributes before
// the last one with a condition by equality, and the last one's condition.
engine::IndexQuerySpec plan_key_terms(const engine::IndexKeySchema& key, const std::vector<KeyTerm>& terms);

// A table's key as an index key (one HASH attribute, at most one RANGE attribute), and a plan of
// it as the table's Query spec.
engine::IndexKeySchema key_of_table(const model::KeySchema& schema);
engine::QuerySpec table_query_spec(const engine::IndexQuerySpec& plan);

}  // namespace minnow::requests
