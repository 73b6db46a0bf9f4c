#include "server/cors.h"

#include <catch2/catch.hpp>

namespace cors_test {

using minnow::server::CorsPolicy;

TEST_CASE("cors: every origin by default, DynamoDB's preflight answer") {
  const CorsPolicy any;
  CHECK(any.allows("http://localhost:3000"));
  std::string headers;
  any.append_response_headers("http://a.example", headers);
  const std::string expose = "Access-Control-Expose-Headers: x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date\r\n";
  CHECK(headers == "Access-Control-Allow-Origin: *\r\n" + expose);
  headers.clear();
  any.append_preflight_headers("http://a.example", "POST", "content-type,x-amz-target", headers);
  CHECK(headers == "Access-Control-Allow-Origin: *\r\n" + expose +
                       "Access-Control-Allow-Headers: content-type,x-amz-target\r\n"
                       "Access-Control-Allow-Methods: POST\r\nAccess-Control-Max-Age: 172800\r\n");
  headers.clear();
  any.append_preflight_headers("http://a.example", "", "", headers);
  CHECK(headers == "Access-Control-Allow-Origin: *\r\n" + expose + "Access-Control-Max-Age: 172800\r\n");
}

TEST_CASE("cors: a -cors list allows only its origins, echoed with Vary") {
  const CorsPolicy list(CorsPolicy::parse_list("http://localhost:3000, https://app.example"));
  CHECK(list.allows("http://localhost:3000"));
  CHECK(list.allows("https://app.example"));
  CHECK_FALSE(list.allows("https://evil.example"));
  CHECK_FALSE(list.allows("http://localhost:3001"));
  std::string headers;
  list.append_response_headers("https://app.example", headers);
  CHECK(headers.starts_with("Access-Control-Allow-Origin: https://app.example\r\nVary: Origin\r\n"
                            "Access-Control-Expose-Headers: "));
  headers.clear();
  list.append_response_headers("https://evil.example", headers);
  list.append_preflight_headers("https://evil.example", "POST", "content-type", headers);
  CHECK(headers.empty());
  // "*" in the list, or no list, allows everything.
  CHECK(CorsPolicy(CorsPolicy::parse_list("*")).allows("https://evil.example"));
  CHECK(CorsPolicy(CorsPolicy::parse_list("")).allows("https://evil.example"));
}

TEST_CASE("cors: -cors list parsing") {
  CHECK(CorsPolicy::parse_list("a,b") == std::vector<std::string>{"a", "b"});
  CHECK(CorsPolicy::parse_list(" a , ,b ") == std::vector<std::string>{"a", "b"});
  CHECK(CorsPolicy::parse_list("").empty());
}

}  // namespace cors_test
