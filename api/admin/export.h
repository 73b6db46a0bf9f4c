// GET /_minnow/export[?namespace=ID]: a namespace written in --seed's format (server/seed.h),
// so that it can be loaded into a fresh Minnow: for each table, in name order, its CreateTable
// request, its UpdateTimeToLive request when TTL is enabled, then its items in DynamoDB JSON,
// one a line. Each table is read a page at a time (not all tables at one instant: POST
// /_minnow/snapshot is that). Streams, their records and saved states are not part of it.
#pragma once

#include <string>

#include "api/protocol.h"

namespace minnow::engine {
class Database;
class Namespaces;
}  // namespace minnow::engine

namespace minnow::api::admin {

std::string export_text(engine::Database& database);

// Without ?namespace=, the one namespace there is (none: an empty answer; several: an error).
Reply export_namespace(const Request& request, engine::Namespaces& namespaces);

}  // namespace minnow::api::admin
