#include "server/health_check.h"

#include <chrono>

#include "model/errors.h"
#include "server/local_call.h"

namespace minnow::server {

int check_health(const std::string& host, std::uint16_t port, std::ostream& err) {
  const LocalCall call{.host = host, .port = port, .headers = {}, .body = {}, .timeout = std::chrono::milliseconds(1500)};
  try {
    const LocalAnswer answer = local_call(call);
    // DynamoDB's health answer, or DynamoDB Local's 400 (--compat dynamodb-local): both say a
    // server is answering.
    if (answer.status == 200 && answer.body.starts_with(model::kHealthyPrefix)) return 0;
    if (answer.status == 400 && answer.body == model::kDynamoDBLocalGetBody) return 0;
    err << "minnow health: " << call_address(call) << " answered HTTP " << answer.status << std::endl;
  } catch (const std::exception& e) {
    err << "minnow health: " << call_address(call) << ": " << e.what() << std::endl;
  }
  return 1;
}

}  // namespace minnow::server
