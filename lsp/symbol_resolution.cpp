#include "lsp/symbol_resolution.h"

#include <algorithm>

#include "lsp/node_lookup.h"

namespace forklift::lsp {
namespace {

bool names_itself(const Node* node) {
  switch (node->kind) {
    case NodeKind::Assignment:
    case NodeKind::For:
    case NodeKind::Select:
    case NodeKind::ParamExp:
    case NodeKind::ArithVariable:
    case NodeKind::FunctionDef:
      return true;
    default:
      return false;
  }
}

// Functions are called by a plain word: `name args`, never `"na"me`.
const Function* called_function(const SemanticModel& model, const Node* command, std::string_view source) {
  const Node* word = command_name_word(command);
  if (word == nullptr || model.command_kind(command) != CommandKind::Function) return nullptr;
  return model.function(node_text(source, word));
}

void sort_unique(std::vector<Span>& spans) {
  std::sort(spans.begin(), spans.end(), [](Span a, Span b) { return a.begin < b.begin || (a.begin == b.begin && a.end < b.end); });
  spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
}

}  // namespace

Span name_span_in(std::string_view source, const Node* node, std::string_view name) {
  if (names_itself(node) && node->text == name) return slice_span(source, node->text);
  std::optional<Span> found;
  visit(node, [&](const Node* n) {
    if (found) return false;
    if (names_itself(n) && n->text == name) {
      found = slice_span(source, n->text);
    } else if (n->is(NodeKind::Word) && node_text(source, n) == name) {
      found = n->span();
    }
    return !found;
  });
  return found.value_or(node->span());
}

std::optional<SymbolAtCursor> symbol_at(const DocumentAnalysis& analysis, uint32_t offset) {
  if (analysis.ast == nullptr || !analysis.model) return std::nullopt;
  const SemanticModel& model = *analysis.model;
  std::string_view source = analysis.file->text();
  std::vector<const Node*> path = nodes_at(*analysis.ast, offset);
  // Innermost first: the most specific construct under the cursor wins.
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const Node* node = *it;
    if (node->is(NodeKind::FunctionDef)) {
      Span name = slice_span(source, node->text);
      if (offset < name.begin || offset > name.end) continue;
      if (const Function* function = model.function(node->text)) return SymbolAtCursor{function, nullptr, name};
    }
    if (node->is(NodeKind::SimpleCommand)) {
      const Node* word = command_name_word(node);
      if (word == nullptr || offset < word->begin || offset > word->end) continue;
      if (const Function* function = called_function(model, node, source)) {
        return SymbolAtCursor{function, nullptr, word->span()};
      }
      continue;
    }
    if (names_itself(node) && !node->is(NodeKind::FunctionDef)) {
      Span name = slice_span(source, node->text);
      if (offset < name.begin || offset > name.end || node->text.empty()) continue;
      if (const Variable* variable = model.variable(node->text, node)) return SymbolAtCursor{nullptr, variable, name};
    }
  }
  return std::nullopt;
}

std::vector<Span> definition_spans(const DocumentAnalysis& analysis, const SymbolAtCursor& symbol) {
  std::string_view source = analysis.file->text();
  std::vector<Span> spans;
  if (symbol.function != nullptr) {
    spans.push_back(slice_span(source, symbol.function->node->text));
    return spans;
  }
  for (const Definition& definition : symbol.variable->definitions) {
    if (definition.node != nullptr) spans.push_back(name_span_in(source, definition.node, symbol.variable->name));
  }
  sort_unique(spans);
  return spans;
}

std::vector<Span> use_spans(const DocumentAnalysis& analysis, const SymbolAtCursor& symbol) {
  std::string_view source = analysis.file->text();
  std::vector<Span> spans;
  if (symbol.variable != nullptr) {
    for (const Node* use : symbol.variable->uses) spans.push_back(name_span_in(source, use, symbol.variable->name));
  } else {
    visit(analysis.ast->root, [&](const Node* node) {
      if (node->is(NodeKind::SimpleCommand) && called_function(*analysis.model, node, source) == symbol.function) {
        spans.push_back(command_name_word(node)->span());
      }
      return true;
    });
  }
  sort_unique(spans);
  return spans;
}

}  // namespace forklift::lsp
