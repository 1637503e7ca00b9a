// FL201 backticks: `` `cmd` `` -> `$(cmd)`, re-escaping nested backticks.
#include <fmt/format.h>

#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds command substitutions written with backticks.

## Why is this bad?
Backticks need backslashes to nest and change the meaning of `\` inside them:
`` `echo \`date\`` `` and `` `echo \\$x` `` are hard to read and easy to get
wrong. `$( )` nests without escaping and is POSIX.

## Example
```sh
x=`echo \`echo inner\``
```

## Use instead
```sh
x=$(echo $(echo inner))
```

## Fix safety
Safe: the body is unescaped the way the shell does it inside backticks (`\$`,
`` \` `` and `\\` lose their backslash; others keep it), nested backticks
become nested `$( )`, and a body starting with `(` gets a space so it does not
read as `$((`. Unsafe when the backticks are inside double quotes and the body
has `\"` (shells disagree on whether that backslash is removed).
)md";

constexpr RuleInfo kInfo{"FL201", "backticks", "Backtick command substitution: use `$( )`", Severity::Info, kDocs,
                         "SC2006"};

// Converts the raw text between backticks into the body of `$( )`; nullopt
// when the text cannot be converted faithfully.
class BacktickConverter {
 public:
  explicit BacktickConverter(FixSafety& safety) : safety_(safety) {}

  std::optional<std::string> convert(std::string_view raw, bool in_double_quotes) {
    if (++depth_ > 64) return std::nullopt;
    std::string body = unescape(raw, in_double_quotes);
    std::optional<std::string> converted = convert_nested(body);
    --depth_;
    if (!converted) return std::nullopt;
    size_t trailing = 0;
    while (trailing < converted->size() && (*converted)[converted->size() - 1 - trailing] == '\\') ++trailing;
    if (trailing % 2 == 1) return std::nullopt;  // a final `\` would escape the `)`
    if (!converted->empty() && (*converted)[0] == '(') return " " + *converted;
    return converted;
  }

 private:
  std::string unescape(std::string_view raw, bool in_double_quotes) {
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\\' && i + 1 < raw.size()) {
        char next = raw[i + 1];
        if (next == '$' || next == '`' || next == '\\') {
          out += next;
          ++i;
          continue;
        }
        if (next == '"' && in_double_quotes) {
          safety_.downgrade(Applicability::Unsafe, "shells disagree on `\\\"` inside backticks inside double quotes");
          out += next;
          ++i;
          continue;
        }
      }
      out += raw[i];
    }
    return out;
  }

  // Replaces the backtick substitutions left in an unescaped body.
  std::optional<std::string> convert_nested(std::string_view body) {
    std::string out;
    bool single = false;
    bool dquote = false;
    for (size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if (single) {
        single = c != '\'';
        out += c;
      } else if (c == '\\' && i + 1 < body.size()) {
        out += c;
        out += body[++i];
      } else if (c == '\'' && !dquote) {
        single = true;
        out += c;
      } else if (c == '"') {
        dquote = !dquote;
        out += c;
      } else if (c == '`') {
        size_t close = i + 1;
        while (close < body.size() && body[close] != '`') close += body[close] == '\\' ? 2 : 1;
        if (close >= body.size()) return std::nullopt;
        std::optional<std::string> inner = convert(body.substr(i + 1, close - i - 1), dquote);
        if (!inner) return std::nullopt;
        out += fmt::format("$({})", *inner);
        i = close;
      } else {
        out += c;
      }
    }
    return out;
  }

  FixSafety& safety_;
  int depth_ = 0;
};

class Backticks final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::Backtick)) return true;
      std::string_view text = model.text(node);
      if (text.size() < 2 || text.front() != '`' || text.back() != '`') return false;
      const Node* parent = model.parent(node);
      bool in_double_quotes = parent != nullptr && (parent->is(NodeKind::DoubleQuoted) || parent->is(NodeKind::HereDocBody));
      FixSafety safety;
      BacktickConverter converter(safety);
      std::optional<std::string> body = converter.convert(text.substr(1, text.size() - 2), in_double_quotes);
      Diagnostic diagnostic = make_diagnostic(kInfo, node, "Use `$( )` instead of backticks");
      if (body) {
        std::string replacement = fmt::format("$({})", *body);
        attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", replacement), {replace_node(node, replacement)});
      }
      out.push_back(std::move(diagnostic));
      return false;  // nested backticks are converted with their parent
    });
  }
};

}  // namespace

const Rule& backticks_rule() {
  static const Backticks rule;
  return rule;
}

}  // namespace forklift
