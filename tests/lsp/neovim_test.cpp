// End to end with a real editor: headless Neovim attaches `forklift lsp` to a
// script, receives its diagnostics and applies a quick fix
// (tests/lsp/neovim_client.lua). Skipped when nvim is not installed (a failure under FORKLIFT_REQUIRE_TOOLS=1).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/lsp/editor_report.h"
#include "tests/support/required_tools.h"

namespace fs = std::filesystem;
using forklift::lsp::test::kEditorTestScript;

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
  std::ofstream(script) << kEditorTestScript;

  std::string command = "FORKLIFT_BINARY='" FORKLIFT_BINARY "' FORKLIFT_NVIM_SCRIPT='" + script.string() +
                        "' FORKLIFT_NVIM_REPORT='" + report.string() + "' timeout 60 '" + nvim +
                        "' --headless -u NONE -i NONE -n -c 'luafile " FORKLIFT_SOURCE_DIR
                        "/tests/lsp/neovim_client.lua' </dev/null >/dev/null 2>&1";
  int status = std::system(command.c_str());
  forklift::lsp::test::EditorReport outcome = forklift::lsp::test::read_editor_report(report);
  fs::remove_all(dir);
  CHECK(status == 0);
  CHECK(outcome.diagnostics.find("FL101") != std::string::npos);
  CHECK_FALSE(outcome.fix_title.empty());
  CHECK(outcome.buffer.find("expr") == std::string::npos);
  CHECK(outcome.buffer.find("$((") != std::string::npos);
}
