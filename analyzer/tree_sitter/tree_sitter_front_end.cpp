#include "analyzer/tree_sitter_front_end.h"

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/tree_sitter/lowering.h"
#include "analyzer/tree_sitter/tree_scan.h"
#include "analyzer/tree_sitter/ts_api.h"

namespace forklift {
namespace {

ParseResult lower_tree(const TSTree* tree, const SourceFile& file, Dialect dialect) {
  ParseResult result;
  result.used = FrontEnd::TreeSitter;
  result.ast = std::make_unique<Ast>();
  TSNode root = ts_tree_root_node(tree);
  result.has_error_nodes = ts_node_has_error(root);
  ts::scan_tree(root, file.text(), result.errors, result.ast->comments);
  try {
    ts::Lowering lowering(file.text(), dialect, *result.ast, result.errors);
    result.ast->root = lowering.program(root);
    result.has_error_nodes = result.has_error_nodes || lowering.found_errors();
  } catch (const ts::NestingTooDeep& e) {
    // Keep nothing of the partial tree: a consumer gets one Error node over the file.
    result.ast = std::make_unique<Ast>();
    Node* program = result.ast->make(NodeKind::Program, 0, file.size());
    program->kids.push_back(result.ast->make(NodeKind::Error, 0, file.size()));
    result.ast->root = program;
    result.has_error_nodes = true;
    result.errors.push_back({e.offset, fmt::format("nesting deeper than {} levels", kMaxNestingDepth)});
  }
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [](const ParseError& a, const ParseError& b) { return a.offset < b.offset; });
  return result;
}

ts::TreePtr parse_text(TSParser* parser, const TSTree* old_tree, const std::string& text) {
  return ts::TreePtr(ts_parser_parse_string(parser, old_tree, text.data(), static_cast<uint32_t>(text.size())));
}

TSPoint point_at(std::string_view text, uint32_t offset) {
  TSPoint point{0, 0};
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++point.row;
      line_start = i + 1;
    }
  }
  point.column = static_cast<uint32_t>(offset - line_start);
  return point;
}

}  // namespace

ParseResult parse_tree_sitter(const SourceFile& file, Dialect dialect) {
  ts::ParserPtr parser = ts::make_bash_parser();
  ts::TreePtr tree = parse_text(parser.get(), nullptr, file.text());
  return lower_tree(tree.get(), file, dialect);
}

struct IncrementalParser::TreeState {
  ts::ParserPtr parser = ts::make_bash_parser();
  ts::TreePtr tree;
};

IncrementalParser::IncrementalParser(std::string path, std::string text, Dialect dialect)
    : dialect_(dialect),
      file_(std::make_unique<SourceFile>(std::move(path), std::move(text))),
      state_(std::make_unique<TreeState>()) {
  reparse();
}

IncrementalParser::~IncrementalParser() = default;

void IncrementalParser::edit(uint32_t begin, uint32_t end, std::string_view replacement) {
  const std::string& old_text = file_->text();
  begin = std::min<uint32_t>(begin, file_->size());
  end = std::clamp<uint32_t>(end, begin, file_->size());
  std::string text = old_text.substr(0, begin);
  text.append(replacement);
  text.append(old_text, end);
  uint32_t new_end = begin + static_cast<uint32_t>(replacement.size());
  if (state_->tree) {
    TSInputEdit change{begin, end, new_end, point_at(old_text, begin), point_at(old_text, end),
                       point_at(text, new_end)};
    ts_tree_edit(state_->tree.get(), &change);
  }
  // The old AST points into the old text: replace both together.
  result_ = ParseResult{};
  file_ = std::make_unique<SourceFile>(file_->path(), std::move(text));
  reparse();
}

void IncrementalParser::reset(std::string text) {
  result_ = ParseResult{};
  state_->tree.reset();
  file_ = std::make_unique<SourceFile>(file_->path(), std::move(text));
  reparse();
}

// tree-sitter's error recovery depends on the subtrees it reuses, so a tree
// with errors before or after the edit can differ from a fresh parse of the
// same text: such a text is parsed afresh, and the editor reports what
// `forklift lint` reports.
void IncrementalParser::reparse() {
  const TSTree* old_tree = state_->tree.get();
  bool reusable = old_tree != nullptr && !ts_node_has_error(ts_tree_root_node(old_tree));
  state_->tree = parse_text(state_->parser.get(), reusable ? old_tree : nullptr, file_->text());
  if (reusable && ts_node_has_error(ts_tree_root_node(state_->tree.get()))) {
    state_->tree = parse_text(state_->parser.get(), nullptr, file_->text());
  }
  result_ = lower_tree(state_->tree.get(), *file_, dialect_);
}

}  // namespace forklift
