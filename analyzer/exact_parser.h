// The exact, hand-written parser for ksh93, bash and POSIX sh.
//
// It lowers straight into the AST of analyzer/ast.h (the node shapes and
// spans documented there are its specification) and reports the first syntax
// error the way a shell would. It never recovers: on a syntax error the
// result has no AST. A here-document that runs to the end of the file is only
// reported (shells accept it with a warning) and the AST is kept.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"

namespace forklift {

// Nodes of the result point into file.text(): the file must outlive the AST.
ParseResult parse_exact(const SourceFile& file, Dialect dialect);

// ksh parses a script one complete command line at a time, expanding
// aliases as it reads them. Expands the aliases `lookup` knows (it returns
// an alias's value, or null) in the command words of the first complete
// command line of `text`, in place. `end` is where that line ends in the
// expanded text, `growth` how much longer the expansions made it.
using AliasLookup = std::function<const std::string*(std::string_view)>;
struct AliasedLine {
  uint32_t end = 0;
  int64_t growth = 0;
  std::vector<ParseError> errors;
};
AliasedLine expand_aliases_in_first_line(std::string& text, Dialect dialect, const AliasLookup& lookup);

// Parses the arithmetic expression in source[begin, end) into nodes of `ast`
// (for variables that hold expressions, `${x:offset:length}` operands, and
// the tree-sitter front end, which hands every arithmetic span here). An
// empty or all-blank range gives an Empty node. On a syntax error appends to
// `errors` and returns null.
Node* parse_arithmetic(Ast& ast, std::string_view source, Dialect dialect, uint32_t begin, uint32_t end,
                       std::vector<ParseError>& errors);

// Parses the one expansion that starts with the `$` at source[begin] and ends
// at `end` (`${...}`, `$(...)`, `$((...))`, `$name`): the tree-sitter front end
// hands the spans whose inside its grammar reads wrongly here. Inside double
// quotes, quotes in `${x:-'a'}`'s operand are literal. On a syntax error, or
// when the expansion ends elsewhere, appends to `errors` and returns null.
// Parses the parts of an unquoted here-document body in source[begin, end)
// into `parts` (literals and expansions). Returns false on a syntax error,
// appended to `errors`.
bool parse_here_document_body(Ast& ast, std::string_view source, Dialect dialect, uint32_t begin, uint32_t end,
                              std::vector<Node*>& parts, std::vector<ParseError>& errors);

struct ExpansionSpan {
  uint32_t begin;
  uint32_t end;
  bool in_double_quotes;
};
Node* parse_expansion(Ast& ast, std::string_view source, Dialect dialect, ExpansionSpan span,
                      std::vector<ParseError>& errors);

}  // namespace forklift
