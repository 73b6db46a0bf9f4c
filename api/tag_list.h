// A Tags list (TagResource's, CreateTable's) as a table keeps it, with the checks AWS documents
// and dynalite predates: no "aws:" key, allowed characters, no key twice, at most 50 tags
// (Minnow's wording, model/control_errors.h). The order of all checks: api/tags/tags.h.
#pragma once

#include "api/json.h"
#include "requests/tags.h"

namespace minnow::api {

// A Tags list the Shape has checked, checked as above: sorted by key.
requests::TagList decode_tags(const JsonValue& tags);

}  // namespace minnow::api
