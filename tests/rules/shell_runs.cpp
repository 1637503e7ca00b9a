#include "shell_runs.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <catch2/catch.hpp>

namespace forklift::testing {

std::vector<std::string> available_shells(const std::vector<std::string>& wanted) {
  const char* require = std::getenv("FORKLIFT_REQUIRE_TOOLS");
  bool required = require != nullptr && std::string(require) == "1";
  std::vector<std::string> found;
  for (const std::string& shell : wanted) {
    bool present = false;
    for (const char* dir : {"/bin/", "/usr/bin/"}) present = present || access((dir + shell).c_str(), X_OK) == 0;
    if (present) {
      found.push_back(shell);
    } else if (required) {
      FAIL("FORKLIFT_REQUIRE_TOOLS=1 and " << shell << " is not installed");
    }
  }
  return found;
}

std::string run_shell(const std::string& shell, const std::filesystem::path& dir, const std::string& script) {
  std::filesystem::path file = dir / "script.sh";
  std::ofstream(file, std::ios::binary) << script;
  std::string command = "cd '" + dir.string() + "' && " + shell + " script.sh 2>/dev/null </dev/null";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 8192> buffer{};
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  pclose(pipe);
  return out;
}

std::map<std::string, std::string> split_marked(const std::string& output) {
  std::map<std::string, std::string> blocks;
  std::string* current = nullptr;
  size_t start = 0;
  while (start < output.size()) {
    size_t stop = output.find('\n', start);
    if (stop == std::string::npos) stop = output.size();
    std::string_view line(output.data() + start, stop - start);
    if (line.starts_with("== ")) {
      current = &blocks[std::string(line.substr(3))];
    } else if (current != nullptr) {
      current->append(line);
      current->push_back('\n');
    }
    start = stop + 1;
  }
  return blocks;
}

void check_same_cases(const std::vector<std::string>& shells, const std::filesystem::path& dir,
                      const std::string& original, const std::string& fixed, const std::vector<std::string>& cases) {
  for (const std::string& shell : shells) {
    std::map<std::string, std::string> before = split_marked(run_shell(shell, dir, original));
    std::map<std::string, std::string> after = split_marked(run_shell(shell, dir, fixed));
    REQUIRE(before.size() == cases.size());  // the original ran to its end
    for (size_t i = 0; i < cases.size(); ++i) {
      std::string key = std::to_string(i);
      INFO(shell << ": " << cases[i]);
      CHECK(after[key] == before[key]);
    }
  }
}

int property_case_count(int fallback) {
  const char* cases = std::getenv("FORKLIFT_PROPERTY_CASES");
  if (cases == nullptr) return fallback;
  int count = std::atoi(cases);
  return count > 0 ? count : fallback;
}

std::string single_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

ScratchDir::ScratchDir(const std::string& name)
    : path_(std::filesystem::temp_directory_path() / ("forklift-" + name + "-" + std::to_string(getpid()))) {
  std::filesystem::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace forklift::testing
