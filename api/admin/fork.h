// POST /_minnow/namespaces/fork: another namespace's state copied into a namespace, from which
// the two are independent (docs/admin-api.md, issue 38). The copy shares the source's items and
// index entries (engine/database_image.h), so it costs O(tables + indexes + stream records),
// not O(items). Private to api/admin/.
#pragma once

#include "api/protocol.h"

namespace minnow::engine {
class Namespaces;
}

namespace minnow::api::admin {

Reply fork(Request& request, engine::Namespaces& namespaces);

}  // namespace minnow::api::admin
