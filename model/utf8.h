// UTF-8 validity, as DynamoDB requires of every string (S, SS, attribute and table names,
// expressions, ...): well-formed sequences only, no overlong forms, no surrogates (U+D800 to
// U+DFFF), nothing above U+10FFFF.
#pragma once

#include <string>
#include <string_view>

namespace minnow::model {

bool is_valid_utf8(std::string_view text);
// `text` with each byte that starts no well-formed sequence replaced by U+FFFD: for messages that
// quote what a client sent (a header), which must go out as valid JSON.
std::string valid_utf8(std::string_view text);

}  // namespace minnow::model
