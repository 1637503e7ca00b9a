// What the headless editor clients (neovim_client.lua, emacs_client.el)
// write after a session: the diagnostics they showed on the first line, the
// title of the quick fix they applied on the second, then the edited buffer.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace forklift::lsp::test {

// A bash script whose `expr` in a loop the client sees as FL101 and fixes.
inline constexpr const char* kEditorTestScript =
    "#!/bin/bash\ni=0\nwhile [ $i -lt 3 ]; do\n  i=`expr $i + 1`\ndone\necho $i\n";

struct EditorReport {
  std::string diagnostics;
  std::string fix_title;
  std::string buffer;
};

// Empty fields when the client wrote nothing (it failed before the end).
inline EditorReport read_editor_report(const std::filesystem::path& path) {
  std::ifstream in(path);
  EditorReport report;
  std::getline(in, report.diagnostics);
  std::getline(in, report.fix_title);
  report.buffer.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return report;
}

}  // namespace forklift::lsp::test
