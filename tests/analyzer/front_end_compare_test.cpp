// On input tree-sitter parses without error, both front ends must build the
// same AST, spans included. Known exceptions are marked in the
// snippet table with their reason, and a stale mark fails too.
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "analyzer/dialect.h"
#include "tests/analyzer/front_end_corpus.h"

namespace forklift::test {
namespace {

const std::string kCorpus = std::string(FORKLIFT_SOURCE_DIR) + "/tests/corpus";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST_CASE("front ends agree on every snippet of the table", "[front_end][compare]") {
  std::vector<Snippet> snippets = load_snippets(kCorpus + "/snippets.txt");
  CHECK(snippets.size() >= 300);
  for (const Snippet& s : snippets) {
    Comparison c = compare_front_ends(s.name + ".sh", s.text, s.dialect);
    INFO("snippet " << s.name << " (snippets.txt:" << s.line << ", " << dialect_name(s.dialect) << "):\n" << s.text);
    CHECK(c.invariant_problem == "");
    INFO("exact parser: " << c.exact_error);
    CHECK(c.exact_ok);
    if (s.tree_sitter_error) {
      CHECK_FALSE(c.tree_sitter_ok);  // stale `ts-error` mark
      continue;
    }
    CHECK(c.tree_sitter_ok);
    if (s.differs.empty()) {
      CHECK(c.difference == "");
    } else {
      CHECK(c.difference != "");  // stale `differs=` mark
    }
  }
}

TEST_CASE("front ends agree on the whole scripts of the corpus", "[front_end][compare]") {
  std::vector<std::string> scripts = list_files(kCorpus + "/scripts");
  CHECK(scripts.size() >= 24);
  for (const std::string& path : scripts) {
    std::string text = read_file(path);
    Dialect dialect = detect_dialect(path, text).dialect;
    Comparison c = compare_front_ends(path, text, dialect);
    INFO(path << " (" << dialect_name(dialect) << ")");
    CHECK(c.invariant_problem == "");
    INFO("exact parser: " << c.exact_error);
    CHECK(c.exact_ok);
    if (c.tree_sitter_ok) CHECK(c.difference == "");
  }
}

}  // namespace
}  // namespace forklift::test
