// api/strict_members: a body read as serde reads it (SearchVectors): types, presence, positions.
#include "api/strict_members.h"

#include <catch2/catch.hpp>

#include "model/errors.h"

namespace strict_members_test {

namespace {

using minnow::api::read_strict_members;
using minnow::api::StrictMember;
using Type = StrictMember::Type;
using minnow::model::ErrorCode;

// The error reading `body` against a request of a required string `Name`, a required list `List`,
// a required i32 `Count` and an optional map `Extra`; "" when there is none.
std::string error_of(std::string_view body, ErrorCode* code = nullptr) {
  try {
    read_strict_members(body, {{"Name", Type::String, true},
                               {"List", Type::Sequence, true},
                               {"Extra", Type::Map},
                               {"Count", Type::I32, true}});
  } catch (const minnow::model::Error& e) {
    if (code) *code = e.code();
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("strict members: the right types pass, unknown members are ignored, optional ones may be null") {
  CHECK(error_of(R"({"Name":"a","List":[1,{"x":null}],"Count":-5,"Other":[null]})") == "");
  CHECK(error_of(R"({"Extra":null,"Name":"a","List":[],"Count":2147483647})") == "");
  CHECK(error_of(R"({"Extra":{"k":[1]},"Name":"a","List":[],"Count":-2147483648})") == "");
}

TEST_CASE("strict members: a wrong type is named as serde names it, with the position just past it") {
  ErrorCode code{};
  CHECK(error_of(R"({"Name":null,"List":[],"Count":1})", &code) == "invalid type: null, expected a string at line 1 column 12");
  CHECK(code == ErrorCode::SerializationException);
  CHECK(error_of(R"({"Name":true})") == "invalid type: boolean `true`, expected a string at line 1 column 12");
  CHECK(error_of(R"({"Name":12})") == "invalid type: integer `12`, expected a string at line 1 column 10");
  CHECK(error_of(R"({"Name":-1.50})") == "invalid type: floating point `-1.5`, expected a string at line 1 column 13");
  CHECK(error_of(R"({"Name":1e3})") == "invalid type: floating point `1000.0`, expected a string at line 1 column 11");
  CHECK(error_of(R"({"Name":"a","List":"x\"y"})") == R"(invalid type: string "x\"y", expected a sequence at line 1 column 25)");
  // A list or a map is named before its bracket is read.
  CHECK(error_of(R"({"Name":  ["a"]})") == "invalid type: sequence, expected a string at line 1 column 10");
  CHECK(error_of(R"({"Name":"a","List":{}})") == "invalid type: map, expected a sequence at line 1 column 19");
  CHECK(error_of(R"({"Extra":[],"Name":"a"})") == "invalid type: sequence, expected a map at line 1 column 9");
  CHECK(error_of(R"({"Name":"a","List":[],"Count":2.0})") == "invalid type: floating point `2.0`, expected i32 at line 1 column 33");
  CHECK(error_of(R"({"Name":"a","List":[],"Count":2147483648})") ==
        "invalid value: integer `2147483648`, expected i32 at line 1 column 40");
  CHECK(error_of(R"({"Name":"a","List":[],"Count":-2147483649})") ==
        "invalid value: integer `-2147483649`, expected i32 at line 1 column 41");
  // Lines count from 1, columns are the bytes read on the line.
  CHECK(error_of("{\n\"Name\":\n  null}") == "invalid type: null, expected a string at line 3 column 6");
  // The first in document order wins, before anything missing.
  CHECK(error_of(R"({"Count":null,"Name":null})") == "invalid type: null, expected i32 at line 1 column 13");
}

TEST_CASE("strict members: a required member missing, in declaration order, once the object is read") {
  ErrorCode code{};
  CHECK(error_of(R"({"Count":1,"List":[]})", &code) == "missing field `Name` at line 1 column 21");
  CHECK(code == ErrorCode::ValidationException);
  CHECK(error_of(R"({"Name":"a"} )") == "missing field `List` at line 1 column 12");
  CHECK(error_of(R"({"Name":"a","List":[]})") == "missing field `Count` at line 1 column 22");
}

}  // namespace strict_members_test
