// The steps of lint_source() after the rules have run, kept apart from the
// parsing and rule running so they can be tested on synthetic diagnostics.
#pragma once

#include <vector>

#include "analyzer/ast.h"
#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift {

// The regions that failed to parse: Error nodes and the offsets of parse
// errors, each widened to the whole lines it touches; sorted and merged.
std::vector<Span> error_regions(const SourceFile& file, const Ast* ast, const std::vector<ParseError>& errors);

// Fixes are never offered inside or next to a region that failed to parse
// (the AST there is a guess): a fix is dropped, its diagnostic kept, when an
// edit overlaps or touches one of `regions`.
void drop_fixes_near_errors(const std::vector<Span>& regions, std::vector<Diagnostic>& diagnostics);

// By start, then code, then end, then message: stable output for every reporter.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

}  // namespace forklift
