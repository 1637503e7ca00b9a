// Which file an in-place fix may write, and when it must refuse.
#pragma once

#include <span>
#include <string>
#include <variant>

namespace forklift {

struct WriteTarget {
  std::string path;  // the regular file to replace (a symlink's target, resolved)
};
struct WriteRefusal {
  std::string reason;  // "PATH: ..."
};

// Refuses a symlink whose target lies outside every path the user named
// (`roots`: files or directories, as given on the command line), and a file
// with several hard links unless `force` (replacing it by rename would cut it
// off from its other names, which keep the old text). Anything but a regular
// file is refused too.
std::variant<WriteTarget, WriteRefusal> resolve_write_target(const std::string& path, std::span<const std::string> roots,
                                                             bool force);

}  // namespace forklift
