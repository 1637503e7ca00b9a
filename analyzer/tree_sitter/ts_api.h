// Thin C++ helpers over the tree-sitter C API: ownership of parsers and trees,
// and a child list that carries what the lowering needs to look at.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

namespace forklift::ts {

struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};
struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

const TSLanguage* bash_language();
ParserPtr make_bash_parser();

// The fields of tree-sitter-bash the lowering asks for.
struct Fields {
  TSFieldId name, value, body, redirect, descriptor, argument, operator_, right, variable;
};
const Fields& fields();

struct Child {
  TSNode node;
  std::string_view type;  // ts_node_type: a node kind or, for anonymous tokens, the token itself
  TSFieldId field;
  bool named;
  uint32_t begin;
  uint32_t end;
};

// Children in order, through a cursor (ts_node_child is linear per call).
std::vector<Child> children(TSNode node);
Child as_child(TSNode node);

}  // namespace forklift::ts
