// What `forklift lint` does when its output is a terminal: colours (unless
// NO_COLOR) and, past 200 files, a progress bar on stderr. util-linux
// `script` (Debian's essential bsdutils) provides the terminal.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "tests/support/scratch_dir.h"

using forklift::test::ScratchDir;

namespace {

// Runs `forklift ARGS` with stdin, stdout and stderr on a pseudo-terminal and
// returns what the terminal showed; `environment` is prefixed to the command.
std::string run_on_terminal(const std::string& environment, const std::string& args, const std::string& cwd) {
  std::string inner = "cd '" + cwd + "' && " + environment + " '" + FORKLIFT_BINARY + "' " + args;
  std::string command = "script -qec \"" + inner + "\" /dev/null < /dev/null";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

}  // namespace

TEST_CASE("lint terminal: colours on a terminal, none with NO_COLOR") {
  ScratchDir dir;
  dir.write("s.sh", "a=$(expr 1 + 2)\n");
  std::string colored = run_on_terminal("env -u NO_COLOR", "lint --isolated s.sh", dir.path());
  CHECK(colored.find("\x1b[33mwarning[FL101]") != std::string::npos);
  std::string plain = run_on_terminal("NO_COLOR=1", "lint --isolated s.sh", dir.path());
  CHECK(plain.find("warning[FL101]") != std::string::npos);
  CHECK(plain.find('\x1b') == std::string::npos);
}

TEST_CASE("lint terminal: a progress bar past 200 files, erased at the end") {
  ScratchDir dir;
  for (int i = 0; i < 201; ++i) dir.write("many/f" + std::to_string(i) + ".sh", "echo\n");
  dir.write("few/f.sh", "echo\n");
  std::string many = run_on_terminal("NO_COLOR=1", "lint --isolated many", dir.path());
  CHECK(many.find("] 201/201 files") != std::string::npos);
  CHECK(many.find("\r\x1b[2K") != std::string::npos);
  std::string few = run_on_terminal("NO_COLOR=1", "lint --isolated few", dir.path());
  CHECK(few.find(" files") == std::string::npos);
}
