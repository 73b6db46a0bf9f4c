#include "server/env_command.h"

#include "dataapi/data_api.h"
#include "server/local_call.h"

namespace minnow::server {

int print_data_api_environment(const std::string& host, std::uint16_t port, const std::string& token, std::ostream& out,
                               std::ostream& err) {
  const LocalCall call{.host = host,
                       .port = port,
                       .method = "POST",
                       .target = std::string(dataapi::kRoutePrefix) + "env",
                       .headers = {{"Authorization", "Bearer " + token}, {"Content-Type", "application/json"}},
                       .body = "{}"};
  try {
    const LocalAnswer answer = local_call(call);
    if (answer.status == 200) {
      out << answer.body << std::flush;
      return 0;
    }
    err << "minnow env: " << call_address(call) << " answered HTTP " << answer.status << ": " << answer.body
        << std::endl;
  } catch (const std::exception& e) {
    err << "minnow env: " << call_address(call) << ": " << e.what() << std::endl;
  }
  return 1;
}

}  // namespace minnow::server
