#include "auth/credentials.h"

#include <catch2/catch.hpp>

namespace credentials_test {

using namespace minnow::auth;

TEST_CASE("credentials file: one pair a line, an optional session token, comments") {
  const auto parsed = parse_credentials_file(
      "# local test keys\n"
      "AKIDONE  secret/one\n"
      "\n"
      "AKIDTWO\tsecret+two TOKEN   # with a session token\r\n");
  REQUIRE(std::holds_alternative<Credentials>(parsed));
  const Credentials& credentials = std::get<Credentials>(parsed);
  CHECK(credentials.size() == 2);
  REQUIRE(credentials.find("AKIDONE") != nullptr);
  CHECK(credentials.find("AKIDONE")->secret_access_key == "secret/one");
  CHECK(credentials.find("AKIDONE")->session_token.empty());
  CHECK(credentials.find("AKIDTWO")->secret_access_key == "secret+two");
  CHECK(credentials.find("AKIDTWO")->session_token == "TOKEN");
  CHECK(credentials.find("AKIDTHREE") == nullptr);
}

TEST_CASE("credentials file: errors name the line") {
  CHECK(std::get<std::string>(parse_credentials_file("AKID\n")) ==
        "line 1: expected ACCESS_KEY_ID SECRET_ACCESS_KEY [SESSION_TOKEN]");
  CHECK(std::get<std::string>(parse_credentials_file("A s\n\nA t\n")) == "line 3: access key A is given twice");
  CHECK(std::get<std::string>(parse_credentials_file("# nothing\n")) == "no credentials in the file");
}

TEST_CASE("credential pair: ACCESS_KEY_ID:SECRET") {
  const auto pair = parse_credential_pair("AKID:se:cret");
  REQUIRE(pair.has_value());
  CHECK(pair->first == "AKID");
  CHECK(pair->second.secret_access_key == "se:cret");
  CHECK_FALSE(parse_credential_pair("AKID").has_value());
  CHECK_FALSE(parse_credential_pair(":secret").has_value());
  CHECK_FALSE(parse_credential_pair("AKID:").has_value());
}

}  // namespace credentials_test
