// --verify-signatures through api::Service::handle: a request signed with the right secret is
// served, one signed otherwise gets DynamoDB's error, after the target check and before the
// request's own checks; the payload hash covers the body as received (compressed, if it was).
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "api/service.h"
#include "auth/signature.h"
#include "auth/sigv4.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"

namespace signature_verification_test {

namespace {

using namespace minnow;

struct SendOptions {
  const std::string* encoded_body = nullptr;  // the body as received, when encoded
  const std::string* signed_over = nullptr;   // what the client signed, if not what it sent
  std::int64_t skew_seconds = 0;              // the client's clock minus ours
};

struct VerifyingService {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{true, clock, engine::DatabaseOptions{}};
  api::Service service{namespaces, options()};

  static api::ServiceOptions options() {
    auto credentials = std::make_shared<auth::Credentials>();
    credentials->add("AKIDLOCAL", auth::Secret{"local-secret", ""});
    api::ServiceOptions options;
    options.credentials = std::move(credentials);
    return options;
  }

  // Signs as the SDKs do, now, with `secret`, and sends.
  api::Reply send(const std::string& target, std::string body, const std::string& secret,
                  SendOptions options = SendOptions()) {
    const std::string& signed_body = options.signed_over    ? *options.signed_over
                                     : options.encoded_body ? *options.encoded_body
                                                            : body;
    const std::int64_t skew_seconds = options.skew_seconds;
    const std::int64_t now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count() +
        skew_seconds;
    const std::string date = auth::iso8601_basic(now);
    const std::string scope = date.substr(0, 8) + "/us-east-1/dynamodb/aws4_request";
    headers = {{"Host", "localhost:8000"},
               {"Content-Type", "application/x-amz-json-1.0"},
               {"X-Amz-Date", date},
               {"X-Amz-Target", target}};
    const std::string signed_headers = "content-type;host;x-amz-date;x-amz-target";
    const std::string creq =
        auth::canonical_request({"POST", "/", "", headers}, signed_headers, auth::sha256_hex(signed_body), false);
    const std::string signature = auth::signature(auth::signing_key(secret, date.substr(0, 8), "us-east-1", "dynamodb"),
                                                  auth::string_to_sign(date, scope, creq));
    authorization = "AWS4-HMAC-SHA256 Credential=AKIDLOCAL/" + scope + ", SignedHeaders=" + signed_headers +
                    ", Signature=" + signature;
    headers.push_back({"Authorization", authorization});
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = target;
    request.content_type = "application/x-amz-json-1.0";
    request.headers = headers;
    request.body = std::move(body);
    request.encoded_body = options.encoded_body;
    return service.handle(request);
  }

  std::string authorization;
  std::vector<auth::Header> headers;
};

const std::string kListTables = "DynamoDB_20120810.ListTables";

bool has_type(const api::Reply& reply, const std::string& type) {
  return reply.status == 400 && reply.body.find("#" + type + "\"") != std::string::npos;
}

}  // namespace

TEST_CASE("verify-signatures: the right secret is served, a wrong one is InvalidSignatureException") {
  VerifyingService s;
  CHECK(s.send(kListTables, "{}", "local-secret").status == 200);
  const api::Reply wrong = s.send(kListTables, "{}", "not-the-secret");
  CHECK(has_type(wrong, "InvalidSignatureException"));
  CHECK(wrong.body.find("The request signature we calculated does not match") != std::string::npos);
  // 20 minutes off: expired or not yet current.
  CHECK(s.send(kListTables, "{}", "local-secret", {.skew_seconds = -20 * 60}).body.find("Signature expired") !=
        std::string::npos);
  CHECK(s.send(kListTables, "{}", "local-secret", {.skew_seconds = 20 * 60}).body.find("Signature not yet current") !=
        std::string::npos);
}

TEST_CASE("verify-signatures: after the target, before the request's own checks") {
  VerifyingService s;
  CHECK(has_type(s.send("DynamoDB_20120810.NoSuchAction", "{}", "wrong"), "UnknownOperationException"));
  CHECK(has_type(s.send(kListTables, R"({"Limit":0})", "wrong"), "InvalidSignatureException"));
  CHECK(has_type(s.send(kListTables, R"({"Limit":0})", "local-secret"), "ValidationException"));
}

TEST_CASE("verify-signatures: the payload hash is of the body as received") {
  VerifyingService s;
  const std::string encoded = "the compressed bytes, as they came over the wire";
  CHECK(s.send(kListTables, "{}", "local-secret", {.encoded_body = &encoded}).status == 200);
  // A client that signed the decoded body instead signed something it did not send.
  const std::string decoded = "{}";
  CHECK(has_type(s.send(kListTables, "{}", "local-secret", {.encoded_body = &encoded, .signed_over = &decoded}),
                 "InvalidSignatureException"));
}

}  // namespace signature_verification_test
