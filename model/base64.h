// Base64 as DynamoDB's JSON protocol uses it for B and BS values (standard alphabet, padded).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace minnow::model {

std::string base64_encode(std::string_view bytes);
// Null when `text` is not canonical padded base64 (DynamoDB rejects such input).
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace minnow::model
