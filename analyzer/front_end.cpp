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

ParseResult parse_source(const SourceFile& file, Dialect dialect, FrontEnd front_end) {
  if (front_end == FrontEnd::Exact) return parse_exact(file, dialect);
  ParseResult tree_sitter = parse_tree_sitter(file, dialect);
  if (front_end == FrontEnd::TreeSitter || (tree_sitter.errors.empty() && !tree_sitter.has_error_nodes)) {
    return tree_sitter;
  }
  ParseResult exact = parse_exact(file, dialect);
  if (exact.ast) return exact;
  // Both failed: the recovered tree is more useful than none, the exact
  // parser's errors read the way a shell would report them.
  tree_sitter.errors = std::move(exact.errors);
  tree_sitter.has_error_nodes = true;
  return tree_sitter;
}

}  // namespace forklift
