// SigV4 against AWS's published test suite (tests/auth/sigv4-test-suite, see its SOURCE): for
// each case the canonical request, the string to sign and the Authorization header computed
// from the signed request (.sreq, its Authorization left out) and the headers the case signs
// (SignedHeaders of its .authz) must equal the .creq, .sts and .authz files byte for byte.
#include "auth/sigv4.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sigv4_test {

namespace {

using namespace minnow::auth;
namespace fs = std::filesystem;

const fs::path kSuite = fs::path(MINNOW_SOURCE_DIR) / "tests" / "auth" / "sigv4-test-suite";
constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::string_view kScope = "20150830/us-east-1/service/aws4_request";
constexpr std::string_view kTimestamp = "20150830T123600Z";

std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// A .req or .sreq file: request line, header lines (a line starting with white space continues the
// previous value), a blank line, the body.
struct ParsedRequest {
  std::string method, path, query, body;
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<Header> headers;  // views into `fields`
};

ParsedRequest parse_req(const std::string& text) {
  ParsedRequest out;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  const std::size_t first = line.find(' '), last = line.rfind(' ');
  out.method = line.substr(0, first);
  const std::string target = line.substr(first + 1, last - first - 1);
  const std::size_t question = target.find('?');
  out.path = target.substr(0, question);
  if (question != std::string::npos) out.query = target.substr(question + 1);
  while (std::getline(in, line) && !line.empty()) {
    if (line[0] == ' ' || line[0] == '\t') {
      out.fields.back().second += "\n" + line;
    } else {
      const std::size_t colon = line.find(':');
      out.fields.emplace_back(line.substr(0, colon), line.substr(colon + 1));
    }
  }
  std::stringstream rest;
  rest << in.rdbuf();
  out.body = rest.str();
  for (const auto& [name, value] : out.fields) out.headers.push_back({name, value});
  return out;
}

// The SignedHeaders value of an Authorization header.
std::string signed_headers_of(const std::string& authorization) {
  const std::size_t start = authorization.find("SignedHeaders=") + 14;
  return authorization.substr(start, authorization.find(',', start) - start);
}

std::vector<fs::path> case_directories() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(kSuite)) {
    if (entry.is_regular_file() && entry.path().extension() == ".req") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("sigv4: AWS's test suite, every case") {
  const auto cases = case_directories();
  REQUIRE(cases.size() >= 25);
  for (const fs::path& req : cases) {
    const std::string name = req.stem().string();
    INFO("case " << name);
    const fs::path base = req.parent_path() / name;
    ParsedRequest request = parse_req(read_file(base.string() + ".sreq"));
    std::erase_if(request.headers, [](const Header& header) { return header.name == "Authorization"; });
    const HttpRequestView view{request.method, request.path, request.query, request.headers};
    const std::string expected_authorization = read_file(base.string() + ".authz");
    const std::string signed_headers = signed_headers_of(expected_authorization);
    const std::string creq = canonical_request(view, signed_headers, sha256_hex(request.body), false);
    CHECK(creq == read_file(base.string() + ".creq"));
    const std::string sts = string_to_sign(kTimestamp, kScope, creq);
    CHECK(sts == read_file(base.string() + ".sts"));
    const std::string authz = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/" + std::string(kScope) +
                              ", SignedHeaders=" + signed_headers +
                              ", Signature=" + signature(signing_key(kSecret, "20150830", "us-east-1", "service"), sts);
    CHECK(authz == expected_authorization);
  }
}

TEST_CASE("sigv4: SHA-256 and HMAC-SHA256 (RFC 4231 case 2)") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string key = "Jefe";
  const Digest mac = hmac_sha256(std::span(reinterpret_cast<const unsigned char*>(key.data()), key.size()),
                                 "what do ya want for nothing?");
  std::string hex;
  for (unsigned char byte : mac) hex += "0123456789abcdef"[byte >> 4], hex += "0123456789abcdef"[byte & 0xF];
  CHECK(hex == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST_CASE("sigv4: presigned requests leave X-Amz-Signature out of the canonical query") {
  const Header headers[] = {{"Host", "localhost:8000"}};
  const HttpRequestView view{"POST", "/", "X-Amz-Signature=abc&X-Amz-Date=20150830T123600Z&X-Amz-Credential=a%2Fb",
                             headers};
  const std::string creq = canonical_request(view, "host", sha256_hex(""), true);
  CHECK(creq.find("X-Amz-Credential=a%2Fb&X-Amz-Date=20150830T123600Z\n") != std::string::npos);
  CHECK(creq.find("Signature") == std::string::npos);
  // Not presigned: every parameter counts.
  CHECK(canonical_request(view, "host", sha256_hex(""), false).find("X-Amz-Signature=abc") != std::string::npos);
}

TEST_CASE("sigv4: a signed header the request lacks is signed as empty") {
  const Header headers[] = {{"Host", "h"}};
  const HttpRequestView view{"POST", "/", "", headers};
  CHECK(canonical_request(view, "host;x-amz-date", "HASH", false) ==
        "POST\n/\n\nhost:h\nx-amz-date:\n\nhost;x-amz-date\nHASH");
}

TEST_CASE("sigv4: find_header ignores case") {
  const Header headers[] = {{"X-Amz-Date", "a"}, {"x-amz-date", "b"}};
  CHECK(find_header(headers, "X-AMZ-DATE") == "a");
  CHECK(find_header(headers, "date").empty());
}

}  // namespace sigv4_test
