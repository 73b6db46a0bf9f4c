#include "api/write_outcome.h"

#include "model/errors.h"

namespace minnow::api {

bool write_committed(JsonWriter& out, const requests::TransactWriteItemsResult& result) {
  using Status = requests::TransactWriteItemsResult::Status;
  switch (result.status) {
    case Status::Committed:
    case Status::Replayed:
      out.RawValue(result.answer.data(), result.answer.size(), rapidjson::kObjectType);
      return true;
    case Status::ParameterMismatch:
      throw model::Error(model::kIdempotentParameterMismatch);
    case Status::InProgress:
      throw model::Error(model::kTransactionInProgress);
    case Status::Cancelled:
      break;
  }
  return false;
}

}  // namespace minnow::api
