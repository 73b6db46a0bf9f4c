// CSV as DynamoDB's ImportTable reads it (RFC 4180): records separated by line breaks (LF or
// CRLF), fields by the delimiter (comma by default; InputFormatOptions.Csv.Delimiter), a field in
// double quotes may hold delimiters, line breaks and "" for a quote. Pure; thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::transfer {

class CsvReader {
 public:
  CsvReader(std::string_view text, char delimiter) : text_(text), delimiter_(delimiter) {}

  // The next record's fields; false at the end. A malformed record (a quote that does not
  // close, text after a closing quote) sets `error` and skips to the next line.
  bool next(std::vector<std::string>& fields, std::string& error);
  std::size_t line() const { return record_line_; }  // where the last record began, from 1

 private:
  std::string_view text_;
  char delimiter_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t record_line_ = 0;
};

}  // namespace minnow::transfer
