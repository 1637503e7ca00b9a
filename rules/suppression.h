// Suppression comments: `# forklift: disable=FL101,FL102` and ShellCheck's
// `# shellcheck disable=SC2003`, and the source they cover.
//
// Where the comment stands decides what it covers:
//  * after code on the same line: diagnostics that start on that line;
//  * on its own line before the first command: the whole file;
//  * on its own line elsewhere: the next command, all of it (a compound
//    command's whole span, as the AST gives it).
// Forklift codes may be prefixes (`FL1`) or `ALL`; ShellCheck codes are exact
// (`SC2003`, or `2003`) or `all`, and silence the rules whose
// RuleInfo::shellcheck_code matches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift {

struct Suppression {
  bool shellcheck = false;         // a `# shellcheck` directive
  std::vector<std::string> codes;  // as written (ShellCheck numbers normalised to SC....)
  uint32_t begin = 0;              // diagnostics starting in [begin, end) are covered
  uint32_t end = 0;
};

// The suppression comments of one parsed file.
std::vector<Suppression> collect_suppressions(const SourceFile& file, const Ast& ast);

// Whether `diagnostic` is silenced; `shellcheck_code` is its rule's ShellCheck
// equivalent, if any.
bool is_suppressed(const std::vector<Suppression>& suppressions, const Diagnostic& diagnostic,
                   std::optional<std::string_view> shellcheck_code);

}  // namespace forklift
