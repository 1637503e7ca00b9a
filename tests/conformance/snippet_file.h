// Conformance snippet files (tests/conformance/snippets/*.txt).
//
// Each snippet starts with a line `### name`; the lines up to the next `###`
// are the script, except two kinds of annotation:
//   #! known: REASON      a knowingly different behaviour (reported, not failed)
//   #= status N           what ksh93u+m gives: the exit status and the
//   #= stdout "TEXT"      standard output, escaped (\n \t \\ \" \xHH)
// The `#=` lines follow the `###` line; FORKLIFT_UPDATE_GOLDEN=1 rewrites them
// from the installed ksh93u+m, so the snippets run without ksh.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace forklift::test {

struct Expectation {
  int status = 0;
  std::string out;
};

struct Snippet {
  std::string file;   // the snippet file's path
  std::string name;
  std::string script;
  std::string known;  // reason, when knowingly different
  std::optional<Expectation> recorded;
};

// Every snippet of the .txt files in `dir`, in file-name order.
std::vector<Snippet> load_snippets(const std::string& dir);

// Rewrites `file` with the `#=` lines of each of its snippets taken from
// `expectations` (one per snippet of `file`, in order).
void record_expectations(const std::string& file, const std::vector<Expectation>& expectations);

std::string escape_output(const std::string& text);
std::optional<std::string> unescape_output(const std::string& quoted);

}  // namespace forklift::test
