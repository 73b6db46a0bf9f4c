// DynamoDB's checks of a SigV4 signature, in DynamoDB's order and with its messages (as
// dynalite quotes them from DynamoDB), and verification of right and wrong signatures.
#include "auth/signature.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "model/errors.h"

namespace signature_test {

namespace {

using namespace minnow::auth;
using minnow::model::Error;
using minnow::model::ErrorCode;

constexpr std::string_view kKey = "AKIDEXAMPLE";
constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::int64_t kNow = 1440938160;  // 20150830T123600Z
constexpr std::string_view kBody = R"({"TableName":"Music"})";

Credentials credentials() {
  Credentials out;
  out.add(std::string(kKey), Secret{std::string(kSecret), ""});
  return out;
}

// A DynamoDB request, signed as the SDKs sign it (Host, X-Amz-Date and X-Amz-Target signed).
struct SignedRequest {
  std::string date = "20150830T123600Z";
  std::string scope = "20150830/us-east-1/dynamodb/aws4_request";
  std::string key = std::string(kKey);
  std::string secret = std::string(kSecret);
  std::string signed_headers = "host;x-amz-date;x-amz-target";
  std::string body = std::string(kBody);
  std::string authorization;
  std::vector<Header> headers;

  void sign() {
    headers = {{"Host", "localhost:8000"}, {"X-Amz-Date", date}, {"X-Amz-Target", "DynamoDB_20120810.DescribeTable"}};
    const std::string creq = canonical_request(view(), signed_headers, sha256_hex(body), false);
    const std::string day = scope.substr(0, scope.find('/'));
    const std::size_t region_start = std::min(scope.size(), day.size() + 1);
    const std::string region = scope.substr(region_start, scope.find('/', region_start) - region_start);
    const std::string sig = signature(signing_key(secret, day, region, "dynamodb"), string_to_sign(date, scope, creq));
    authorization =
        "AWS4-HMAC-SHA256 Credential=" + key + "/" + scope + ", SignedHeaders=" + signed_headers + ", Signature=" + sig;
    headers.push_back({"Authorization", authorization});
  }
  HttpRequestView view() const { return {"POST", "/", "", headers}; }
};

// The error verification throws, or nullopt when it passes.
std::optional<Error> verify(const SignedRequest& request, std::int64_t now = kNow) {
  try {
    const SignatureParams params = read_signature(request.view());
    verify_signature(request.view(), params, sha256_hex(request.body), credentials(), now);
    return std::nullopt;
  } catch (const Error& error) {
    return error;
  }
}

void check_error(const std::optional<Error>& error, ErrorCode code, const std::string& message) {
  REQUIRE(error.has_value());
  CHECK(error->code() == code);
  CHECK(error->message() == message);
}

}  // namespace

TEST_CASE("signature: a right signature passes; the access key and region are read from it") {
  SignedRequest request;
  request.sign();
  CHECK_FALSE(verify(request).has_value());
  const SignatureParams params = read_signature(request.view());
  CHECK(params.access_key() == kKey);
  CHECK(params.region() == "us-east-1");
  // Within 15 minutes either way.
  CHECK_FALSE(verify(request, kNow + 15 * 60).has_value());
  CHECK_FALSE(verify(request, kNow - 15 * 60).has_value());
}

TEST_CASE("signature: the region is the credential scope's third element, or empty") {
  SignatureParams params;
  params.credential = "AKID/20150830/eu-west-2/dynamodb/aws4_request";
  CHECK(params.region() == "eu-west-2");
  params.credential = "AKID/20150830/local";
  CHECK(params.region() == "local");
  params.credential = "AKID/20150830//dynamodb";
  CHECK(params.region().empty());
  params.credential = "AKID/20150830";
  CHECK(params.region().empty());
  params.credential = "";
  CHECK(params.region().empty());
}

TEST_CASE("signature: a wrong secret, body or header is InvalidSignatureException with the strings to compare") {
  SignedRequest request;
  request.secret = "wrong";
  request.sign();
  const auto error = verify(request);
  REQUIRE(error.has_value());
  CHECK(error->code() == ErrorCode::InvalidSignatureException);
  CHECK(error->message() ==
        "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access "
        "Key and signing method. Consult the service documentation for details.\n\nThe Canonical String for this "
        "request should have been\n'POST\n/\n\nhost:localhost:8000\nx-amz-date:20150830T123600Z\n"
        "x-amz-target:DynamoDB_20120810.DescribeTable\n\nhost;x-amz-date;x-amz-target\n" +
            sha256_hex(kBody) + "'\n\nThe String-to-Sign should have been\n'AWS4-HMAC-SHA256\n20150830T123600Z\n" +
            "20150830/us-east-1/dynamodb/aws4_request\n" +
            sha256_hex("POST\n/\n\nhost:localhost:8000\nx-amz-date:20150830T123600Z\n"
                       "x-amz-target:DynamoDB_20120810.DescribeTable\n\nhost;x-amz-date;x-amz-target\n" +
                       sha256_hex(kBody)) +
            "'\n");

  SignedRequest tampered;
  tampered.sign();
  tampered.body = R"({"TableName":"Other"})";  // the payload hash no longer matches
  CHECK(verify(tampered)->code() == ErrorCode::InvalidSignatureException);
  tampered = SignedRequest();
  tampered.sign();
  tampered.headers[2].value = "DynamoDB_20120810.DeleteTable";  // a signed header changed
  CHECK(verify(tampered)->code() == ErrorCode::InvalidSignatureException);
}

TEST_CASE("signature: an unknown access key is UnrecognizedClientException") {
  SignedRequest request;
  request.key = "AKIDUNKNOWN";
  request.sign();
  check_error(verify(request), ErrorCode::UnrecognizedClientException,
              "The security token included in the request is invalid.");
}

TEST_CASE("signature: expired and future signatures, 15 minutes either way") {
  SignedRequest request;
  request.sign();
  check_error(verify(request, kNow + 15 * 60 + 1), ErrorCode::InvalidSignatureException,
              "Signature expired: 20150830T123600Z is now earlier than 20150830T123601Z (20150830T125101Z - 15 min.)");
  check_error(verify(request, kNow - 15 * 60 - 1), ErrorCode::InvalidSignatureException,
              "Signature not yet current: 20150830T123600Z is still later than 20150830T123559Z (20150830T122059Z + "
              "15 min.)");
}

TEST_CASE("signature: the checks after the header's form, in DynamoDB's order") {
  SignedRequest request;
  request.date = "201";
  request.sign();
  check_error(verify(request), ErrorCode::IncompleteSignatureException,
              "Date must be in ISO-8601 'basic format'. Got '201'. See http://en.wikipedia.org/wiki/ISO_8601");

  request = SignedRequest();
  request.signed_headers = "x-amz-date;x-amz-target";
  request.sign();
  check_error(verify(request), ErrorCode::InvalidSignatureException,
              "'Host' must be a 'SignedHeader' in the AWS Authorization.");

  request = SignedRequest();
  request.sign();
  std::string header = request.authorization;
  header.replace(0, 16, "AWS4-HMAC-SHA25");
  request.headers.back().value = header;
  check_error(verify(request), ErrorCode::IncompleteSignatureException,
              "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only AWS4-HMAC-SHA256 for now). ");

  request = SignedRequest();
  request.scope = "20150830/us-east-1/dynamodb";
  request.sign();
  check_error(verify(request), ErrorCode::IncompleteSignatureException,
              "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got "
              "'AKIDEXAMPLE/20150830/us-east-1/dynamodb'");
  // Trailing slashes do not count.
  request = SignedRequest();
  request.scope = "20150830/us-east-1/dynamodb/aws4_request/";
  request.sign();
  CHECK(verify(request)->code() == ErrorCode::InvalidSignatureException);  // signed with the slash: a mismatch

  request = SignedRequest();
  request.scope = "b/C/d/e";
  request.sign();
  check_error(verify(request), ErrorCode::InvalidSignatureException,
              "Credential should be scoped to a valid region, not 'C'. Credential should be scoped to correct service: "
              "'dynamodb'. Credential should be scoped with a valid terminator: 'aws4_request', not 'e'. Date in "
              "Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: 'b' != '20150830', "
              "from '20150830T123600Z'.");
  // Regions emulator users pick are valid.
  request = SignedRequest();
  request.scope = "20150830/local/dynamodb/aws4_request";
  request.sign();
  CHECK_FALSE(verify(request).has_value());
}

TEST_CASE("signature: the Date header stands in for X-Amz-Date") {
  SignedRequest request;
  request.sign();
  request.headers[1] = {"Date", "Sun, 30 Aug 2015 12:36:00 GMT"};
  // The signature covered x-amz-date, so it no longer matches; but the date itself is read.
  CHECK(verify(request)->code() == ErrorCode::InvalidSignatureException);
  CHECK(parse_request_date("Sun, 30 Aug 2015 12:36:00 GMT") == kNow);
  CHECK(parse_request_date("20150830T123600Z") == kNow);
  CHECK_FALSE(parse_request_date("20151330T123600Z").has_value());
  CHECK_FALSE(parse_request_date("2015-08-30T12:36:00Z").has_value());
  CHECK(iso8601_basic(kNow) == "20150830T123600Z");
}

TEST_CASE("signature: session tokens must match the configured one") {
  Credentials with_token;
  with_token.add("AKIDTOKEN", Secret{"secret", "TOKEN"});
  SignedRequest request;
  request.key = "AKIDTOKEN";
  request.secret = "secret";
  request.sign();
  const auto run = [&](std::string_view token) -> std::optional<Error> {
    auto headers = request.headers;
    if (!token.empty()) headers.push_back({"X-Amz-Security-Token", token});
    const HttpRequestView view{"POST", "/", "", headers};
    try {
      verify_signature(view, read_signature(view), sha256_hex(request.body), with_token, kNow);
      return std::nullopt;
    } catch (const Error& error) {
      return error;
    }
  };
  CHECK_FALSE(run("TOKEN").has_value());
  check_error(run("OTHER"), ErrorCode::UnrecognizedClientException,
              "The security token included in the request is invalid");
  check_error(run(""), ErrorCode::UnrecognizedClientException, "The security token included in the request is invalid");
}

TEST_CASE("signature: presigned (query-string) requests") {
  const std::string date = "20150830T123600Z";
  const std::string scope = "20150830/us-east-1/dynamodb/aws4_request";
  std::string query =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2F"
      "dynamodb%2Faws4_request&X-Amz-Date=" +
      date + "&X-Amz-Expires=300&X-Amz-SignedHeaders=host";
  const std::vector<Header> headers = {{"Host", "localhost:8000"}};
  const std::string creq = canonical_request({"POST", "/", query, headers}, "host", sha256_hex(kBody), true);
  const std::string sig =
      signature(signing_key(kSecret, "20150830", "us-east-1", "dynamodb"), string_to_sign(date, scope, creq));
  query += "&X-Amz-Signature=" + sig;
  const HttpRequestView view{"POST", "/", query, headers};
  const SignatureParams params = read_signature(view);
  CHECK(params.presigned);
  CHECK(params.access_key() == kKey);
  CHECK_NOTHROW(verify_signature(view, params, sha256_hex(kBody), credentials(), kNow));
  CHECK_NOTHROW(verify_signature(view, params, sha256_hex(kBody), credentials(), kNow + 300));
  // X-Amz-Expires bounds its life.
  try {
    verify_signature(view, params, sha256_hex(kBody), credentials(), kNow + 301);
    FAIL("an expired presigned request passed");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::InvalidSignatureException);
    CHECK(error.message().starts_with("Signature expired: 20150830T123600Z is now earlier than 20150830T123601Z"));
    CHECK(error.message().ends_with(" - 300 sec.)"));  // the window is X-Amz-Expires, not the 15-minute skew
  }
  CHECK_THROWS_AS(verify_signature(view, params, sha256_hex("{}"), credentials(), kNow), Error);
}

}  // namespace signature_test
