// /_minnow/snapshot and /_minnow/restore, /_minnow/checkpoint and /_minnow/rewind: the whole
// state of one namespace (?namespace=ID) or of every namespace, saved under a name (a checkpoint:
// under an id Minnow chooses) and put back, so that a test suite loads its fixtures once and
// returns to them before each test (requests/saved_states.h keeps them). Private to api/admin/.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api::admin {

// POST (save), GET (list the names), DELETE (forget) /_minnow/snapshot; POST /_minnow/restore.
Reply snapshot(Request& request, const requests::ControlTargets& controls);
Reply restore(Request& request, const requests::ControlTargets& controls);
// POST (save under a new id) and DELETE /_minnow/checkpoint; POST /_minnow/rewind, which with
// "clock": true also sets the clock back to the checkpoint's time.
Reply checkpoint(Request& request, const requests::ControlTargets& controls);
Reply rewind(Request& request, const requests::ControlTargets& controls);

}  // namespace minnow::api::admin
