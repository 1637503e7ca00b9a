// One walk over a tree-sitter tree for what the lowering does not visit:
// comments (extras that may sit anywhere) and the error regions.
#pragma once

#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "analyzer/ast.h"
#include "analyzer/parse_error.h"

namespace forklift::ts {

// Appends one "syntax error" per ERROR region and per MISSING token, and the
// span of every comment. Iterative: the tree may be deeper than the stack allows.
void scan_tree(TSNode root, std::string_view source, std::vector<ParseError>& errors, std::vector<Span>& comments);

}  // namespace forklift::ts
