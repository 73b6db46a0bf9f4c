#include "model/utf8.h"

#include <catch2/catch.hpp>
#include <string>

namespace utf8_test {

using minnow::model::is_valid_utf8;

TEST_CASE("well-formed UTF-8 is valid, at every length and boundary") {
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("plain ASCII, longer than eight bytes"));
  CHECK(is_valid_utf8(std::string("nul \0 inside", 12)));
  CHECK(is_valid_utf8("\xc2\x80"));              // U+0080
  CHECK(is_valid_utf8("\xdf\xbf"));              // U+07FF
  CHECK(is_valid_utf8("\xe0\xa0\x80"));          // U+0800
  CHECK(is_valid_utf8("\xed\x9f\xbf"));          // U+D7FF, just below the surrogates
  CHECK(is_valid_utf8("\xee\x80\x80"));          // U+E000, just above
  CHECK(is_valid_utf8("\xef\xbf\xbf"));          // U+FFFF
  CHECK(is_valid_utf8("\xf0\x90\x80\x80"));      // U+10000
  CHECK(is_valid_utf8("\xf4\x8f\xbf\xbf"));      // U+10FFFF
  CHECK(is_valid_utf8("12345678\xe2\x82\xac"));  // after the eight-byte fast path
}

TEST_CASE("malformed UTF-8 is not valid") {
  for (const char* bad : {"\x80", "\xbf", "\xc0\xaf", "\xc1\xbf", "\xc2", "\xc3\x28", "\xe0\x80\xaf", "\xe2\x82",
                          "\xed\xa0\x80", "\xed\xbf\xbf", "\xf0\x80\x80\xaf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80",
                          "\xfe", "\xff", "\xf0\x28\x8c\xbc"}) {
    INFO(bad);
    CHECK_FALSE(is_valid_utf8(bad));
    CHECK_FALSE(is_valid_utf8(std::string("eight ok") + bad));
    CHECK_FALSE(is_valid_utf8(std::string(bad) + "trailing text"));
  }
}

// The ASCII fast paths take 32 bytes, then 8: a malformed byte at every position of a long text
// is found, and a well-formed sequence there passes.
TEST_CASE("a byte past the ASCII fast paths is checked wherever it is") {
  for (std::size_t at = 0; at < 80; ++at) {
    INFO("at " << at);
    std::string text(80, 'a');
    text[at] = '\xff';
    CHECK_FALSE(is_valid_utf8(text));
    text.replace(at, 1, "\xe2\x82\xac");
    CHECK(is_valid_utf8(text));
  }
}

TEST_CASE("valid_utf8 replaces each byte that starts no well-formed sequence") {
  using minnow::model::valid_utf8;
  CHECK(valid_utf8("plain") == "plain");
  CHECK(valid_utf8("caf\xC3\xA9") == "caf\xC3\xA9");
  CHECK(valid_utf8("a\xFF"
                   "b") ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(valid_utf8("\xE2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // cut short: each byte replaced
  CHECK(minnow::model::is_valid_utf8(valid_utf8("\xED\xA0\x80 \xC0\xAF")));
}

}  // namespace utf8_test
