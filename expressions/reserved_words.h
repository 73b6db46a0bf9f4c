// DynamoDB's reserved words (the full list of the developer guide's "Reserved words in DynamoDB").
// An unquoted attribute name that is one of them, in any case, is refused with
// "Attribute name is a reserved keyword; reserved keyword: X".
#pragma once

#include <string_view>

namespace minnow::expressions {

bool is_reserved_word(std::string_view word);  // case-insensitive

}  // namespace minnow::expressions
