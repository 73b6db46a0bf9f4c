// POST /_minnow/namespaces/fork: another namespace's state copied into a namespace, from which
// the two are independent (docs/admin-api.md; requests::ForkRequest does it). Private to
// api/admin/.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api::admin {

Reply fork(Request& request, const requests::ControlTargets& controls);

}  // namespace minnow::api::admin
