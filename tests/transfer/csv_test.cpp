// CSV records as ImportTable reads them: delimiters, quotes, "" escapes, line breaks inside
// quotes, CRLF, blank lines, and the malformed records it reports.
#include "transfer/csv.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace csv_test {

using minnow::transfer::CsvReader;
using Records = std::vector<std::vector<std::string>>;

namespace {

Records read_all(const std::string& text, char delimiter, std::vector<std::string>* errors = nullptr) {
  CsvReader reader(text, delimiter);
  Records records;
  std::vector<std::string> fields;
  std::string error;
  while (reader.next(fields, error)) {
    if (!error.empty()) {
      if (errors) errors->push_back(std::to_string(reader.line()) + ": " + error);
      continue;
    }
    records.push_back(fields);
  }
  return records;
}

}  // namespace

TEST_CASE("CSV: fields, quotes and line breaks") {
  CHECK(read_all("pk,v\na,1\r\n\nb,\"x,\"\"y\"\"\nz\"\n", ',') ==
        Records{{"pk", "v"}, {"a", "1"}, {"b", "x,\"y\"\nz"}});
  CHECK(read_all("a\tb\t\n", '\t') == Records{{"a", "b", ""}});
  CHECK(read_all("a|b", '|') == Records{{"a", "b"}});
  CHECK(read_all("", ',').empty());
}

TEST_CASE("CSV: malformed records are reported and skipped") {
  std::vector<std::string> errors;
  CHECK(read_all("a,\"b\"c\nd,e\n", ',', &errors) == Records{{"d", "e"}});
  CHECK(errors == std::vector<std::string>{"1: text after a quoted field"});
  errors.clear();
  CHECK(read_all("ok\n\"never closed\n", ',', &errors) == Records{{"ok"}});
  CHECK(errors == std::vector<std::string>{"2: a quoted field does not end"});
}

}  // namespace csv_test
