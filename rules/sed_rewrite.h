// A sed program applied to a piped value, offered as a finding whose fix is
// its translation (rules/sed/translate.h): FL303 for `sed` itself, and the
// rules whose utility a sed program expresses exactly (`tr` sets in sh).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.h"
#include "rules/piped_value.h"
#include "rules/rule.h"
#include "rules/sed/sed_script.h"

namespace forklift {

// Variables a program's replacements read (`sed "s/^/$indent/"`): the i-th
// stands in the program as the character `\x01` + i, which the
// translation writes inside "…", and the finding as `${name}`. sed reads
// `&`, `\`, a newline and the delimiter in the value specially, the
// rewrite does not: such a fix is unsafe.
struct ReplacementVariables {
  std::vector<std::string> names;
};

// The finding for `value`, read by `program`, with the translation as its
// fix: an expression replaces the substitution, statements replace the
// assignment that is the substitution's statement. nullopt where no
// translation exists, where statements would be needed and the
// substitution is not a statement of its own, or inside the fallback arm of
// a guard (which keeps the command on purpose). `tool` names the utility in
// the message.
std::optional<Diagnostic> sed_rewrite_finding(const LintContext& context, const RuleInfo& info,
                                              const PipedValue& value, const sed::SedProgram& program,
                                              std::string_view tool, const ReplacementVariables& variables = {});

// The same for a pipeline that prints the edited value (`echo "$v" | sed …`
// as a statement, its output redirected or not): `printf '%s\n' "EXPR"`, or
// in a brace group the statements into a variable the script does not use,
// then its printf; the consumer's output redirections move to printf.
// nullopt also under `-n` (an unmatched line prints nothing), where sed
// reads other input than the pipe, and for a statement over several lines.
std::optional<Diagnostic> sed_printed_finding(const LintContext& context, const RuleInfo& info,
                                              const PipedValue& value, const Node* statement,
                                              const sed::SedProgram& program, std::string_view tool,
                                              const ReplacementVariables& variables = {});

}  // namespace forklift
