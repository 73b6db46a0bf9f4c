#include "transfer/csv.h"

namespace minnow::transfer {

bool CsvReader::next(std::vector<std::string>& fields, std::string& error) {
  fields.clear();
  error.clear();
  // Blank lines between records are not records.
  while (pos_ < text_.size() && (text_[pos_] == '\n' || text_.substr(pos_, 2) == "\r\n")) {
    pos_ += text_[pos_] == '\n' ? 1 : 2;
    ++line_;
  }
  if (pos_ >= text_.size()) return false;
  record_line_ = line_;
  std::string field;
  for (;;) {
    if (pos_ < text_.size() && text_[pos_] == '"') {
      ++pos_;
      for (;;) {
        if (pos_ >= text_.size()) {
          error = "a quoted field does not end";
          return true;
        }
        const char c = text_[pos_++];
        if (c == '"') {
          if (pos_ < text_.size() && text_[pos_] == '"') {
            field += '"';
            ++pos_;
            continue;
          }
          break;
        }
        if (c == '\n') ++line_;
        field += c;
      }
      if (pos_ < text_.size() && text_[pos_] != delimiter_ && text_[pos_] != '\n' && text_.substr(pos_, 2) != "\r\n") {
        error = "text after a quoted field";
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        return true;
      }
    } else {
      while (pos_ < text_.size() && text_[pos_] != delimiter_ && text_[pos_] != '\n' && text_.substr(pos_, 2) != "\r\n")
        field += text_[pos_++];
    }
    fields.push_back(std::move(field));
    field.clear();
    if (pos_ >= text_.size()) return true;
    if (text_[pos_] == delimiter_) {
      ++pos_;
      continue;
    }
    pos_ += text_[pos_] == '\n' ? 1 : 2;  // the record's line break
    ++line_;
    return true;
  }
}

}  // namespace minnow::transfer
