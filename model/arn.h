// ARNs as Minnow answers them: "arn:aws:SERVICE:REGION:ACCOUNT:RESOURCE" (the request's region,
// the server's account). One spelling for the front end (api/table_lookup.h) and the typed
// requests (a throttled request's ThrottlingReasons).
#pragma once

#include <string>
#include <string_view>

namespace minnow::model {

inline std::string arn(std::string_view service, std::string_view region, std::string_view account,
                       std::string_view resource) {
  std::string arn = "arn:aws:";
  arn.append(service).append(1, ':').append(region).append(1, ':').append(account).append(1, ':').append(resource);
  return arn;
}

}  // namespace minnow::model
