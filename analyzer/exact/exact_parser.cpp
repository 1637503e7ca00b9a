// Entry points of the exact parser.
#include "analyzer/exact_parser.h"

#include <algorithm>

#include "analyzer/exact/parser.h"

namespace forklift {

ParseResult parse_exact(const SourceFile& file, Dialect dialect) {
  ParseResult result;
  result.used = FrontEnd::Exact;
  auto ast = std::make_unique<Ast>();
  std::vector<ParseError> warnings;
  exact::Parser parser(*ast, file.text(), dialect, ast->comments, warnings);
  try {
    ast->root = parser.parse_program();
    // Backquoted bodies are parsed separately, so their comments may come late.
    std::sort(ast->comments.begin(), ast->comments.end(),
              [](const Span& a, const Span& b) { return a.begin < b.begin; });
    result.ast = std::move(ast);
  } catch (const exact::SyntaxError& error) {
    result.errors.push_back({error.offset, error.message});
  }
  result.errors.insert(result.errors.end(), warnings.begin(), warnings.end());
  std::sort(result.errors.begin(), result.errors.end(),
            [](const ParseError& a, const ParseError& b) { return a.offset < b.offset; });
  return result;
}

namespace {

// Runs one of the parser's fragment entry points; false on a syntax error,
// appended to `errors`. Comments found inside the fragment are dropped,
// since the caller's front end has its own.
template <typename Parse>
bool parse_fragment(Ast& ast, std::string_view source, Dialect dialect, std::vector<ParseError>& errors,
                    Parse parse) {
  std::vector<Span> comments;
  std::vector<ParseError> warnings;
  exact::Parser parser(ast, source, dialect, comments, warnings);
  try {
    parse(parser);
    return true;
  } catch (const exact::SyntaxError& error) {
    errors.push_back({error.offset, error.message});
    return false;
  }
}

}  // namespace

Node* parse_arithmetic(Ast& ast, std::string_view source, Dialect dialect, uint32_t begin, uint32_t end,
                       std::vector<ParseError>& errors) {
  Node* expr = nullptr;
  parse_fragment(ast, source, dialect, errors,
                 [&](exact::Parser& parser) { expr = parser.parse_standalone_arithmetic(begin, end); });
  return expr;
}

bool parse_here_document_body(Ast& ast, std::string_view source, Dialect dialect, uint32_t begin, uint32_t end,
                              std::vector<Node*>& parts, std::vector<ParseError>& errors) {
  return parse_fragment(ast, source, dialect, errors, [&](exact::Parser& parser) {
    parser.parse_standalone_here_document_body(begin, end, parts);
  });
}

Node* parse_expansion(Ast& ast, std::string_view source, Dialect dialect, ExpansionSpan span,
                      std::vector<ParseError>& errors) {
  Node* node = nullptr;
  parse_fragment(ast, source, dialect, errors, [&](exact::Parser& parser) {
    node = parser.parse_standalone_expansion(span.begin, span.end, span.in_double_quotes);
  });
  return node;
}

}  // namespace forklift
