// FL105 let-command: `let expr…` -> `(( expr, … ))`.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds the `let` builtin (`let i=i+1`, `let "n = a * b"`).

## Why is this bad?
`let` takes its expressions as ordinary arguments, so they are subject to word
splitting and filename expansion (`let x=a*b` may match a file) and usually
need quoting. `(( ))` parses its body as arithmetic, needs no quoting and has
the same exit status (1 when the value is 0).

## Example
```sh
let "count = count + 1"
let total=a*b
```

## Use instead
```sh
(( count = count + 1 ))
(( total = a * b ))
```

## Fix safety
Safe when every argument is a literal (quoted or not) that cannot fail: bash
reports an arithmetic error as `let: ...` but `((: ...`, so a division, or a
variable not proven to hold an integer, makes the fix unsafe. An
unquoted argument with `*`, `?` or `[` may have been expanded as a filename
pattern and an unquoted expansion split into words, so those fixes are unsafe.
In ksh93u+m `set -e` exits on a `let` whose value is 0 but not on `(( ))`, so
under `set -e` in ksh the fix is unsafe; so it is when the expression names a
variable: its value is evaluated as an expression at run time, and when that
fails (a value such as `-n`, `a b` or `/`) ksh93 ends the script in `(( ))`
where `let` only returns 1; with `set -o letoctal`, `let` reads
`010` as octal and `(( ))` does not. Not offered for `sh` (dash has neither).
)md";

constexpr RuleInfo kInfo{"FL105", "let-command", "`let` arguments are split and globbed: use `(( ))`",
                         Severity::Info, kDocs, std::nullopt, FixAvailability::SometimesSafe};

// The arithmetic text of one `let` argument.
std::optional<std::string> argument_text(const SemanticModel& model, const Node* word, FixSafety& safety) {
  if (std::optional<std::string> value = static_word_value(model.source(), word)) return value;
  NodeSpan parts = WordView(word).parts();
  if (parts.size() == 1 && parts[0]->is(NodeKind::DoubleQuoted)) {
    std::string_view text = model.text(parts[0]);
    return std::string(text.substr(1, text.size() - 2));
  }
  if ((word->flags & kWordHasGlob) != 0) {
    safety.downgrade(Applicability::Unsafe, "an unquoted `*`, `?` or `[` in a `let` argument is a filename pattern");
  }
  for (const Node* part : word->kids) {
    if (!part->is(NodeKind::Literal) && !part->is(NodeKind::SingleQuoted) && !part->is(NodeKind::DoubleQuoted)) {
      safety.downgrade(Applicability::Unsafe, "an unquoted expansion in a `let` argument is split into words");
      break;
    }
  }
  return std::string(model.text(word));
}

// Whether `text` reads as one arithmetic expression: `let x=` is an error
// when it runs, but `(( x= ))` would stop the whole script from parsing.
bool parses_as_arithmetic(std::string_view text, Dialect dialect) {
  Ast scratch;
  std::vector<ParseError> errors;
  return parse_arithmetic(scratch, text, dialect, 0, static_cast<uint32_t>(text.size()), errors) != nullptr &&
         errors.empty();
}

// The variables an expression reads, by name (`x`, `$x`, `${x}`); the
// letters inside numbers (`0x1f`, `16#ff`) are not names, nor is the target
// of a plain `=`, which is written, not read.
std::vector<std::string> names_read(std::string_view body) {
  std::vector<std::string> names;
  for (size_t i = 0; i < body.size();) {
    if (is_digit(body[i])) {
      while (i < body.size() && (is_name_char(body[i]) || body[i] == '#')) ++i;
    } else if (is_name_start(body[i])) {
      size_t start = i;
      while (i < body.size() && is_name_char(body[i])) ++i;
      size_t next = body.find_first_not_of(' ', i);
      bool assigned = next != std::string_view::npos && body[next] == '=' && body.substr(next, 2) != "==";
      if (!assigned) names.emplace_back(body.substr(start, i - start));
    } else {
      ++i;
    }
  }
  return names;
}

// Bash reports an arithmetic error as `let: ...` but `((: ...`, so the fix
// keeps stderr only for an expression that cannot fail: no division, and
// every variable it reads certainly an integer.
std::optional<std::string> may_fail(const SemanticModel& model, const Node* let, std::string_view body) {
  if (body.find_first_of("/%") != std::string_view::npos) {
    return "a division by zero is reported as `((:` instead of `let:`";
  }
  for (const std::string& name : names_read(body)) {
    if (!model.certainly_integer(name, let)) {
      return fmt::format("if `{}` does not hold an integer, the error names `((` instead of `let`", name);
    }
  }
  return std::nullopt;
}

class LetCommand final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    if (context.dialect == Dialect::Sh) return;
    bool letoctal = model.source().find("letoctal") != std::string_view::npos;
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::SimpleCommand) || command_name(model.source(), node) != "let" ||
          has_redirects(node) || has_assignments(node)) {
        return true;
      }
      std::vector<const Node*> words = command_words(node);
      if (words.size() < 2) return true;
      FixSafety safety;
      std::string body;
      for (size_t i = 1; i < words.size(); ++i) {
        std::optional<std::string> text = argument_text(model, words[i], safety);
        if (!text || text->find_first_of("\n") != std::string::npos) return true;
        if (!parses_as_arithmetic(*text, context.dialect)) return true;
        if (!body.empty()) body += ", ";
        body += *text;
      }
      if (auto reason = may_fail(model, node, body)) safety.downgrade(Applicability::Unsafe, *reason);
      if (context.dialect == Dialect::Ksh) {
        if (model.exit_status_consumer(node) == StatusConsumer::ErrExit) {
          safety.downgrade(Applicability::Unsafe, "ksh93 `set -e` exits when `let` yields 0 but not for `(( ))`");
        }
        if (letoctal) safety.downgrade(Applicability::Unsafe, "`set -o letoctal` makes `let` read 010 as octal");
        // A variable's value is evaluated as an expression at run time; when
        // that fails, ksh93 ends the script for `(( ))` but only fails `let`.
        if (body.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$") != std::string::npos) {
          safety.downgrade(Applicability::Unsafe, "in ksh93 an arithmetic error ends the script in `(( ))`, not in `let`");
        }
      }
      std::string replacement = fmt::format("(( {} ))", body);
      Diagnostic diagnostic = make_diagnostic(kInfo, node, fmt::format("Use `{}` instead of `let`", replacement));
      attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", replacement), {replace_node(node, replacement)});
      out.push_back(std::move(diagnostic));
      return true;
    });
  }
};

}  // namespace

const Rule& let_command_rule() {
  static const LetCommand rule;
  return rule;
}

}  // namespace forklift
