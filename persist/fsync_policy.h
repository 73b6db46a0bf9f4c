// --fsync always|interval|never: when the log reaches the disk (persist/log_writer.h has what
// each one guarantees).
#pragma once

#include <optional>
#include <string_view>

namespace minnow::persist {

enum class FsyncPolicy { Always, Interval, Never };

inline std::optional<FsyncPolicy> parse_fsync_policy(std::string_view text) {
  if (text == "always") return FsyncPolicy::Always;
  if (text == "interval") return FsyncPolicy::Interval;
  if (text == "never") return FsyncPolicy::Never;
  return std::nullopt;
}

}  // namespace minnow::persist
