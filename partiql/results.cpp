#include "partiql/results.h"

#include "expressions/evaluate.h"

namespace minnow::partiql {

model::Item select_result(const BoundSelect& select, const model::Item& item) {
  if (!select.projection) return item;
  model::Item out;
  const std::vector<expressions::Path>& paths = select.projection->paths;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (const model::AttributeValue* v = expressions::find_path(item, paths[i]))
      out.emplace(select.output_names[i], *v);
  }
  return out;
}

}  // namespace minnow::partiql
