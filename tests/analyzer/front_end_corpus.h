// The comparison corpus: snippets (tests/corpus/snippets.txt) and whole scripts
// (tests/corpus/scripts/), and the check that both front ends agree on them.
#pragma once

#include <string>
#include <vector>

#include "analyzer/dialect.h"

namespace forklift::test {

struct Snippet {
  std::string name;
  int line = 0;  // of the header in snippets.txt
  Dialect dialect = Dialect::Bash;
  bool tree_sitter_error = false;  // `ts-error`: tree-sitter is known to fail here
  std::string differs;             // `differs=REASON`: a known AST difference
  std::string text;
};

std::vector<Snippet> load_snippets(const std::string& path);

// Files below `dir` (recursively), sorted.
std::vector<std::string> list_files(const std::string& dir);

struct Comparison {
  bool tree_sitter_ok = false;  // no errors, no Error nodes
  bool exact_ok = false;        // an AST and no errors
  std::string difference;       // first_difference when both are ok
  std::string invariant_problem;
  std::string exact_error;      // first exact-parser error, formatted
};

Comparison compare_front_ends(const std::string& path, const std::string& text, Dialect dialect);

}  // namespace forklift::test
