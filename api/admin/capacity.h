// GET /_minnow/capacity[?namespace=ID]: what --capacity-model metered (docs/production-physics.md),
// per namespace and table: each bucket's rate, what it holds now, what it consumed (in total and
// second by second over the last minute) and how often it refused; the hottest partition key
// values; and the latest refusals with their reasons, operations and keys. Tables the model never
// metered are left out. Private to api/admin/.
#pragma once

#include "api/protocol.h"

namespace minnow::engine {
class Namespaces;
}

namespace minnow::api::admin {

Reply capacity(const Request& request, engine::Namespaces& namespaces);

}  // namespace minnow::api::admin
