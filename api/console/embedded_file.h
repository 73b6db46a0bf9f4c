// A file compiled into the binary by cmake/embed_files.cmake.
#pragma once

#include <span>
#include <string_view>

namespace minnow {

struct EmbeddedFile {
  std::string_view path;  // relative to the embedded folder, '/'-separated, e.g. "js/app.js"
  std::string_view bytes;
};

namespace console {
// The files of console/, sorted by path (generated into the build tree).
extern const std::span<const EmbeddedFile> kFiles;
}  // namespace console

}  // namespace minnow
