// Every action's declaration, defined in api/actions/<action>.cpp.
#pragma once

#include "api/action.h"

namespace minnow::api::actions {

extern const Action kCreateTable;
extern const Action kDescribeTable;
extern const Action kListTables;
extern const Action kDeleteTable;
extern const Action kUpdateTable;
extern const Action kPutItem;
extern const Action kGetItem;
extern const Action kDeleteItem;
extern const Action kUpdateItem;
extern const Action kBatchWriteItem;
extern const Action kBatchGetItem;
extern const Action kQuery;
extern const Action kScan;
extern const Action kTransactWriteItems;
extern const Action kTransactGetItems;
extern const Action kUpdateTimeToLive;
extern const Action kDescribeTimeToLive;

}  // namespace minnow::api::actions
