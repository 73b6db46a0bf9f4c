// GET /_minnow/capacity[?namespace=ID]: what the capacity model metered (docs/production-physics.md),
// per namespace and table: each bucket's rate, what it holds now, what it consumed (in total and
// second by second over the last minute) and how often it refused; the hottest partition key
// values; and the latest refusals with their reasons, operations and keys. Tables the model never
// metered are left out. Private to api/admin/.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api::admin {

// GET: the report. POST {"table": NAME, "capacityModel": true | false | null}: the model on or off
// for that table of the namespaces addressed, or back to the server's flag.
Reply capacity(Request& request, const requests::ControlTargets& controls);

}  // namespace minnow::api::admin
