// Shared by the tests that install forklift somewhere (cmake --install, the
// .deb unpacked, pre-commit, the CI templates): a scratch directory, the tools
// they need, and the checks an installed binary must pass.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/scratch_dir.h"

namespace forklift::test {

// True when `tool` is on PATH. Otherwise the test is skipped with a warning,
// or fails when FORKLIFT_REQUIRE_TOOLS=1 (CI), naming the missing tool.
bool have_tool(const std::string& tool);

// A bash script with `expr` in a loop: lint reports FL101, fix rewrites it.
inline constexpr const char* kForkHeavyScript = "#!/bin/bash\ni=0\nwhile [ $i -lt 3 ]; do\n  i=`expr $i + 1`\ndone\necho $i\n";

std::string read_text(const std::filesystem::path& path);

// --version, a lint, a fix and the rule links of the binary at `forklift` (Catch2 checks).
void check_installed_binary(const std::filesystem::path& forklift, const std::filesystem::path& scratch);

// The rule reference links of the binary at `forklift` point at pages that exist.
void check_rule_links(const std::filesystem::path& forklift);

}  // namespace forklift::test
