// libFuzzer targets: the readers of import and bulk-load files (transfer/ion_text, transfer/csv),
// which read whatever a bucket holds. Neither may crash, hang or read out of bounds; every Ion
// value read must write back as Ion text that reads as the same value, and the CSV reader must
// make progress on every record. Seeds: corpus/ion_text/, corpus/csv/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "transfer/csv.h"
#include "transfer/ion_text.h"

namespace {

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
#if MINNOW_FUZZ_KIND == 0
  for (const auto& value : minnow::transfer::read_ion_values(text)) {
    if (!value.error.empty()) continue;
    std::string written;
    minnow::transfer::append_ion_value(written, value.value);
    const auto again = minnow::transfer::read_ion_values(written);
    require(again.size() == 1 && again[0].error.empty(), "written Ion does not read back");
    require(again[0].value == value.value, "written Ion reads back as another value");
  }
#else
  const char delimiter = size > 0 && (data[0] == '\t' || data[0] == ';') ? static_cast<char>(data[0]) : ',';
  minnow::transfer::CsvReader reader(text, delimiter);
  std::vector<std::string> fields;
  std::string error;
  std::size_t records = 0;
  while (reader.next(fields, error)) require(++records <= size + 1, "the CSV reader makes no progress");
#endif
  return 0;
}
