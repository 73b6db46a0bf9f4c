// /_minnow/faults: POST adds a rule, GET lists the rules, DELETE removes them (all, one
// namespace's with ?namespace=ID, or one rule with ?id=N). The rules' JSON form is in
// docs/admin-api.md; engine/faults.h says what a rule does.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api::admin {

Reply faults(Request& request, const requests::ControlTargets& controls);

}  // namespace minnow::api::admin
