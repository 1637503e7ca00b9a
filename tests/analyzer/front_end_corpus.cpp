#include "tests/analyzer/front_end_corpus.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "analyzer/ast_printer.h"
#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter_front_end.h"
#include "tests/analyzer/front_end_invariants.h"

namespace forklift::test {
namespace {

void apply_attribute(Snippet& snippet, const std::string& attribute) {
  if (attribute == "ts-error") {
    snippet.tree_sitter_error = true;
  } else if (attribute.rfind("shell=", 0) == 0) {
    std::optional<Dialect> dialect = dialect_from_name(attribute.substr(6));
    if (!dialect) throw std::runtime_error("snippets: unknown shell in " + snippet.name);
    snippet.dialect = *dialect;
  } else if (attribute.rfind("differs=", 0) == 0) {
    snippet.differs = attribute.substr(8);
  } else {
    throw std::runtime_error("snippets: unknown attribute '" + attribute + "' in " + snippet.name);
  }
}

}  // namespace

std::vector<Snippet> load_snippets(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Snippet> snippets;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("=== ", 0) == 0) {
      Snippet snippet;
      snippet.line = number;
      std::istringstream header(line.substr(4));
      header >> snippet.name;
      std::string attribute;
      // `differs=` takes the rest of the line as its reason.
      while (header >> attribute) {
        if (attribute.rfind("differs=", 0) == 0) {
          std::string rest;
          std::getline(header, rest);
          attribute += rest;
        }
        apply_attribute(snippet, attribute);
      }
      snippets.push_back(std::move(snippet));
    } else if (!snippets.empty()) {
      snippets.back().text += line + "\n";
    }
  }
  return snippets;
}

std::vector<std::string> list_files(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

Comparison compare_front_ends(const std::string& path, const std::string& text, Dialect dialect) {
  SourceFile file(path, text);
  ParseResult tree_sitter = parse_tree_sitter(file, dialect);
  ParseResult exact = parse_exact(file, dialect);
  Comparison c;
  c.tree_sitter_ok = tree_sitter.errors.empty() && !tree_sitter.has_error_nodes;
  c.exact_ok = exact.ast != nullptr && exact.errors.empty();
  if (!exact.errors.empty()) c.exact_error = format_parse_error(file, exact.errors.front());
  c.invariant_problem = check_ast_invariants(*tree_sitter.ast, file.text());
  if (c.invariant_problem.empty() && exact.ast) {
    std::string problem = check_ast_invariants(*exact.ast, file.text());
    if (!problem.empty()) c.invariant_problem = "exact parser: " + problem;
  }
  if (c.tree_sitter_ok && c.exact_ok) c.difference = first_difference(tree_sitter.ast->root, exact.ast->root);
  return c;
}

}  // namespace forklift::test
