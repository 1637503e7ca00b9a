#include "analyzer/front_end.h"

#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter_front_end.h"

namespace forklift {

std::string_view front_end_name(FrontEnd front_end) {
  switch (front_end) {
    case FrontEnd::Auto: return "auto";
    case FrontEnd::TreeSitter: return "tree-sitter";
    case FrontEnd::Exact: return "exact";
  }
  return "?";
}

std::optional<FrontEnd> front_end_from_name(std::string_view name) {
  if (name == "auto") return FrontEnd::Auto;
  if (name == "tree-sitter") return FrontEnd::TreeSitter;
  if (name == "exact") return FrontEnd::Exact;
  return std::nullopt;
}

// Auto tries the exact parser first: it is many times faster, and on input
// both accept the two trees are identical (tests/analyzer compares them over
// a corpus), so tree-sitter only runs where the exact parser gives up.
ParseResult parse_source(const SourceFile& file, Dialect dialect, FrontEnd front_end) {
  if (front_end == FrontEnd::TreeSitter) return parse_tree_sitter(file, dialect);
  ParseResult exact = parse_exact(file, dialect);
  if (front_end == FrontEnd::Exact || exact.ast) return exact;
  // When both fail, the recovered tree is more useful than none.
  ParseResult tree_sitter = parse_tree_sitter(file, dialect);
  bool clean = tree_sitter.errors.empty() && !tree_sitter.has_error_nodes;
  tree_sitter.errors = fallback_errors(tree_sitter, std::move(exact.errors));
  tree_sitter.has_error_nodes = !clean;
  return tree_sitter;
}

std::vector<ParseError> fallback_errors(const ParseResult& tree_sitter, std::vector<ParseError> exact_errors) {
  bool clean = tree_sitter.errors.empty() && !tree_sitter.has_error_nodes;
  return clean ? tree_sitter.errors : std::move(exact_errors);
}

}  // namespace forklift
