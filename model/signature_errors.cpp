#include "model/signature_errors.h"

#include <utility>

namespace minnow::model {

namespace {

Error incomplete(std::string message) { return Error(ErrorCode::IncompleteSignatureException, std::move(message)); }
Error invalid(std::string message) { return Error(ErrorCode::InvalidSignatureException, std::move(message)); }
std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

Error authorization_pair_without_equals(std::string_view pair, std::string_view header) {
  return incomplete(quoted(pair) + " not a valid key=value pair (missing equal-sign) in Authorization header: " +
                    quoted(header) + ".");
}

std::string authorization_parameter_missing(std::string_view name) {
  return "Authorization header requires " + quoted(name) + " parameter. ";
}

Error incomplete_authorization_header(std::string problems, std::string_view header) {
  return incomplete(std::move(problems) + "Authorization=" + std::string(header));
}

std::string query_parameter_missing(std::string_view name) {
  return "AWS query-string parameters must include " + quoted(name) + ". ";
}

Error incomplete_query_signature(std::string problems) {
  return incomplete(std::move(problems) + "Re-examine the query-string parameters.");
}

Error date_not_iso8601(std::string_view date) {
  return incomplete("Date must be in ISO-8601 'basic format'. Got " + quoted(date) +
                    ". See http://en.wikipedia.org/wiki/ISO_8601");
}

Error signature_expired(std::string_view date, std::string_view earliest, std::string_view now,
                        std::string_view window) {
  return invalid("Signature expired: " + std::string(date) + " is now earlier than " + std::string(earliest) + " (" +
                 std::string(now) + " - " + std::string(window) + ")");
}

std::string presigned_window(std::int64_t seconds) { return std::to_string(seconds) + " sec."; }

Error signature_not_yet_current(std::string_view date, std::string_view latest, std::string_view now,
                                std::string_view window) {
  return invalid("Signature not yet current: " + std::string(date) + " is still later than " + std::string(latest) +
                 " (" + std::string(now) + " + " + std::string(window) + ")");
}

Error unsupported_algorithm(std::string_view algorithm) {
  return incomplete("Unsupported AWS 'algorithm': " + quoted(algorithm) + " (only AWS4-HMAC-SHA256 for now). ");
}

Error credential_elements(std::string_view credential) {
  return incomplete(
      "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got " +
      quoted(credential));
}

std::string credential_region_invalid(std::string_view region) {
  return "Credential should be scoped to a valid region, not " + quoted(region) + ".";
}

std::string credential_service_wrong(std::string_view expected) {
  return "Credential should be scoped to correct service: " + quoted(expected) + ".";
}

std::string credential_terminator_wrong(std::string_view terminator) {
  return "Credential should be scoped with a valid terminator: 'aws4_request', not " + quoted(terminator) + ".";
}

std::string credential_date_mismatch(std::string_view scope_date, std::string_view request_day,
                                     std::string_view request_timestamp) {
  return "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: " +
         quoted(scope_date) + " != " + quoted(request_day) + ", from " + quoted(request_timestamp) + ".";
}

Error credential_scope_invalid(std::string problems) { return invalid(std::move(problems)); }

Error signature_mismatch(std::string_view canonical_request, std::string_view string_to_sign) {
  return invalid(
      "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access "
      "Key and signing method. Consult the service documentation for details.\n\nThe Canonical String for this "
      "request should have been\n'" +
      std::string(canonical_request) + "'\n\nThe String-to-Sign should have been\n'" + std::string(string_to_sign) +
      "'\n");
}

}  // namespace minnow::model
