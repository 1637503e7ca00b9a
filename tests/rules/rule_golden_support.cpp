#include "rule_golden_support.h"

#include <algorithm>

#include <fmt/format.h>


namespace forklift::testing {
namespace {

std::string position_text(const SourceFile& file, uint32_t offset) {
  Position position = file.position(offset);
  return fmt::format("{}:{}", position.line, position.column);
}

std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

RuleRun run_rule(const std::string& code, const std::string& path, const std::string& text,
                 std::optional<Dialect> dialect, FrontEnd front_end) {
  RuleRun run;
  run.file = std::make_unique<SourceFile>(path, text);
  run.dialect = dialect.value_or(detect_dialect(path, text).dialect);
  ParseResult parsed = parse_source(*run.file, run.dialect, front_end);
  if (!parsed.ast) {
    run.parse_error = parsed.errors.empty() ? "parse failed" : format_parse_error(*run.file, parsed.errors.front());
    return run;
  }
  run.ast = std::move(parsed.ast);
  run.model = std::make_unique<SemanticModel>(*run.file, *run.ast, run.dialect);
  const Rule* rule = find_rule(code);
  if (rule == nullptr) {
    run.parse_error = "no rule " + code;
    return run;
  }
  rule->check(LintContext{*run.file, *run.ast, *run.model, run.dialect}, run.diagnostics);
  std::stable_sort(run.diagnostics.begin(), run.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.begin < b.begin; });
  return run;
}

std::string apply_fixes(const std::string& text, const std::vector<Diagnostic>& diagnostics, Applicability weakest) {
  std::vector<Edit> applied;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (!diagnostic.fix || static_cast<int>(diagnostic.fix->applicability) > static_cast<int>(weakest)) continue;
    bool overlaps = false;
    for (const Edit& edit : diagnostic.fix->edits) {
      for (const Edit& other : applied) {
        bool touching_inserts = edit.begin == edit.end || other.begin == other.end;
        if (edit.begin < other.end && other.begin < edit.end) overlaps = true;
        if (touching_inserts && edit.begin == other.begin) overlaps = true;
      }
    }
    if (!overlaps) applied.insert(applied.end(), diagnostic.fix->edits.begin(), diagnostic.fix->edits.end());
  }
  std::stable_sort(applied.begin(), applied.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string out = text;
  for (const Edit& edit : applied) out.replace(edit.begin, edit.end - edit.begin, edit.replacement);
  return out;
}

std::string render_diagnostics(const SourceFile& file, const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    out += fmt::format("{}-{} {} {}: {}\n", position_text(file, d.begin), position_text(file, d.end), d.code,
                       severity_name(d.severity), d.message);
    if (d.cost) {
      out += fmt::format("  cost: {} forks per run, loop depth {}, ~{} estimated\n", d.cost->forks_per_execution,
                         d.cost->loop_depth, d.cost->estimated_forks);
    }
    if (d.fix) {
      out += fmt::format("  fix ({}): {}\n", applicability_name(d.fix->applicability), d.fix->title);
      if (!d.fix->reason.empty()) out += fmt::format("    reason: {}\n", d.fix->reason);
      for (const Edit& edit : d.fix->edits) {
        out += fmt::format("    edit {}-{}: {}\n", position_text(file, edit.begin), position_text(file, edit.end),
                           quoted(edit.replacement));
      }
    }
  }
  return out;
}

std::string render_golden(const RuleRun& run) {
  if (!run.parse_error.empty()) return "## error\n" + run.parse_error + "\n";
  const std::string& text = run.file->text();
  return fmt::format("## diagnostics\n{}## after safe fixes\n{}## after safe and unsafe fixes\n{}",
                     render_diagnostics(*run.file, run.diagnostics),
                     apply_fixes(text, run.diagnostics, Applicability::Safe),
                     apply_fixes(text, run.diagnostics, Applicability::Unsafe));
}

}  // namespace forklift::testing
