// Lowers tree-sitter-bash's concrete tree into the AST of analyzer/ast.h.
//
// tree-sitter gives the statement structure and where every expansion,
// substitution and quote begins and ends. Its shapes are canonicalized here
// (redirected_statement, nested list, concatenation, declaration_command, ...)
// and, where its tree is known to be lossy or wrong — the inside of `${...}`,
// arithmetic, here-document bodies (which it does not read inside functions) —
// the span is handed to the exact parser's sub-parsers (analyzer/exact_parser.h),
// so that the result is what the exact parser builds from the same text. Words
// tree-sitter splits into odd tokens are re-read between the expansions it found.
//
// `cst` names the children of a tree-sitter node (Child); `kids` is only ever
// the AST's, built here and read back through the typed views (ast_views.h).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/parse_error.h"
#include "analyzer/tree_sitter/ts_api.h"

namespace forklift::ts {

// Thrown when the tree nests deeper than kMaxNestingDepth.
struct NestingTooDeep : std::runtime_error {
  explicit NestingTooDeep(uint32_t at) : std::runtime_error("nesting too deep"), offset(at) {}
  uint32_t offset;
};

// A stretch of a word: either literal bytes (node == nullptr) or a lowered part.
struct Piece {
  uint32_t begin;
  uint32_t end;
  Node* node;
};
using Pieces = std::vector<Piece>;

// Appends literal bytes, merging with a literal piece just before them.
void add_literal_piece(Pieces& out, uint32_t begin, uint32_t end);

// The pieces that fall in [from, to), literal ones cut to fit.
Pieces cut_pieces(const Pieces& pieces, uint32_t from, uint32_t to);

class Lowering {
 public:
  Lowering(std::string_view source, Dialect dialect, Ast& ast, std::vector<ParseError>& errors)
      : src_(source), dialect_(dialect), ast_(ast), errors_(errors) {}

  Node* program(TSNode root);
  // Whether the lowering itself found errors tree-sitter let through.
  bool found_errors() const { return found_errors_; }

 private:
  friend class DepthGuard;
  friend class TestParser;

  // ---- statements (lower_statements.cpp) ----
  Node* statement(const Child& c);
  Node* list(const std::vector<Child>& cst, size_t from, size_t to, uint32_t empty_at);
  void split_at_newlines(Node* stmt, std::vector<Node*>& out);
  void split_posix_background_redirect(Node* stmt, std::vector<Node*>& out);
  bool newline_between(const Node* a, const Node* b) const;  // only blanks and a newline
  Node* list_of(TSNode container, std::string_view open, std::string_view close);
  Node* pipeline(const Child& c);
  Node* and_or(const Child& c);
  Node* negated(const Child& c);
  Node* redirected(const Child& c);
  Node* attach_redirects(Node* body, std::vector<Node*> redirects);
  Node* function_def(const Child& c);
  Node* subshell(const Child& c);
  Node* brace_or_arith(const Child& c);
  Node* if_statement(const Child& c);
  Node* while_statement(const Child& c);
  Node* for_statement(const Child& c);
  Node* arith_for(const Child& c);
  Node* case_statement(const Child& c);
  Node* case_item(const Child& c);
  Node* error_node(const Child& c);

  // ---- commands and redirects (lower_commands.cpp) ----
  Node* simple_command(const Child& c);
  Node* assignments_command(const Child& c);
  Node* declaration_command(const Child& c);
  Node* test_or_bracket(const Child& c);
  Node* canonical_command(Node* cmd);
  Node* split_time(Node* cmd);
  Node* redirect(const Child& c, std::vector<Node*>* spilled_words = nullptr);
  std::string_view redirect_operator(const std::vector<Child>& cst, uint32_t op_at, uint32_t end) const;
  Node* heredoc_redirect(const Child& c, std::vector<Node*>& extra_redirects, std::vector<Child>& chain);
  Node* build_chain(Node* first, const std::vector<Child>& chain);
  void fd_words_to_io_numbers(Node* cmd);

  // ---- words (lower_words.cpp) ----
  void collect_pieces(TSNode node, uint32_t begin, uint32_t end, Pieces& out);
  Pieces pieces_of(const Child& c);
  Pieces pieces_of_group(const std::vector<Child>& group);  // adjacent nodes of one word
  void relex_leaf(uint32_t begin, uint32_t end, Pieces& out);
  Node* part(const Child& c);
  Node* word(const Pieces& pieces, uint32_t empty_at);
  Node* word_of(const Child& c) { return word(pieces_of(c), c.begin); }
  std::vector<Node*> split_words(const Pieces& pieces);
  Node* assignment_from_pieces(const Pieces& pieces);
  Node* assignment(const Child& c);
  Node* array_literal(const Child& c);
  Node* subscript(const Pieces& pieces, uint32_t open, uint32_t close);
  Node* quoted(NodeKind kind, const Child& c, uint32_t begin, uint32_t inner_begin, uint32_t inner_end);
  Node* substitution(NodeKind kind, const Child& c, uint32_t prefix);
  Node* literal(uint32_t begin, uint32_t end);
  Node* special_parameter(uint32_t begin, uint32_t end);
  void append_parts(Node* parent, const Pieces& pieces);
  uint32_t part_begin(const Child& c) const;
  uint32_t matching_bracket(const Pieces& pieces, uint32_t open) const;

  // ---- ${...} (lower_param.cpp) ----
  Node* param_expansion(const Child& c);
  Node* simple_param(const Child& c);
  // The `${...}` in [begin, end), read by the exact parser.
  Node* braced_param(uint32_t begin, uint32_t end);

  // ---- arithmetic (lower_arith.cpp) ----
  Node* arith(uint32_t begin, uint32_t end);

  // ---- [[ ]] (lower_test.cpp) ----
  Node* test_expression(const Child& c);

  Node* make(NodeKind kind, uint32_t begin, uint32_t end) { return ast_.make(kind, begin, end); }
  std::string_view slice(uint32_t begin, uint32_t end) const { return src_.substr(begin, end - begin); }
  uint32_t skip_blanks(uint32_t pos, uint32_t end) const;
  void fail(uint32_t offset, std::string message) {
    errors_.push_back({offset, std::move(message)});
    found_errors_ = true;
  }

  std::string_view src_;
  Dialect dialect_;
  Ast& ast_;
  std::vector<ParseError>& errors_;
  bool found_errors_ = false;
  int double_quotes_ = 0;  // inside "..." (single quotes are plain characters there)
  int depth_ = 0;            // language nesting: statements, ${...}, arithmetic, [[ ]]
  int container_depth_ = 0;  // tree-sitter nodes walked while collecting word pieces
};

// Counts one level of recursion in the lowering; refuses kMaxNestingDepth.
class DepthGuard {
 public:
  DepthGuard(Lowering& lowering, uint32_t offset);
  ~DepthGuard() { --lowering_.depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Lowering& lowering_;
};


}  // namespace forklift::ts
