// Finding the syntax under an editor's cursor.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"

namespace forklift::lsp {

// The nodes whose span holds `offset` (a cursor right after a node's last
// byte counts as on it), outermost first. Here-document bodies are found
// although they lie outside their command's span.
std::vector<const Node*> nodes_at(const Ast& ast, uint32_t offset);

// The byte span of `slice`, a view into `source` (as Node::text is).
Span slice_span(std::string_view source, std::string_view slice);

// The command-name Word of a SimpleCommand (its first Word kid), or nullptr.
const Node* command_name_word(const Node* simple_command);

// The source text of a node.
std::string_view node_text(std::string_view source, const Node* node);

}  // namespace forklift::lsp
