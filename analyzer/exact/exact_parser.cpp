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

Node* parse_arithmetic(Ast& ast, std::string_view source, uint32_t begin, uint32_t end,
                       std::vector<ParseError>& errors) {
  std::vector<Span> comments;
  std::vector<ParseError> warnings;
  exact::Parser parser(ast, source, Dialect::Ksh, comments, warnings);
  try {
    return parser.parse_standalone_arithmetic(begin, end);
  } catch (const exact::SyntaxError& error) {
    errors.push_back({error.offset, error.message});
    return nullptr;
  }
}

}  // namespace forklift
