// Turning source bytes into the AST: the two front ends and the choice between them.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"

namespace forklift {

enum class FrontEnd { Auto, TreeSitter, Exact };

std::string_view front_end_name(FrontEnd front_end);
std::optional<FrontEnd> front_end_from_name(std::string_view name);

struct ParseResult {
  std::unique_ptr<Ast> ast;        // null only when the exact parser failed
  FrontEnd used = FrontEnd::Exact;  // never Auto
  std::vector<ParseError> errors;  // empty when the source parsed cleanly
  bool has_error_nodes = false;    // tree-sitter recovered: the AST has Error nodes
};

// Nesting deeper than this (subshells, substitutions, groups) is refused with
// an error instead of risking the stack.
inline constexpr int kMaxNestingDepth = 1000;

// `Auto` runs the exact parser and falls back to tree-sitter when it fails
// (the trees agree wherever both parse); if both fail, the tree-sitter tree
// (with Error nodes) is kept together with the exact parser's errors.
ParseResult parse_source(const SourceFile& file, Dialect dialect, FrontEnd front_end = FrontEnd::Auto);

// Auto's choice of errors once the exact parser failed (with `exact_errors`)
// and tree-sitter parsed the text as `tree_sitter`: none when tree-sitter
// parsed it cleanly, else the exact parser's, which read the way a shell
// reports them. The language server, which keeps its own incremental
// tree-sitter parse, applies the same choice through this.
std::vector<ParseError> fallback_errors(const ParseResult& tree_sitter, std::vector<ParseError> exact_errors);

}  // namespace forklift
