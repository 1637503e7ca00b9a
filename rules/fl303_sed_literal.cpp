// FL303 sed-substitution: `$(echo "$v" | sed 's/^X//')` -> `${v#X}`, through
// the sed compiler (rules/sed/).
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"
#include "rules/sed_rewrite.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable's value piped into `sed` (`echo "$v" | sed …`,
`printf '%s\n' "$v" | sed …`, `sed … <<< "$v"`, inside `$( )` or backticks,
or printed by a statement of its own) whose program has an exact
equivalent in the shell: `s` commands whose
pattern the shell's patterns express, `y`, chains of `-e` and `;`, `-n` with
`s///p`, the addresses `1` and `$` (the one line of the value) and `1!`,
`$!` (never it). A program may be a variable's value (`sed -e "$sed_quote"`)
when every assignment that reaches the use sets the same literal. The value
may follow literal text (`echo "X$v" | sed -e 's/^X//' -e …`, the idiom that
keeps echo from reading a value as an option) when the first command matches
that text at the line's start: the text is dropped from its pattern, and
where the rest does not match the result keeps it (`X$v`).

## Why is this bad?
Two or three processes (the substitution, `echo`, `sed`) for what a parameter
expansion or a `case` does without any.

## Example
```sh
name=$(echo "$file" | sed 's,/[^/]*$,,')
key=$(echo "$line" | sed 's/=.*//')
```

## Use instead
```sh
name=${file%/*}
key=${line%%=*}
```

## Fix safety
sed edits each line of its input, the rewrite the whole value: the fix is
safe only when the value is known to be one line (no newline) and, when
`echo` prints it, known to be safe for `echo` (no leading `-`, no
backslash: bash and mksh take `-n` as an option, dash and mksh interpret
backslashes). `$( )` strips the trailing newline sed prints; the rewrite
has none to strip. Otherwise the fix is unsafe and names the fact that is
missing. Translations: anchored literals and `.*` become `#`, `##`, `%`,
`%%`; `[set]*` at an end, `L[^L]*$`, `^[^L]*L`, `L*[^L]*$` and `^[^L]*L*`
(a field and the separators beside it) have their own forms; a run of at
least one at an end (`s/XX*$//`, `s/^  *//`, `s/X\+$/Y/`) is the run of any
length, with the replacement (and `p`) only where the run is; a leading
run of one character before a literal it never matches (`s/^-*with-/W:/`)
is the line's whole leading run: it is stripped first (into the result's
variable) and the rest matched on what is left;
other replacements are a `case` in POSIX sh and `${v/p/r}` in bash, ksh and
mksh (pattern and replacement quoted, so `*?[` and bash 5.2's `&` stay
literal; a blank in a bracket is written `\ ` in a `case` pattern, where a
bare one would end the word); `s/LL*/L/g` is a loop; `y` is one `${v//a/x}` per character when
no character is mapped twice. `s/^/X/` and `s/$/X/` put text before or
after the value; a pattern that matches the empty string (`s/[^.]*//`) is
anchored at the start, where sed's leftmost match always is. In POSIX sh
`s/P/R/g` for literal text or one character P is a loop: it edits the
value in place when R holds nothing P matches, else it copies the value
through a scratch variable named after the result (`r_rest`, a name the
script does not use), which it leaves set. Groups are translated where
fields (`.*`, `[^c]*`) between literal separators fix where the line
splits: `[^c]*` ends at the first `c`, `.*` before the last separator at
that separator's last occurrence, an unanchored start at the first
occurrence of what follows (`s/^\([^-]*\)-\([^-]*\)-\(.*\)$/\2/`,
`s,^.*/\([^/]*\)$,\1,`, `s/"\(.*\)"/\1/`), and a last `[^c]*` before
the line's rest ends at the first `c` (`s/^name:\([^ ]*\).*/\1/`); a
trailing `.*` reaches the end of the line with or without `$`; the
replacement may name one group. The same reading serves patterns without groups (`s/(.*)//`,
`s/a.*b/X/`), and `[^c]*c` unanchored is anchored, as its leftmost match
starts the line; `s,\([^/]\)//*$,\1,` drops a trailing run of `/` after
another character. In dash and mksh `?` and `[…]`
match a byte where sed matches a character: with those the fix is unsafe for UTF-8
values. `printf %s "$v" | sed` gives sed no line at all for an empty value:
unsafe. Values are assumed to be valid text in the locale. What the unsafe
fix changes, measured in dash, bash, ksh93 and mksh: echo eats a value of
`-n` that the rewrite keeps, and `$( )` strips the value's trailing newlines
that the rewrite keeps.

A replacement may read variables in double quotes (`sed "s/^/$indent/"`):
the rewrite writes their values as text (`"${indent}"`, never edited in
place by a loop), where sed reads `&`, `\`, a newline and the delimiter in
them specially, so that fix is unsafe and says so; a variable in a pattern
is a regular expression and is not rewritten.

A pipeline that prints the edited value (`echo "$v" | sed 's,//*,/,g'`, its
output perhaps redirected) becomes `printf '%s\n' "EXPR"` (`printf %s`
after `printf %s "$v"`, whose last line sed ends without a newline), or a
brace group that sets a variable the script does not use (`edited`) and
prints it, the redirections moved to `printf`; also inside a substitution
whose captured form has no rewrite (`$(echo "$v" | sed 's/a/b/g').d` keeps
its `$( )` and loses `echo` and `sed`). Not under `-n` (a line without a
match prints nothing), nor where sed reads other input, nor for a pipeline
over several lines.

When the only facts missing are of the value's characters, `x=$(… | sed …)`
alone on its statement gets a safe guarded fix instead: the values that
could differ keep the original command, all others get the expansion, in
one `case` on the line the statement was on:
`case $v in -* | *\\* | *[[:cntrl:]]*) x=$(echo "$v" | sed 's/=.*//') ;; *) x=${v%%=*} ;; esac`.
The patterns are those of the missing facts: `-*` (any leading `-`, not
only the options each shell's echo takes), `*\\*` (not in bash, whose echo
leaves backslashes alone), a newline (`*$'\n'*` in bash, ksh and mksh; sh
has no `$'…'`, so `*[[:cntrl:]]*` there, which sends tabs and other control
characters to the original command as well), `''` for `printf %s` of an empty
value. A multi-line `case` would move `$LINENO` and the line numbers in later
error messages, hence one line. An unquoted `$v` (split and globbed before
echo sees it) is guarded for blanks, glob characters, `(` (ksh's `@(…)`) and
backslashes: `*[[:space:]]* | *[*?[\(]* | *\\*` holds every value the
default IFS splits or a glob may read. No guard, and the fix stays unsafe:
where the script may assign `IFS`, for UTF-8 caveats
(no pattern says which bytes a locale calls a character); for variables that
read differently each time or in a subshell (`RANDOM`, `SECONDS`, `BASHPID`,
`BASH_SUBSHELL`, `LINENO`, `_`, …); and where the substitution is neither the
whole value of an assignment alone on its statement nor, for a rewrite to an
expansion, in a command of its own on one line (no here-document, nothing in
it that may assign `$v` before the substitution runs:
`echo "$(echo "$v" | sed 's/a/b/')"` and `v=$(echo "$v" | sed 's,/[^/]*$,,')/x`,
whose assignment comes after its value, are guarded as a whole;
`d=$1 v=$(echo "$d" | sed …)` is not). When the script may run with
`set -u` (`set -u`, `-o nounset`, `-u`
on the `#!` line, a `set` with options that are not static) and `$v` is not
known to be set (a `for` variable is; `$1` is not), an unset `$v` makes the
original fail inside `$( )` while the script goes on (status 0, the
pipeline's), and any expansion of `$v` would stop the script: the plain
rewrite is unsafe even when the value facts hold, and the guard reads
`${v-}`, so that an empty or unset `$v` keeps the original command. The status of the statement is the arm's: the original's in
the first arm, the rewrite's (0, as sed's) in `*)`. The rules leave the
commands in a guard's first arm alone, so a second `forklift fix` changes
nothing; `--unsafe-fixes` applies the guarded fix too, the only one offered.
)md";

constexpr RuleInfo kInfo{"FL303", "sed-literal-substitution", "`sed` editing a variable's value: use parameter expansion",
                         Severity::Warning, kDocs, "SC2001", FixAvailability::SometimesSafe};

constexpr size_t kMaxVariables = 8;

bool stand_in(char c) { return c >= 1 && static_cast<size_t>(c) <= kMaxVariables; }

// sed's arguments: static text (`sed -e "$sed_quote"` reads a program the
// script assigns once), else with the variables they read as stand-ins.
std::optional<std::vector<std::string>> sed_arguments(const SemanticModel& model, const Node* command,
                                                      ReplacementVariables& variables) {
  std::vector<const Node*> words = command_words(command);
  std::vector<std::string> arguments;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> value = model.static_text(words[i]);
    // Static text holding a stand-in's character would be read as one.
    if (value && std::any_of(value->begin(), value->end(), stand_in)) return std::nullopt;
    if (!value) value = marked_word_value(model.source(), words[i], kMaxVariables, variables.names);
    if (!value) return std::nullopt;
    arguments.push_back(std::move(*value));
  }
  return arguments;
}

bool regex_reads(const sed::Regex& regex) {
  if (regex.kind == sed::Regex::Kind::Literal && stand_in(regex.literal)) return true;
  if (regex.kind == sed::Regex::Kind::Bracket && std::any_of(regex.set.members.begin(), regex.set.members.end(), stand_in)) {
    return true;
  }
  return std::any_of(regex.operands.begin(), regex.operands.end(), regex_reads);
}

// Every stand-in is in a replacement's text, and none in a pattern or `y`:
// a variable in a pattern is a regular expression, not text.
bool only_replacements_read(const sed::SedProgram& program, size_t count) {
  std::string replaced;
  for (const sed::SedCommand& command : program.commands) {
    if (command.kind == sed::SedCommand::Kind::Transliterate) {
      std::string mapped = command.from + command.to;
      if (std::any_of(mapped.begin(), mapped.end(), stand_in)) return false;
      continue;
    }
    if (regex_reads(command.regex)) return false;
    for (const sed::ReplacementPiece& piece : command.replacement) replaced += piece.text;
  }
  for (size_t i = 0; i < count; ++i) {
    if (replaced.find(static_cast<char>(1 + i)) == std::string::npos) return false;
  }
  return true;
}

class SedSubstitution final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    std::vector<const Node*> rewritten;  // substitutions whose whole command has a finding
    for (const PipedValue& value : piped_values(model, "sed", Prefix::Allowed)) {
      ReplacementVariables variables;
      std::optional<sed::SedProgram> program = read_program(model, value, variables);
      if (!program) continue;
      std::optional<Diagnostic> finding = sed_rewrite_finding(context, kInfo, value, *program, "sed", variables);
      if (!finding) continue;
      rewritten.push_back(value.substitution);
      out.push_back(std::move(*finding));
    }
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::Backtick)) return false;  // its text is escaped differently
      if (node->is(NodeKind::Pipeline) || node->is(NodeKind::SimpleCommand)) check_printed(context, node, rewritten, out);
      return true;
    });
  }

 private:
  static std::optional<sed::SedProgram> read_program(const SemanticModel& model, const PipedValue& value,
                                                     ReplacementVariables& variables) {
    std::optional<std::vector<std::string>> arguments = sed_arguments(model, value.consumer, variables);
    if (!arguments) return std::nullopt;
    std::optional<sed::SedProgram> program = sed::parse_sed_arguments(*arguments).program;
    if (program && !only_replacements_read(*program, variables.names.size())) return std::nullopt;
    return program;
  }

  // `echo "$v" | sed …` as a statement: its output is the script's, or that
  // of a substitution the captured form could not rewrite (`$(…).d`).
  static void check_printed(const LintContext& context, const Node* statement,
                            const std::vector<const Node*>& rewritten, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    const Node* up = model.parent(statement);
    if (up == nullptr || up->is(NodeKind::Pipeline) || up->is(NodeKind::CommandSub)) return;
    const Node* substitution = up->is(NodeKind::List) ? model.parent(up) : nullptr;
    if (substitution != nullptr && std::find(rewritten.begin(), rewritten.end(), substitution) != rewritten.end()) return;
    std::optional<PipedValue> value = match_piped_command(model, statement, "sed", true, Prefix::Allowed);
    if (!value) return;
    ReplacementVariables variables;
    std::optional<sed::SedProgram> program = read_program(model, *value, variables);
    if (!program) return;
    std::optional<Diagnostic> finding =
        sed_printed_finding(context, kInfo, *value, statement, *program, "sed", variables);
    if (finding) out.push_back(std::move(*finding));
  }
};

}  // namespace

const Rule& sed_literal_rule() {
  static const SedSubstitution rule;
  return rule;
}

}  // namespace forklift
