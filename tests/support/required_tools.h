// For tests that need a program (a shell, Neovim) or a kernel feature the
// machine may lack. A skipped check must not pass unnoticed where it matters:
// with FORKLIFT_REQUIRE_TOOLS=1 (CI sets it) a skip is a failure.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

namespace forklift::test {

// The program's path as PATH finds it; empty when it is not there.
inline std::string find_program(std::string_view name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::string candidate = dir + "/" + std::string(name);
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

inline bool installed(std::string_view program) { return !find_program(program).empty(); }

inline bool tools_required() {
  const char* value = std::getenv("FORKLIFT_REQUIRE_TOOLS");
  return value != nullptr && std::string_view(value) == "1";
}

// Reports that the check needing `why` is skipped: a warning, or a failure
// (which ends the test case) under FORKLIFT_REQUIRE_TOOLS=1.
inline void skip_for_missing_tool(const std::string& why) {
  if (tools_required()) FAIL("cannot test: " << why << " (FORKLIFT_REQUIRE_TOOLS=1 makes this a failure)");
  WARN("skipped: " << why);
}

}  // namespace forklift::test
