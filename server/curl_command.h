// `curl`, as far as health checks use it. The image FROM scratch has no curl, but compose files
// written for DynamoDB Local's image (which has one) check its health with shell commands such as
// `curl -s -o /dev/null -I -w '%{http_code}' http://localhost:8000`. In the image, curl is a link
// to minnow, and main() runs this when the binary is called by that name.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace minnow::server {

// args: what follows argv[0]. Returns curl's exit status: 0; 2 for an option it does not know; 3
// for a URL it cannot use; 6 when the host does not resolve; 7 when nothing answers; 22 when --fail
// meets a status of 400 or more; 28 on a timeout. Supported: -s -S -f -i -I -L -k -v -o -w -X -H
// -d (--data, --data-raw) -m --connect-timeout --retry, short flags combined as in -fsS.
int run_curl(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace minnow::server
