#include "lsp/feature_server.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "lsp/code_actions.h"
#include "lsp/diagnostic_conversion.h"
#include "lsp/document_symbols.h"
#include "lsp/hover.h"
#include "lsp/shfmt_formatter.h"
#include "lsp/symbol_resolution.h"

namespace forklift::lsp {

FeatureServer::FeatureServer(DiagnosticsPublisher publish, std::function<void(std::string_view)> log)
    : publish_(std::move(publish)), log_(std::move(log)) {
  if (!log_) {
    log_ = [](std::string_view text) { std::fprintf(stderr, "forklift lsp: %.*s\n", static_cast<int>(text.size()), text.data()); };
  }
}

FeatureServer::~FeatureServer() { scheduler_.stop(); }

// A new resolver reads every forklift.toml again: configure() also follows a changed config file.
void FeatureServer::configure(const ServerConfig& config) {
  config_ = config;
  settings_ = std::make_unique<SettingsResolver>(config.overrides);
  ++settings_generation_;
  for (const auto& [uri, document] : analyzed_) schedule_diagnostics(uri);
}

void FeatureServer::did_open(const DidOpenTextDocumentParams& params) {
  const Document& document = documents_.open(params);
  if (auto previous = analyzed_.find(params.uri); previous != analyzed_.end()) previous->second->close();
  analyzed_[params.uri] =
      std::make_shared<AnalyzedDocument>(params.uri, document.file(), params.version);
  schedule_diagnostics(params.uri);
}

void FeatureServer::did_change(const DidChangeTextDocumentParams& params) {
  auto replacements = documents_.change(params, encoding_);
  auto analyzed = analyzed_.find(params.uri);
  if (!replacements || analyzed == analyzed_.end()) return;
  analyzed->second->queue(std::move(*replacements), documents_.find(params.uri)->file(), params.version);
  schedule_diagnostics(params.uri);
}

void FeatureServer::did_close(const DidCloseTextDocumentParams& params) {
  scheduler_.cancel(params.uri);
  documents_.close(params.uri);
  auto analyzed = analyzed_.find(params.uri);
  if (analyzed == analyzed_.end()) return;
  std::lock_guard lock(publish_mutex_);
  analyzed->second->close();
  analyzed_.erase(analyzed);
  publish_(PublishDiagnosticsParams{params.uri, std::nullopt, {}});
}

AnalysisSettings FeatureServer::settings_for(const Document& document) {
  const std::string& path = document.file()->path();
  std::string error;
  std::optional<FileSettings> settings = settings_->settings_for(path, error);
  if (!error.empty()) log_(error + " (using the defaults)");
  if (!settings) settings = settings_->defaults_for(path);
  return AnalysisSettings{std::move(settings->options), settings->unsafe_fixes, settings_generation_};
}

void FeatureServer::schedule_diagnostics(const std::string& uri) {
  const Document* document = documents_.find(uri);
  if (document == nullptr) return;
  if (document->file()->size() > kMaxDocumentBytes) {
    scheduler_.cancel(uri);
    publish_too_large(*document);
    return;
  }
  DiagnosticsJob job{analyzed_.at(uri), settings_for(*document), config_, encoding_};
  scheduler_.schedule_debounced(uri, config_.debounce, [this, job = std::move(job)] { publish_if_current(job); });
}

void FeatureServer::publish_if_current(const DiagnosticsJob& job) {
  auto document = job.document.lock();
  if (!document) return;
  auto current = document->current(job.settings);
  const DocumentAnalysis& analysis = *current.analysis;
  PublishDiagnosticsParams params{document->uri(), analysis.version, {}};
  for (const ParseError& error : analysis.parse_errors) {
    params.diagnostics.push_back(parse_error_diagnostic(error, *analysis.file, job.encoding));
  }
  std::optional<LoopSpans> loops;
  if (analysis.model && related_information_) loops.emplace(*analysis.model);
  for (const forklift::Diagnostic& diagnostic : analysis.diagnostics) {
    lsp::Diagnostic converted = to_lsp_diagnostic(diagnostic, *analysis.file, job.encoding, job.config);
    if (loops) {
      converted.related_information =
          loop_related_information(diagnostic, *analysis.file, document->uri(), job.encoding, *loops);
    }
    params.diagnostics.push_back(std::move(converted));
  }
  std::lock_guard lock(publish_mutex_);
  // A newer edit or setting has its own job coming; a closed document was cleared.
  bool superseded = document->latest_version() != analysis.version || job.settings.generation != settings_generation_;
  if (superseded || document->closed()) return;
  publish_(params);
}

void FeatureServer::publish_too_large(const Document& document) {
  const SourceFile& file = *document.file();
  lsp::Diagnostic notice;
  notice.severity = DiagnosticSeverity::Information;
  notice.source = kDiagnosticSource;
  notice.message = fmt::format("not analyzed: the document is {} bytes, above the limit of {} bytes", file.size(),
                               kMaxDocumentBytes);
  std::lock_guard lock(publish_mutex_);
  publish_(PublishDiagnosticsParams{document.uri(), document.version(), {notice}});
}

template <typename Result, typename Use>
Result FeatureServer::with_analysis(const std::string& uri, Result fallback, Use use) {
  const Document* document = documents_.find(uri);
  auto analyzed = analyzed_.find(uri);
  if (document == nullptr || analyzed == analyzed_.end()) return fallback;
  if (document->file()->size() > kMaxDocumentBytes) return fallback;
  AnalysisSettings settings = settings_for(*document);
  auto current = analyzed->second->current(settings);
  return use(*current.analysis, settings);
}

std::vector<SharedCodeAction> FeatureServer::code_actions(const CodeActionParams& params) {
  const std::string& uri = params.text_document.uri;
  return with_analysis(uri, std::vector<SharedCodeAction>{}, [&](const DocumentAnalysis& analysis, const AnalysisSettings& settings) {
    return lsp::code_actions(CodeActionContext{analysis, uri, encoding_, config_, settings, resolve_code_actions_},
                             params);
  });
}

std::optional<WorkspaceEdit> FeatureServer::resolve_fix_all(const CodeActionData& data) {
  return with_analysis(data.uri, std::optional<WorkspaceEdit>{},
                       [&](const DocumentAnalysis& analysis, const AnalysisSettings& settings) -> std::optional<WorkspaceEdit> {
                         if (analysis.version != data.version) return std::nullopt;
                         return fix_all_edit(CodeActionContext{analysis, data.uri, encoding_, config_, settings});
                       });
}

std::optional<Hover> FeatureServer::hover(const TextDocumentPositionParams& params) {
  return with_analysis(params.text_document.uri, std::optional<Hover>{}, [&](const DocumentAnalysis& analysis, const auto&) {
    return hover_at(analysis, offset_of(*analysis.file, params.position, encoding_), encoding_);
  });
}

std::vector<DocumentSymbol> FeatureServer::document_symbols(const TextDocumentIdentifier& document) {
  return with_analysis(document.uri, std::vector<DocumentSymbol>{}, [&](const DocumentAnalysis& analysis, const auto&) {
    return lsp::document_symbols(analysis, encoding_);
  });
}

std::vector<Location> FeatureServer::definition(const TextDocumentPositionParams& params) {
  const std::string& uri = params.text_document.uri;
  return with_analysis(uri, std::vector<Location>{}, [&](const DocumentAnalysis& analysis, const auto&) {
    auto symbol = symbol_at(analysis, offset_of(*analysis.file, params.position, encoding_));
    if (!symbol) return std::vector<Location>{};
    return locations(uri, *analysis.file, definition_spans(analysis, *symbol));
  });
}

std::vector<Location> FeatureServer::references(const ReferenceParams& params) {
  const std::string& uri = params.position.text_document.uri;
  return with_analysis(uri, std::vector<Location>{}, [&](const DocumentAnalysis& analysis, const auto&) {
    auto symbol = symbol_at(analysis, offset_of(*analysis.file, params.position.position, encoding_));
    if (!symbol) return std::vector<Location>{};
    std::vector<Span> spans = use_spans(analysis, *symbol);
    if (params.include_declaration) {
      std::vector<Span> definitions = definition_spans(analysis, *symbol);
      spans.insert(spans.end(), definitions.begin(), definitions.end());
      std::sort(spans.begin(), spans.end(), [](Span a, Span b) { return a.begin < b.begin; });
      spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
    }
    return locations(uri, *analysis.file, spans);
  });
}

std::vector<Location> FeatureServer::locations(const std::string& uri, const SourceFile& file,
                                               const std::vector<Span>& spans) const {
  std::vector<Location> found;
  for (Span span : spans) found.push_back({uri, range_of(file, span.begin, span.end, encoding_)});
  return found;
}

// One edit replacing the whole text, as bash-language-server sends: shfmt
// reprints everything, so a finer diff would buy the client little.
std::vector<TextEdit> FeatureServer::formatting(const DocumentFormattingParams& params) {
  const Document* document = documents_.find(params.text_document.uri);
  if (document == nullptr) return {};
  std::string shfmt = find_shfmt();
  if (shfmt.empty()) throw std::runtime_error("formatting needs shfmt, which is not installed");
  const SourceFile& file = *document->file();
  auto dialect_of = [](const DocumentAnalysis& analysis, const auto&) { return analysis.dialect.dialect; };
  Dialect dialect = with_analysis(params.text_document.uri, Dialect::Bash, dialect_of);
  bool has_path = document->uri().starts_with("file:");
  std::string formatted = run_shfmt(shfmt, {file.text(), has_path ? file.path() : "", dialect, params.options});
  if (formatted == file.text()) return {};
  Range whole{{0, 0}, position_of(file, static_cast<uint32_t>(file.size()), encoding_)};
  return {TextEdit{whole, std::move(formatted)}};
}

}  // namespace forklift::lsp
