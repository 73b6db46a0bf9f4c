#include "model/admin_errors.h"

namespace minnow::model {

namespace {
Error invalid(std::initializer_list<std::string_view> parts) {
  return validation(concat({MINNOW_ADMIN_INVALID, concat(parts)}));
}
}  // namespace

Error admin_forbidden(std::string_view why) {
  return Error(ErrorCode::AccessDeniedException, concat({"Refused /_minnow call: ", why}));
}
std::string admin_host_refused(std::string_view host) {
  return concat({"Host '", host,
                 "' is not a loopback name, and Minnow listens on loopback only (DNS rebinding); list other names with "
                 "--admin-hosts"});
}
Error admin_no_such_call(std::string_view method, std::string_view path) {
  return invalid({"no such call: ", method, " ", path});
}
Error admin_wrong_method(std::string_view allowed) { return invalid({"use ", allowed}); }
Error admin_integer_range(std::string_view name, int64_t min, int64_t max) {
  return invalid({name, " must be an integer from ", std::to_string(min), " to ", std::to_string(max)});
}
Error admin_not_unsigned(std::string_view name) { return invalid({name, " must be an unsigned integer"}); }
Error admin_namespace_needed(std::size_t namespaces) {
  return invalid({"there are ", std::to_string(namespaces),
                  " namespaces: name one with ?namespace=ID (GET /_minnow/namespaces lists them)"});
}
Error admin_fault_error_unknown(std::string_view names) { return invalid({"error must be one of ", names}); }
Error admin_no_snapshot(std::string_view name, const std::optional<std::string>& namespace_id) {
  return invalid({"no snapshot named '", name, "'", namespace_id ? " for namespace " : "",
                  namespace_id ? std::string_view(*namespace_id) : std::string_view()});
}

Error admin_no_checkpoint(std::string_view id, const std::optional<std::string>& namespace_id) {
  return invalid({"no checkpoint '", id, "'", namespace_id ? " for namespace " : "",
                  namespace_id ? std::string_view(*namespace_id) : std::string_view()});
}

Error admin_no_table(std::string_view table) {
  return invalid({"no table named ", table, " in the namespaces addressed"});
}

Error admin_fork_target_has_tables(std::string_view id) {
  return invalid({"namespace ", id, " already has tables: send \"replace\": true to replace them"});
}

}  // namespace minnow::model
