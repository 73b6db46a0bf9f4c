#include "api/admin/install_state.h"

#include "engine/database.h"
#include "engine/database_image.h"
#include "persist/image.h"

namespace minnow::api::admin {

void install_state(engine::Database& database, const engine::DatabaseImage& image) {
  persist::install(database, image);
  database.idempotency().clear();
  database.holds().clear();
}

}  // namespace minnow::api::admin
