// Turning the PATHs given to `forklift lint` into the list of scripts to lint.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace forklift::cli {

struct Discovery {
  // Files named on the command line come as given (whatever their name);
  // a directory contributes the shell scripts below it, sorted by path.
  std::vector<std::string> files;
  std::vector<std::string> errors;  // "PATH: reason", for paths that could not be read
};

// Directories are walked recursively, skipping .git, symlinked directories,
// and what git ignores: .gitignore files (in the tree and above it, up to the
// repository root), the repository's info/exclude and core.excludesFile.
Discovery discover_files(const std::vector<std::string>& paths);

// A shell script by name (.sh .bash .ksh .mksh .dash) or by its `#!` line;
// `head` is the file's first bytes. Files with a NUL byte in `head` are binaries.
bool looks_like_shell_script(std::string_view path, std::string_view head);

}  // namespace forklift::cli
