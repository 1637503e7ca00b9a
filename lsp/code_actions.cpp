#include "lsp/code_actions.h"

#include <algorithm>

#include <fmt/format.h>

#include "lsp/diagnostic_conversion.h"
#include "lsp/suppression_edit.h"
#include "rewriter/fix_loop.h"
#include "rewriter/fix_selection.h"

namespace forklift::lsp {
namespace {

bool touches(const Range& a, const Range& b) { return !(a.end < b.start) && !(b.end < a.start); }

std::vector<TextEdit> text_edits(const SourceFile& file, const std::vector<Edit>& edits, PositionEncoding encoding) {
  std::vector<TextEdit> converted;
  for (const Edit& edit : edits) converted.push_back({range_of(file, edit.begin, edit.end, encoding), edit.replacement});
  return converted;
}

SharedCodeAction quick_fix(const CodeActionContext& context, const forklift::Diagnostic& diagnostic,
                           const lsp::Diagnostic& shown) {
  if (!diagnostic.fix || !is_applicable(diagnostic.fix->applicability, context.settings.unsafe_fixes)) return nullptr;
  const Fix& fix = *diagnostic.fix;
  bool unsafe = fix.applicability == Applicability::Unsafe;
  auto shared = std::make_shared<CodeAction>();
  CodeAction& action = *shared;
  action.title = unsafe ? fmt::format("{} (unsafe: {})", fix.title, fix.reason) : fix.title;
  action.kind = kQuickFixKind;
  action.diagnostics = {shown};
  action.is_preferred = !unsafe;
  action.edit.changes[context.uri] = text_edits(*context.analysis.file, fix.edits, context.encoding);
  return shared;
}

SharedCodeAction disable_rule(const CodeActionContext& context, const SuppressionPlanner& planner,
                              const forklift::Diagnostic& diagnostic, const lsp::Diagnostic& shown) {
  auto edit = planner.edit(diagnostic);
  if (!edit) return nullptr;
  auto shared = std::make_shared<CodeAction>();
  CodeAction& action = *shared;
  action.title = fmt::format("Disable {} for this line", diagnostic.code);
  action.kind = kQuickFixKind;
  action.diagnostics = {shown};
  action.edit.changes[context.uri] = text_edits(*context.analysis.file, {*edit}, context.encoding);
  return shared;
}

const FixLoopResult& fixed(const CodeActionContext& context) {
  const DocumentAnalysis& analysis = context.analysis;
  if (!analysis.fixed) {
    FixLoopOptions options;
    options.unsafe_fixes = context.settings.unsafe_fixes;
    analysis.fixed = run_fix_loop(*analysis.file, options, [&](const SourceFile& text) {
      return lint_source(text, context.settings.lint);
    });
  }
  return *analysis.fixed;
}

// The quick fix and the suppression of one diagnostic, ready to send (null
// when it has none): shared with every answer that includes them, never copied.
struct DiagnosticActions {
  SharedCodeAction fix;
  SharedCodeAction suppression;
};

}  // namespace

struct DiagnosticActionCache {
  PositionEncoding encoding;
  std::vector<Range> ranges;                                // each diagnostic's, in their order
  std::vector<std::optional<DiagnosticActions>> actions;    // likewise, once a request touched it
  std::optional<SuppressionPlanner> planner;                // once some diagnostic needed it
};

namespace {

DiagnosticActionCache& action_cache(const CodeActionContext& context) {
  const DocumentAnalysis& analysis = context.analysis;
  if (!analysis.diagnostic_actions || analysis.diagnostic_actions->encoding != context.encoding) {
    auto cache = std::make_shared<DiagnosticActionCache>();
    cache->encoding = context.encoding;
    cache->ranges.reserve(analysis.diagnostics.size());
    for (const forklift::Diagnostic& diagnostic : analysis.diagnostics) {
      cache->ranges.push_back(range_of(*analysis.file, diagnostic.begin, diagnostic.end, context.encoding));
    }
    cache->actions.resize(analysis.diagnostics.size());
    analysis.diagnostic_actions = std::move(cache);
  }
  return *analysis.diagnostic_actions;
}

const DiagnosticActions& actions_of(const CodeActionContext& context, DiagnosticActionCache& cache, size_t index) {
  std::optional<DiagnosticActions>& entry = cache.actions[index];
  if (!entry) {
    const forklift::Diagnostic& diagnostic = context.analysis.diagnostics[index];
    lsp::Diagnostic shown = to_lsp_diagnostic(diagnostic, *context.analysis.file, context.encoding, context.config);
    if (!cache.planner) cache.planner.emplace(context.analysis);
    entry = DiagnosticActions{quick_fix(context, diagnostic, shown), disable_rule(context, *cache.planner, diagnostic, shown)};
  }
  return *entry;
}

}  // namespace

std::vector<SharedCodeAction> code_actions(const CodeActionContext& context, const CodeActionParams& params) {
  std::vector<SharedCodeAction> actions;
  if (kind_requested(params.only, kQuickFixKind)) {
    std::vector<SharedCodeAction> suppressions;
    DiagnosticActionCache& cache = action_cache(context);
    for (size_t i = 0; i < cache.ranges.size(); ++i) {
      if (!touches(cache.ranges[i], params.range)) continue;
      const DiagnosticActions& entry = actions_of(context, cache, i);
      if (entry.fix) actions.push_back(entry.fix);
      if (entry.suppression) suppressions.push_back(entry.suppression);
    }
    // Fixes first: editors offer the first preferred action on "quick fix".
    actions.insert(actions.end(), suppressions.begin(), suppressions.end());
  }
  if (kind_requested(params.only, kForkliftFixAllKind)) {
    if (auto fix_all = fix_all_action(context)) actions.push_back(std::make_shared<CodeAction>(std::move(*fix_all)));
  }
  return actions;
}

std::optional<CodeAction> fix_all_action(const CodeActionContext& context) {
  bool fixable = std::any_of(context.analysis.diagnostics.begin(), context.analysis.diagnostics.end(), [&](const auto& d) {
    return d.fix && is_applicable(d.fix->applicability, context.settings.unsafe_fixes);
  });
  if (!fixable) return std::nullopt;
  CodeAction action;
  action.kind = kForkliftFixAllKind;
  if (context.defer_fix_all_edit && !context.analysis.fixed) {
    action.title = "Fix all forklift findings";
    action.resolve = CodeActionData{context.uri, context.analysis.version};
    return action;
  }
  std::optional<WorkspaceEdit> edit = fix_all_edit(context);
  if (!edit) return std::nullopt;
  int count = 0;
  for (const auto& [code, applied] : context.analysis.fixed->applied) count += applied;
  action.title = fmt::format("Fix all forklift findings ({} fix{})", count, count == 1 ? "" : "es");
  action.edit = std::move(*edit);
  return action;
}

std::optional<WorkspaceEdit> fix_all_edit(const CodeActionContext& context) {
  const FixLoopResult& result = fixed(context);
  if (result.failure || !result.changed()) return std::nullopt;
  WorkspaceEdit edit;
  edit.changes[context.uri] = {minimal_text_edit(*context.analysis.file, result.text, context.encoding)};
  return edit;
}

TextEdit minimal_text_edit(const SourceFile& before, std::string_view after, PositionEncoding encoding) {
  std::string_view old_text = before.text();
  size_t prefix = 0;
  while (prefix < old_text.size() && prefix < after.size() && old_text[prefix] == after[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < old_text.size() - prefix && suffix < after.size() - prefix &&
         old_text[old_text.size() - 1 - suffix] == after[after.size() - 1 - suffix]) {
    ++suffix;
  }
  // Never split a UTF-8 sequence: positions must fall on character boundaries.
  auto continuation = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; };
  while (prefix > 0 && prefix < old_text.size() && continuation(old_text[prefix])) --prefix;
  while (suffix > 0 && continuation(old_text[old_text.size() - suffix])) --suffix;
  auto begin = static_cast<uint32_t>(prefix);
  auto end = static_cast<uint32_t>(old_text.size() - suffix);
  return {range_of(before, begin, end, encoding), std::string(after.substr(prefix, after.size() - suffix - prefix))};
}

}  // namespace forklift::lsp
