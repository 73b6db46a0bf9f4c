// Reading a request object's members once: a decoder lists the members it reads as fields of a
// struct of `const JsonValue*`, and read_members fills them in one pass over the object (JSON
// null counts as absent, as DynamoDB treats it; of a repeated member the first counts, as with
// member()).
//
//   struct PutItemMembers { const JsonValue *table_name, *item; };
//   constexpr MemberField<PutItemMembers> kPutItemMembers[] = {
//       {"TableName", &PutItemMembers::table_name}, {"Item", &PutItemMembers::item}};
//   PutItemMembers m = read_members(request, kPutItemMembers);
#pragma once

#include <string_view>

#include "api/json.h"

namespace minnow::api {

template <class Members>
struct MemberField {
  std::string_view name;
  const JsonValue* Members::*field;
};

template <class Members, std::size_t N>
Members read_members(const JsonValue& object, const MemberField<Members> (&fields)[N]) {
  Members members{};
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    if (it->value.IsNull()) continue;
    std::string_view name = view(it->name);
    for (const auto& f : fields) {
      if (f.name != name) continue;
      if (!(members.*f.field)) members.*f.field = &it->value;
      break;
    }
  }
  return members;
}

}  // namespace minnow::api
