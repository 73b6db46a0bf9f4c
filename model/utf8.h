// UTF-8 validity, as DynamoDB requires of every string (S, SS, attribute and table names,
// expressions, ...): well-formed sequences only, no overlong forms, no surrogates (U+D800 to
// U+DFFF), nothing above U+10FFFF.
#pragma once

#include <string_view>

namespace minnow::model {

bool is_valid_utf8(std::string_view text);

}  // namespace minnow::model
