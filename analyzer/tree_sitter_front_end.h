// The tree-sitter-bash front end: error-tolerant, and incremental for the editor.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "analyzer/front_end.h"

namespace forklift {

// Parses with tree-sitter-bash and lowers its tree into the AST. Regions
// tree-sitter could not parse become Error nodes (has_error_nodes) with one
// "syntax error" per region in `errors`.
ParseResult parse_tree_sitter(const SourceFile& file, Dialect dialect);

// Keeps tree-sitter's tree of one buffer between edits, so that a change is
// reparsed from the old tree (ts_parser_parse with the edited old tree) instead
// of from scratch; the AST is lowered anew after each edit.
class IncrementalParser {
 public:
  IncrementalParser(std::string path, std::string text, Dialect dialect);
  ~IncrementalParser();
  IncrementalParser(const IncrementalParser&) = delete;
  IncrementalParser& operator=(const IncrementalParser&) = delete;

  // Replaces bytes [begin, end) of the current text with `replacement` and
  // reparses. Offsets past the end are clamped.
  void edit(uint32_t begin, uint32_t end, std::string_view replacement);
  // Replaces the whole text (an editor's full-document sync).
  void reset(std::string text);

  const SourceFile& file() const { return *file_; }
  const ParseResult& result() const { return result_; }

 private:
  struct TreeState;
  void reparse();

  Dialect dialect_;
  std::unique_ptr<SourceFile> file_;  // the AST points into its text: keep its address stable
  std::unique_ptr<TreeState> state_;
  ParseResult result_;
};

}  // namespace forklift
