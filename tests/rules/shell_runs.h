// Running generated scripts under the real shells for the property tests:
// which shells are installed, one run's stdout, and the blocks a marker line
// separates.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace forklift::testing {

// The shells among `wanted` that are installed; a missing one fails the
// test when FORKLIFT_REQUIRE_TOOLS=1 is set.
std::vector<std::string> available_shells(const std::vector<std::string>& wanted);

// Runs `script` with `shell` in `dir`; stdout only (stderr is discarded).
std::string run_shell(const std::string& shell, const std::filesystem::path& dir, const std::string& script);

// Output split at lines "== NAME": NAME -> the lines after it.
std::map<std::string, std::string> split_marked(const std::string& output);

// Runs `original` and `fixed` with each of `shells` in `dir`; both print
// "== I" before case I, and case I (described by cases[I]) must print the
// same after the fix as before.
void check_same_cases(const std::vector<std::string>& shells, const std::filesystem::path& dir,
                      const std::string& original, const std::string& fixed, const std::vector<std::string>& cases);

// `text` as one single-quoted shell word ('\'' for each quote).
std::string single_quoted(const std::string& text);

// How many generated cases a property test runs: `fallback` unless
// FORKLIFT_PROPERTY_CASES says otherwise.
int property_case_count(int fallback);

// A fresh directory for one test's scripts, removed when the object goes.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace forklift::testing
