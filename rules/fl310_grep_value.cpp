// FL310 grep-value: `echo "$v" | grep -q lit` -> `[[ $v == *lit* ]]` / `case`,
// and `x=$(echo "$v" | grep lit)` on a one-line value -> `case`.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/discarded_output.h"
#include "rules/findings.h"
#include "rules/grep_pattern.h"
#include "rules/guarded_rewrite.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"
#include "rules/shell_quoting.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable's value piped into `grep` with a literal pattern, or a
regular expression a `case` pattern says exactly (one-character atoms and
`.*`, anchored or not: `'^x.*y$'`; a whole line of one set: `'^[0-9]*$'`,
`'^[0-9][0-9]*$'`, `-E '^[a-z]+$'`): tested
(`echo "$v" | grep -q lit`, or with the output sent to `/dev/null`) or
captured (`x=$(echo "$v" | grep lit)`), also through `printf '%s\n'` and
`<<<`, and `fgrep`, `egrep`, `-F`, `-E`, `-v`, `-x`, `^` and `$`.

## Why is this bad?
It forks up to two processes to look for a string the shell finds with a
pattern match.

## Example
```sh
if echo "$line" | grep -q 'error'; then
    n=$((n + 1))
fi
```

## Use instead
```sh
if [[ $line == *'error'* ]]; then     # bash, ksh
    n=$((n + 1))
fi
if case $line in *'error'*) true ;; *) false ;; esac; then   # POSIX sh
```

## Fix safety
A test for an unanchored literal is exact for any value, also a multi-line
one: some line has it when the value has it. Anchors (`^`, `$`, `-x`) and
`-v` work line by line, and a captured `grep` prints the matching lines: those
rewrites need value facts that prove the value has one line, and the
captured form becomes `case $v in *lit*) x=$v ;; *) x= ; false ;; esac`,
keeping grep's status (1 when nothing matched) for `if`, `&&` and `set -e`.
Through `echo`, the value must not start with `-` (echo takes `-n` as an
option and prints nothing) and, in sh and ksh, have no backslash (their echo
interprets them), and it must be quoted or free of blanks, glob characters
and backslashes (unquoted, it is split and globbed).
A regular expression is always matched line by line (its `.`, `[^…]` and
`.*` never match grep's newline, a pattern's `?`, `[!…]` and `*` do): the
value must be one line, and a whole line of one set becomes the values with
a character outside it (`case $v in *[!0-9]* | '') false ;; *) true ;; esac`,
`''` where the set must occur once). In dash and mksh `?` and a bracket
that may take one byte of a UTF-8 character make it unsafe.
Otherwise the fix is unsafe and names the missing fact. A pattern from a variable
(`grep -- "$sub"`) is matched as a literal string, which is unsafe: a value
with regular expression characters matches differently. Patterns with
regular expression characters, `-i`, `-w`, `-o`, several patterns and file
operands are not rewritten. When the script may run with `set -u`
(`set -u`, `-o nounset`, `-u` on the `#!` line) the value must also be known
to be set (assigned on every path before, never unset): unset, it fails only
`echo` in the pipeline (grep reads nothing, the test is false, the script
goes on) or the original's `$( )`, while `case $v` ends the script.
A captured `grep` alone on its statement, and a tested one that is a
statement, a condition or an operand of `&&`, `||` or `!` on one line,
whose only missing facts are of the value's characters get a safe guarded
fix: those values keep the original command
(`case $v in -* | *[[:cntrl:]]*) x=$(echo "$v" | grep -v b) ;; *) case $v in … esac ;; esac`,
`if case $v in -* | *\\*) echo "$v" | grep -q lit ;; *) case $v in *lit*) true ;; *) false ;; esac ;; esac; then`;
FL303 explains the patterns, an unquoted `$v`'s included), the status
included: the first arm's is grep's, the second's the inner test's. Under a
possible `set -u` the guard reads `${v-}`, and an empty or unset value keeps
the original. No guard where the script may assign `IFS` to an unquoted
`$v`, for a pattern from a variable, and for variables that read
differently twice (`RANDOM`, `SECONDS`, `BASHPID`, …).
)md";

constexpr RuleInfo kInfo{"FL310", "grep-value", "`grep` on a variable's value forks processes: match a pattern",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

struct GrepOptions {
  std::string literal;
  // A regular expression other than literal text, as `case` patterns.
  std::optional<LineTest> regex;
  std::string pattern_variable;  // `grep -- "$sub"`: matched as a literal, unsafely
  bool quiet = false;
  bool invert = false;
  bool anchored_start = false;
  bool anchored_end = false;
};

// Applies one option word (`-q`, `-qsF`, `-e`); false for one not handled.
bool apply_flags(std::string_view flags, GrepOptions& options, bool& fixed, bool& extended, bool& pattern_next) {
  for (char c : flags) {
    switch (c) {
      case 'q': options.quiet = true; break;
      case 's': break;
      case 'F': fixed = true; break;
      case 'E': extended = true; break;
      case 'G': break;
      case 'v': options.invert = true; break;
      case 'x': options.anchored_start = options.anchored_end = true; break;
      case 'e': pattern_next = true; break;
      default: return false;
    }
  }
  return true;
}

// The pattern as a literal with its anchors; nullopt when it has regular
// expression characters.
bool take_literal(std::string pattern, bool fixed, bool extended, GrepOptions& options) {
  if (!fixed) {
    if (pattern.starts_with('^')) {
      options.anchored_start = true;
      pattern.erase(0, 1);
    }
    if (pattern.ends_with('$')) {
      options.anchored_end = true;
      pattern.pop_back();
    }
    std::string_view special = extended ? ".[]*\\^$+?(){}|" : ".[]*\\^$";
    if (pattern.find_first_of(special) != std::string::npos) return false;
  }
  for (char c : pattern) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
  }
  options.literal = std::move(pattern);
  return !options.literal.empty();
}

std::optional<GrepOptions> parse_grep(const SemanticModel& model, const Node* grep) {
  std::optional<std::string> name = model.resolved_command_name(grep);
  GrepOptions options;
  bool fixed = name == "fgrep", extended = name == "egrep", pattern_next = false;
  std::optional<std::string> pattern;
  std::vector<const Node*> words = command_words(grep);
  bool options_end = false;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(model.source(), words[i]);
    const Node* param = quoted_plain_parameter(words[i]);
    if (!word && param != nullptr && (pattern_next || options_end) && !pattern && is_identifier(param->text)) {
      options.pattern_variable = param->text;
      pattern = "";
      pattern_next = false;
      continue;
    }
    if (!word) return std::nullopt;
    if (*word == "--" && !options_end && !pattern_next) {
      options_end = true;
    } else if (pattern_next || options_end || (!pattern && !word->starts_with('-'))) {
      if (pattern) return std::nullopt;
      pattern = *word;
      pattern_next = false;
    } else if (*word == "--quiet" || *word == "--silent") {
      options.quiet = true;
    } else if (word->size() < 2 || !word->starts_with('-') || !apply_flags(word->substr(1), options, fixed, extended, pattern_next)) {
      return std::nullopt;
    }
  }
  if (!pattern) return std::nullopt;
  if (!options.pattern_variable.empty()) return options;
  GrepOptions as_literal = options;
  if (take_literal(*pattern, fixed, extended, as_literal)) return as_literal;
  if (fixed) return std::nullopt;
  std::string refusal;
  bool bytes = model.dialect() == Dialect::Sh || model.dialect() == Dialect::Mksh;
  options.regex = grep_line_test(*pattern, extended, options.anchored_start, bytes, refusal);
  if (!options.regex) return std::nullopt;
  return options;
}

std::string glob_for(const GrepOptions& options) {
  std::string literal = options.pattern_variable.empty() ? shell_quoted_pattern(options.literal)
                                                         : fmt::format("\"${}\"", options.pattern_variable);
  return fmt::format("{}{}{}", options.anchored_start ? "" : "*", literal, options.anchored_end ? "" : "*");
}

// `case $v in PATTERNS) MATCHED ;; *) UNMATCHED ;; esac` with the arms grep's
// match (or, with `-v`, its absence) selects.
std::string case_test(const GrepOptions& options, std::string_view name, std::string_view matched,
                      std::string_view unmatched) {
  if (!options.regex) {
    return fmt::format("case ${} in {}) {} ;; *) {} ;; esac", name, glob_for(options), options.invert ? unmatched : matched,
                       options.invert ? matched : unmatched);
  }
  bool listed_selected = options.regex->listed_match != options.invert;
  return fmt::format("case ${} in {}) {} ;; *) {} ;; esac", name, fmt::join(options.regex->patterns, " | "),
                     listed_selected ? matched : unmatched, listed_selected ? unmatched : matched);
}

void require_value_facts(const SemanticModel& model, const PipedValue& value, const GrepOptions& grep,
                         bool line_by_line, FixSafety& safety) {
  // A test keeps no output, so trailing newlines `$( )` would strip do not matter.
  if (line_by_line) {
    downgrade_for_piped_value(model, value, safety);
  } else {
    downgrade_for_printer(model, value, safety);
  }
  if (!grep.pattern_variable.empty()) {
    safety.downgrade(Applicability::Unsafe, fmt::format("the pattern `${}` is a regular expression, matched here as a literal string", grep.pattern_variable));
  }
  if (grep.regex) {
    for (const std::string& caveat : grep.regex->caveats) safety.downgrade(Applicability::Unsafe, caveat);
  }
  // A regular expression's `.`, `[^…]` and `.*` never match a newline in grep, `?`, `[!…]` and `*` do.
  if (line_by_line || grep.anchored_start || grep.anchored_end || grep.invert || grep.regex) {
    require_facts(model.value_facts(value.parameter), piped_name(value), {ValueFact::NoNewline},
                  Applicability::Unsafe, safety);
  }
  // An empty value printed without a newline is no line at all: grep finds
  // nothing (`-v` included), while the test matches the empty string.
  if (!value.adds_newline) {
    require_facts(model.value_facts(value.parameter), piped_name(value), {ValueFact::NonEmpty},
                  Applicability::Unsafe, safety);
  }
}

class GrepValue final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::CommandSub) || node->is(NodeKind::Backtick)) {
        if (!inside_escaped_backtick(model, node)) check_captured(context, node, out);
        return true;
      }
      if (node->is(NodeKind::Pipeline) || node->is(NodeKind::SimpleCommand)) check_tested(context, node, out);
      return true;
    });
  }

 private:
  static std::optional<PipedValue> match(const SemanticModel& model, const Node* node, bool redirects) {
    for (std::string_view name : {"grep", "fgrep", "egrep"}) {
      if (auto value = match_piped_command(model, node, name, redirects)) return value;
    }
    return std::nullopt;
  }

  // A pipeline run for its status: the statement of a list, a condition.
  static void check_tested(const LintContext& context, const Node* node, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    const Node* up = model.parent(node);
    if (up == nullptr || up->is(NodeKind::Pipeline) || up->is(NodeKind::CommandSub) || up->is(NodeKind::Backtick)) return;
    if (inside_escaped_backtick(model, node)) return;
    std::optional<PipedValue> value = match(model, node, true);
    if (!value) return;
    std::optional<GrepOptions> grep = parse_grep(model, value->consumer);
    bool quiet = grep && grep->quiet;
    if (!grep || !redirects_only_discard(model, value->consumer, true, quiet) || !quiet) return;
    // The fallback arm of a guarded rewrite keeps the command on purpose.
    if (guard_around(model, node, piped_name(*value))) return;
    FixSafety safety;
    require_value_facts(model, *value, *grep, false, safety);
    std::string name(piped_name(*value));
    std::string replacement =
        context.dialect == Dialect::Sh || grep->regex
            ? case_test(*grep, name, "true", "false")
            : fmt::format("[[ ${} {} {} ]]", name, grep->invert ? "!=" : "==", glob_for(*grep));
    Diagnostic diagnostic =
        make_diagnostic(kInfo, node, fmt::format("`grep` on a value forks processes: use `{}`", replacement));
    attach_cost(context, node, diagnostic);
    attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement),
                         replace_node(node, replacement), guardable_command(model, node));
    out.push_back(std::move(diagnostic));
  }

  static void check_captured(const LintContext& context, const Node* substitution, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::optional<PipedValue> value = match_piped_value(model, substitution, "grep");
    if (!value) value = match_piped_value(model, substitution, "fgrep");
    if (!value) value = match_piped_value(model, substitution, "egrep");
    if (!value) return;
    std::optional<GrepOptions> grep = parse_grep(model, value->consumer);
    if (!grep || grep->quiet) return;
    SubstitutionSite site = locate_substitution(model, substitution);
    const Node* statement = own_assignment_statement(model, site);
    if (statement == nullptr || guard_around(model, statement, piped_name(*value))) return;
    FixSafety safety;
    require_value_facts(model, *value, *grep, true, safety);
    std::string target(site.assignment->text), name(piped_name(*value));
    std::string found = fmt::format("{}=${}", target, name), missing = fmt::format("{}= ; false", target);
    std::string replacement = case_test(*grep, name, found, missing);
    Diagnostic diagnostic = make_diagnostic(
        kInfo, statement, fmt::format("`grep` on a one-line value forks processes: use `{}`", replacement));
    attach_cost(context, substitution, diagnostic);
    attach_guardable_fix(context, diagnostic, safety, "Replace with a `case`", replace_node(statement, replacement),
                         statement);
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& grep_value_rule() {
  static const GrepValue rule;
  return rule;
}

}  // namespace forklift
