// The edit behind "disable FLxxx for this line": a `# forklift: disable=FLxxx`
// comment placed where the linter's suppression rules (rules/suppression.h)
// make it cover the diagnostic and nothing more than needed.
#pragma once

#include <optional>

#include "lsp/document_analysis.h"
#include "rules/diagnostic.h"

namespace forklift::lsp {

// In order of preference:
//  * the line already ends in a `# forklift: disable=` comment: add the code to it;
//  * a comment after the code on the diagnostic's first line;
//  * where that would land inside a string, here-document, arithmetic or after
//    a line continuation, or after another comment: a comment line above the
//    statement, when the statement starts its line.
// nullopt when no placement covers the diagnostic cleanly.
std::optional<Edit> suppression_edit(const DocumentAnalysis& analysis, const forklift::Diagnostic& diagnostic);

}  // namespace forklift::lsp
