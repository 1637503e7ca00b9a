// FL406 cat-here-document: `cat <<EOF … EOF` -> `printf %s "\ … "`.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `cat` printing a here-document (`cat <<EOF`, `cat <<'EOF'`,
`cat <<-EOF`, `cat - <<EOF`), alone or with output redirections
(`cat <<EOF >&2`, `cat <<EOF >conftest.$ext`).

## Why is this bad?
`cat` is a process started to copy text the shell already holds. Usage
messages and generated configuration (`menuentry` blocks, `Makefile`
fragments) are often printed this way inside loops or in functions called
from them.

## Example
```sh
cat <<EOF >&2
usage: $prog [-v] FILE...
EOF
```

## Use instead
```sh
>&2 printf %s "\
usage: $prog [-v] FILE...
"
```

## Fix safety
Safe where the text is the same: the body becomes a double-quoted string
that starts on the line after `printf` (`"\` and a newline, a line
continuation), so every line keeps its line number, and ends where the
delimiter line was. A quoted delimiter's body is literal: `\`, `$`, `` ` ``
and `"` get a backslash. An unquoted delimiter's body expands as in double
quotes except for `"`, which is literal in a here-document (it gets a
backslash, and `\"`, which stays two characters there, becomes `\\\"`);
`<<-` drops the leading tabs of each line, as the shell does. The body may
hold plain parameters (`$x`, `${x}`, `$1`) and `$( )`; `${x:-…}` and other
operators (their quotes and `${x=…}` assignments read differently),
arithmetic, backticks holding `\` or `"`, `$@` and `$*` (split into
several arguments in double quotes, joined in a here-document), a
backslash before a newline, and variables that differ in a child process
or from one read to the next (`RANDOM`, `BASHPID`, `LINENO`, …) are not
rewritten. The output redirections move before `printf` in the same order;
their targets may hold literal text and plain parameters (bash opens them
in the forked `cat`, so nothing there may assign or advance a variable).
Not rewritten: another input redirection, an operand other than `-`,
assignments, a command followed by anything but blanks on its line, and a
body with `$( )` after an output redirection (`cat 2>/dev/null <<EOF`: the
redirection is in place while the body expands, but not while `printf`'s
argument does). In mksh, whose `printf` is not
a builtin, the fix writes `print -nr --`. When the script may run with
`set -u` and a parameter of the body may be unset, the fix is unsafe: bash
expands the here-document in the forked `cat`, where the error ends only
that process, while `printf`'s argument fails in the shell and ends the
script. The output and the exit status are the same; only the wording of a
write error differs, and a write to a closed pipe sends `SIGPIPE` to the
shell instead of to `cat`.
)md";

constexpr RuleInfo kInfo{"FL406", "cat-here-document", "`cat <<EOF` forks a process: print the text with `printf`",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

// Names whose value differs in the forked `cat` or between two reads.
constexpr std::string_view kUnstable[] = {"RANDOM",  "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME",
                                          "BASHPID", "BASH_SUBSHELL", "LINENO", "HISTCMD", "BASH_COMMAND", "_",
                                          "@",       "*"};

bool output_redirect(const RedirectView& redirect) {
  std::optional<RedirectOperator> op = redirect.op();
  bool output = op == RedirectOperator::Output || op == RedirectOperator::Append || op == RedirectOperator::Clobber ||
                op == RedirectOperator::DuplicateOutput || op == RedirectOperator::OutputAndError ||
                op == RedirectOperator::AppendOutputAndError;
  return output && (redirect.fd() == nullptr || redirect.fd()->text != "0");
}

bool plain_body_parameter(const Node* param) {
  if (!param->op.empty() || !param->kids.empty() || (param->flags & ~kParamBraced) != 0) return false;
  return std::find(std::begin(kUnstable), std::end(kUnstable), param->text) == std::end(kUnstable);
}

// A redirection target of literal text and plain parameters (`conftest.$ac_ext`,
// `"$log"`), which bash expands in the forked `cat` and the rewrite in the
// shell: nothing in it may assign or advance a variable. Its parameters go
// to `parameters`, for `set -u`.
bool plain_target(const Node* word, std::vector<const Node*>& parameters) {
  for (const Node* part : word->kids) {
    if (part->is(NodeKind::DoubleQuoted)) {
      if (!plain_target(part, parameters)) return false;
    } else if (part->is(NodeKind::ParamExp)) {
      if (!plain_body_parameter(part)) return false;
      parameters.push_back(part);
    } else if (!part->is(NodeKind::Literal) && !part->is(NodeKind::SingleQuoted)) {
      return false;
    }
  }
  return true;
}

// The text of a here-document's body inside double quotes, or nullopt when
// some part of it would read differently there.
class BodyQuoter {
 public:
  BodyQuoter(const SemanticModel& model, bool strip_tabs) : model_(model), strip_tabs_(strip_tabs) {}

  std::optional<std::string> literal_body(std::string_view raw) {
    for (char c : raw) {
      if (skip_tab(c)) continue;
      if (c == '\\' || c == '$' || c == '`' || c == '"') out_ += '\\';
      out_ += c;
      at_line_start_ = c == '\n';
    }
    return std::move(out_);
  }

  std::optional<std::string> expanding_body(const Node* body) {
    for (const Node* part : body->kids) {
      if (part->is(NodeKind::Literal)) {
        if (!add_literal(model_.text(part))) return std::nullopt;
      } else if (!add_expansion(part)) {
        return std::nullopt;
      }
    }
    return std::move(out_);
  }

  // The parameters the body reads, for `set -u`.
  const std::vector<const Node*>& parameters() const { return parameters_; }
  // Whether the body runs commands (`$( )`, backticks).
  bool substitutes() const { return substitutes_; }

 private:
  bool skip_tab(char c) const { return strip_tabs_ && at_line_start_ && c == '\t'; }

  bool add_literal(std::string_view raw) {
    for (size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (skip_tab(c)) continue;
      at_line_start_ = c == '\n';
      if (c == '"') {
        out_ += "\\\"";
      } else if (c == '\\' && i + 1 < raw.size()) {
        char next = raw[++i];
        if (next == '\n') return false;
        out_ += next == '"' ? "\\\\\\\"" : std::string{'\\', next};
      } else {
        out_ += c;
      }
    }
    return true;
  }

  bool add_expansion(const Node* part) {
    std::string_view text = model_.text(part);
    bool ok = false;
    if (part->is(NodeKind::ParamExp)) {
      ok = plain_body_parameter(part);
      if (ok) parameters_.push_back(part);
    } else if (part->is(NodeKind::CommandSub) || part->is(NodeKind::Backtick)) {
      substitutes_ = true;
    }
    if (part->is(NodeKind::CommandSub)) {
      ok = !strip_tabs_ || text.find('\n') == std::string_view::npos;
    } else if (part->is(NodeKind::Backtick)) {
      ok = text.find_first_of("\\\"\n") == std::string_view::npos;
    }
    if (ok) out_ += text;
    at_line_start_ = false;
    return ok;
  }

  const SemanticModel& model_;
  bool strip_tabs_;
  bool at_line_start_ = true;
  std::string out_;
  std::vector<const Node*> parameters_;
  bool substitutes_ = false;
};

struct HereDocCat {
  const Node* redirect = nullptr;  // the `<<` Redirect
  const Node* body = nullptr;      // its HereDocBody
  std::vector<const Node*> outputs;
  std::vector<const Node*> target_parameters;
  // An output redirection comes before the here-document: it is in place
  // while the body expands (a `$( )` of the body writes its errors there),
  // where printf's arguments expand before every redirection.
  bool output_first = false;
};

std::optional<HereDocCat> match_cat(const SemanticModel& model, const Node* command) {
  std::vector<const Node*> words = command_words(command);
  if (has_assignments(command) || words.empty() || words.size() > 2) return std::nullopt;
  if (words.size() == 2 && static_word_value(model.source(), words[1]) != "-") return std::nullopt;
  if (command_name(model.source(), command) != "cat" || model.command_kind(command) != CommandKind::External) {
    return std::nullopt;
  }
  HereDocCat cat;
  for (const Node* kid : command->kids) {
    auto redirect = view_if<RedirectView>(kid);
    if (!redirect) continue;
    std::optional<RedirectOperator> op = redirect->op();
    if ((op == RedirectOperator::HereDoc || op == RedirectOperator::HereDocStripTabs) && redirect->fd() == nullptr &&
        cat.redirect == nullptr && redirect->here_doc() != nullptr) {
      cat.redirect = kid;
      cat.body = redirect->here_doc();
    } else if (output_redirect(*redirect) && plain_target(redirect->target(), cat.target_parameters)) {
      cat.outputs.push_back(kid);
      cat.output_first = cat.output_first || cat.redirect == nullptr;
    } else {
      return std::nullopt;
    }
  }
  if (cat.redirect == nullptr) return std::nullopt;
  return cat;
}

// The command ends its line, and the body starts on the next one.
bool ends_its_line(std::string_view source, const Node* command, const Node* body) {
  if (body->begin == 0 || body->begin <= command->end || source[body->begin - 1] != '\n') return false;
  std::string_view rest = source.substr(command->end, body->begin - 1 - command->end);
  return rest.find_first_not_of(" \t") == std::string_view::npos;
}

class CatHereDocument final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::SimpleCommand) && !inside_escaped_backtick(model, node)) check_command(context, node, out);
      return true;
    });
  }

 private:
  static void check_command(const LintContext& context, const Node* command, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::optional<HereDocCat> cat = match_cat(model, command);
    if (!cat || !ends_its_line(model.source(), command, cat->body)) return;
    std::string_view printer = context.dialect == Dialect::Mksh ? "print -nr --" : "printf %s";
    if (model.function(printer.substr(0, printer.find(' '))) != nullptr) return;
    RedirectView redirect(cat->redirect);
    BodyQuoter quoter(model, redirect.strips_tabs());
    std::optional<std::string> quoted = redirect.quoted_here_doc() ? quoter.literal_body(model.text(cat->body))
                                                                   : quoter.expanding_body(cat->body);
    if (!quoted || (cat->output_first && quoter.substitutes())) return;
    FixSafety safety;
    std::vector<const Node*> parameters = quoter.parameters();
    parameters.insert(parameters.end(), cat->target_parameters.begin(), cat->target_parameters.end());
    for (const Node* parameter : parameters) {
      require_set_under_nounset(model, parameter->text, command, safety, "the forked `cat`");
    }
    std::string redirects;
    for (const Node* output : cat->outputs) redirects += fmt::format("{} ", model.text(output));
    std::string replacement = fmt::format("{}{} \"\\\n{}\"", redirects, printer, *quoted);
    size_t line_end = model.source().find('\n', cat->body->end);
    uint32_t end = line_end == std::string_view::npos ? static_cast<uint32_t>(model.source().size())
                                                      : static_cast<uint32_t>(line_end);
    Diagnostic diagnostic = make_diagnostic(
        kInfo, command, fmt::format("`cat` prints a here-document in a process of its own: use `{}`", printer));
    attach_cost(context, command, diagnostic);
    attach_fix(diagnostic, safety, fmt::format("Print the text with `{}`", printer),
               {Edit{command->begin, end, std::move(replacement)}});
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& cat_here_document_rule() {
  static const CatHereDocument rule;
  return rule;
}

}  // namespace forklift
