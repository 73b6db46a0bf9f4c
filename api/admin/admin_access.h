// Who may use the /_minnow test controls. They can wipe every table and move the clock, and
// Minnow runs on developers' laptops, where any web page the developer opens can send requests
// to localhost. So a call must carry what a browser cannot send cross-site without a CORS
// preflight (which Minnow never grants for /_minnow): the header X-Minnow-Admin: 1, and
// Content-Type: application/json on anything but a GET. When Minnow listens on loopback only, the
// Host header must also name a loopback host (or one listed with --admin-hosts): a page that
// rebinds its own domain to 127.0.0.1 still sends its own name (DNS rebinding).
#pragma once

#include <optional>
#include <string_view>

#include "api/protocol.h"

namespace minnow::api {

// localhost, *.localhost, 127.0.0.0/8 and ::1 (with or without brackets).
bool is_loopback_host(std::string_view host);

// The 403 refusal of a call that may not use the controls, or nothing.
std::optional<Reply> refuse_admin_call(const Request& request, const AdminOptions& options);

}  // namespace minnow::api
