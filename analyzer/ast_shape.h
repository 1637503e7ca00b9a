// The shape check: does a tree have the fields ast_schema.def declares?
#pragma once

#include <string>

#include "analyzer/ast.h"

namespace forklift {

// The first node (depth first) whose kids or operator do not match its kind's
// declaration, described with its kind, span and the field that failed; empty
// when the whole tree matches.
std::string check_shape(const Node* root);

}  // namespace forklift
