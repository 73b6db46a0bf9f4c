#include "engine/database.h"

namespace minnow::engine {

Database::Database(const Clock& clock, DatabaseOptions options) : clock_(clock), options_(options) {}
Database::~Database() = default;

}  // namespace minnow::engine
