// A request body read as a strict deserializer reads it. AWS built SearchVectors (2026) on Rust's
// serde rather than on Coral: its members' JSON types are read before any other check, the
// table never looked up, and a member of the wrong type (an explicit null included, for a
// required member) or a required member missing is answered in serde's words with the position
// just past what was read (model/shape_errors.h: strict_invalid_type, strict_missing_field).
// Missing members are reported in declaration order, once the whole object is read; members not
// declared are ignored, as serde ignores unknown fields. What the value holds (a list's elements,
// a map's entries) is left to the operation's Shape, which runs next.
#pragma once

#include <initializer_list>
#include <string_view>

namespace minnow::api {

struct StrictMember {
  enum class Type { String, Sequence, Map, I32 };
  std::string_view name;
  Type type;
  bool required = false;  // a required member may not be absent or null; an optional one may be
};

// Throws model::Error for the first member, in document order, whose JSON type is not its
// declared one, then for the first required member absent. `body` is well-formed JSON (the
// request's parse has already refused anything else).
void read_strict_members(std::string_view body, std::initializer_list<StrictMember> members);

}  // namespace minnow::api
