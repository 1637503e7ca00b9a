// Properties every AST must have whichever front end built it (analyzer/ast.h):
// spans nested and ordered, text slices of the source, literal runs merged,
// every node of the shape its kind declares (check_shape).
#pragma once

#include <string>
#include <string_view>

#include "analyzer/ast.h"

namespace forklift::test {

// The first violated property, with the path to the node; empty when all hold.
std::string check_ast_invariants(const Ast& ast, std::string_view source);

// `Kind(kid kid ...)`: the shape of a tree without spans, for short assertions.
std::string shape(const Node* node);

// The first node of `kind` in depth-first order, or null.
const Node* find_node(const Node* root, NodeKind kind);

}  // namespace forklift::test
