// /_minnow/consistency: how far behind each table's eventually consistent reads may be
// (--consistency-lag; requests/consistency.h, docs/production-physics.md). Private to api/admin/.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api::admin {

// GET[?namespace=ID]: per namespace the server's lag and whether reads are as stale as allowed,
// and each table's lag. POST {"table": NAME, "lagMs": MS | null}: that table's lag in the
// namespaces addressed (0: none), or back to the server's.
Reply consistency(Request& request, const requests::ControlTargets& controls);

}  // namespace minnow::api::admin
