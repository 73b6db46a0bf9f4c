#include "model/stream_errors.h"

namespace minnow::model {

namespace {}

Error stream_not_found(const std::string& stream_arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Stream: " + stream_arn + " not found");
}

}  // namespace minnow::model
