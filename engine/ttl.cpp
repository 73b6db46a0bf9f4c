#include "engine/ttl.h"

#include "engine/database.h"

namespace minnow::engine {

std::size_t sweep_expired(Database&, int64_t) { return 0; }  // TODO(issue 7): the sweeper

}  // namespace minnow::engine
