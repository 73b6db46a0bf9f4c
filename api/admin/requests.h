// /_minnow/requests: GET reads the request log (api/request_log.h), oldest first, from
// ?after=SEQUENCE on (default 0), at most ?limit=N (1 to 1000, default 100) entries, only those
// of ?namespace=ID when given. The answer's "last" is the sequence to pass as `after` next.
#pragma once

#include "api/protocol.h"

namespace minnow::engine {
class Namespaces;
}

namespace minnow::api {
class RequestLog;
}

namespace minnow::api::admin {

Reply requests(Request& request, const RequestLog& log, const engine::Namespaces& namespaces);

}  // namespace minnow::api::admin
