// Text forms of an AST: an S-expression for people and golden files, JSON for tools.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "analyzer/ast.h"

namespace forklift {

// `(Kind@begin-end "text" op=... flags=... kids...)`, one node per line, indented.
std::string to_sexp(const Node* node);
nlohmann::json to_json(const Node* node);

// First place two trees differ (kind, span, text, op, flags or kid count), as a
// short description with the path from the root; empty when identical.
std::string first_difference(const Node* a, const Node* b);

}  // namespace forklift
