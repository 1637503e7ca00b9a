// End to end with a real editor: headless Neovim attaches `forklift lsp` to a
// script, receives its diagnostics and applies a quick fix
// (tests/lsp/neovim_client.lua). Skipped when nvim is not installed (a failure under FORKLIFT_REQUIRE_TOOLS=1).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/required_tools.h"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("Neovim receives diagnostics and applies a quick fix", "[lsp][neovim]") {
  std::string nvim = forklift::test::find_program("nvim");
  if (nvim.empty()) {
    forklift::test::skip_for_missing_tool("nvim is not installed: the Neovim end-to-end test");
    return;
  }
  fs::path dir = fs::temp_directory_path() / ("forklift-nvim-" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path script = dir / "count.sh";
  fs::path report = dir / "report.txt";
  std::ofstream(script) << "#!/bin/bash\ni=0\nwhile [ $i -lt 3 ]; do\n  i=`expr $i + 1`\ndone\necho $i\n";

  std::string command = "FORKLIFT_BINARY='" FORKLIFT_BINARY "' FORKLIFT_NVIM_SCRIPT='" + script.string() +
                        "' FORKLIFT_NVIM_REPORT='" + report.string() + "' timeout 60 '" + nvim +
                        "' --headless -u NONE -i NONE -n -c 'luafile " FORKLIFT_SOURCE_DIR
                        "/tests/lsp/neovim_client.lua' </dev/null >/dev/null 2>&1";
  int status = std::system(command.c_str());
  std::string outcome = read_file(report);
  fs::remove_all(dir);
  CHECK(status == 0);
  std::istringstream lines(outcome);
  std::string codes, title;
  std::getline(lines, codes);
  std::getline(lines, title);
  std::string buffer((std::istreambuf_iterator<char>(lines)), std::istreambuf_iterator<char>());
  CHECK(codes.find("FL101") != std::string::npos);
  CHECK_FALSE(title.empty());
  CHECK(buffer.find("expr") == std::string::npos);
  CHECK(buffer.find("$((") != std::string::npos);
}
