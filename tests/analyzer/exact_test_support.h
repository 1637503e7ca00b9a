// Shared checks for the exact parser's tests.
#pragma once

#include <string>

#include "analyzer/ast.h"

namespace forklift::test {

// Violations of the span rules of analyzer/ast.h: every child inside its
// parent, children ordered and not overlapping, except HereDocBody (which
// lies after its Redirect) and the nodes below it. Empty when all hold.
std::string span_violations(const Node& root, uint32_t file_size);

// Nodes whose `text` is not a slice of `source` (the AST never holds cooked
// text, even inside backquotes parsed from unescaped copies). Empty when all are.
std::string text_violations(const Node& root, std::string_view source);

}  // namespace forklift::test
