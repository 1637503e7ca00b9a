// End to end with a second real editor: headless Emacs with eglot attaches
// `forklift lsp` to a script, shows its diagnostics through flymake and
// applies a quick fix (tests/lsp/emacs_client.el).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/lsp/editor_report.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

namespace fs = std::filesystem;
using forklift::lsp::test::kEditorTestScript;

TEST_CASE("Emacs with eglot receives diagnostics and applies a quick fix", "[lsp][emacs]") {
  if (!forklift::test::installed("emacs")) {
    forklift::test::skip_for_missing_tool("emacs is not installed (Debian: emacs-nox elpa-eglot)");
    return;
  }
  fs::path dir = fs::temp_directory_path() / ("forklift-emacs-" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path script = dir / "count.sh";
  fs::path report = dir / "report.txt";
  std::ofstream(script) << kEditorTestScript;

  auto run = forklift::test::run_program(
      {"timeout", "90", "emacs", "--batch", "-Q", "-l", FORKLIFT_SOURCE_DIR "/tests/lsp/emacs_client.el"}, "", "",
      {{"FORKLIFT_BINARY", FORKLIFT_BINARY},
       {"FORKLIFT_EMACS_SCRIPT", script.string()},
       {"FORKLIFT_EMACS_REPORT", report.string()},
       {"HOME", dir.string()}});
  forklift::lsp::test::EditorReport outcome = forklift::lsp::test::read_editor_report(report);
  fs::remove_all(dir);
  INFO(run.out << run.err);
  REQUIRE(run.status == 0);
  CHECK(outcome.diagnostics.find("forklift [FL101]") != std::string::npos);
  CHECK_FALSE(outcome.fix_title.empty());
  CHECK(outcome.buffer.find("expr") == std::string::npos);
  CHECK(outcome.buffer.find("i=$((i + 1))") != std::string::npos);
}
