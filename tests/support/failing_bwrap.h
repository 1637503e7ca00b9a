// A bwrap that fails to make a sandbox the way bwrap does (a message that
// starts with "bwrap: ", status 1), for tests of how that failure is
// reported. Each call appends a line to CALLS beside it, so a test can also
// tell whether bwrap was run at all.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace forklift::test {

struct FailingBwrap {
  std::string path;   // DIR/bwrap
  std::string calls;  // DIR/calls

  // With `real_bwrap`, the probe's trivial sandbox (a command ending in
  // /true) is handed to it, so the sandbox is chosen and fails only when a
  // script is run in it.
  FailingBwrap(const std::string& dir, const std::string& message, const std::string& real_bwrap = "")
      : path(dir + "/bwrap"), calls(dir + "/calls") {
    std::ofstream script(path);
    script << "#!/bin/sh\necho called >> '" << calls << "'\n";
    if (!real_bwrap.empty()) {
      script << "for last; do :; done\ncase $last in */true) exec '" << real_bwrap << "' \"$@\";; esac\n";
    }
    script << "echo '" << message << "' >&2\nexit 1\n";
    script.close();
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  }

  bool called() const { return std::filesystem::exists(calls); }
};

}  // namespace forklift::test
