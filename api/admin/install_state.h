// Puts a namespace's state back, or another's into it, as the /_minnow calls that do so
// (restore, rewind, fork) all must: the image installed (engine/database_image.h), the
// namespace's idempotency tokens and item holds forgotten (a token must not replay a write that
// is gone), and, with -dbPath, the new state logged, so that a restart finds it. Private to
// api/admin/.
#pragma once

namespace minnow::engine {
class Database;
struct DatabaseImage;
}  // namespace minnow::engine

namespace minnow::api::admin {

void install_state(engine::Database& database, const engine::DatabaseImage& image);

}  // namespace minnow::api::admin
