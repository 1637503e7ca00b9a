// The language features over open documents: text sync, debounced analysis
// and diagnostics, code actions, hover, symbols and navigation. Typed in and
// out (LanguageFeatures); JSON never reaches here.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "lsp/analysis_scheduler.h"
#include "lsp/analyzed_document.h"
#include "lsp/document_store.h"
#include "lsp/language_features.h"

namespace forklift::lsp {

class FeatureServer : public LanguageFeatures {
 public:
  // Larger documents are not analyzed (as `forklift lint` refuses larger files):
  // their diagnostics say so, and requests about them get empty answers.
  static constexpr uint32_t kMaxDocumentBytes = LoadLimits{}.max_bytes;

  // `log` gets what the user should know but no request answers (a bad
  // forklift.toml); default: stderr.
  explicit FeatureServer(DiagnosticsPublisher publish, std::function<void(std::string_view)> log = {});
  ~FeatureServer() override;

  void set_position_encoding(PositionEncoding encoding) override { encoding_ = encoding; }
  void set_related_information_support(bool supported) override { related_information_ = supported; }
  void set_code_action_resolve_support(bool supported) override { resolve_code_actions_ = supported; }
  void configure(const ServerConfig& config) override;

  void did_open(const DidOpenTextDocumentParams& params) override;
  void did_change(const DidChangeTextDocumentParams& params) override;
  void did_close(const DidCloseTextDocumentParams& params) override;

  std::vector<SharedCodeAction> code_actions(const CodeActionParams& params) override;
  std::optional<WorkspaceEdit> resolve_fix_all(const CodeActionData& data) override;
  std::optional<Hover> hover(const TextDocumentPositionParams& params) override;
  std::vector<DocumentSymbol> document_symbols(const TextDocumentIdentifier& document) override;
  std::vector<Location> definition(const TextDocumentPositionParams& params) override;
  std::vector<Location> references(const ReferenceParams& params) override;
  std::vector<TextEdit> formatting(const DocumentFormattingParams& params) override;

  void stop() override { scheduler_.stop(); }

 private:
  // The document's forklift.toml under the client's settings, resolved as `forklift lint` resolves them.
  AnalysisSettings settings_for(const Document& document);
  void schedule_diagnostics(const std::string& uri);
  // What a diagnostics job needs, copied: the worker never reads the server's state.
  struct DiagnosticsJob {
    std::weak_ptr<AnalyzedDocument> document;
    AnalysisSettings settings;
    ServerConfig config;
    PositionEncoding encoding;
  };
  void publish_if_current(const DiagnosticsJob& job);
  void publish_too_large(const Document& document);
  // Runs `use` on the up-to-date analysis of an open document; `fallback` when it is not open.
  template <typename Result, typename Use>
  Result with_analysis(const std::string& uri, Result fallback, Use use);
  std::vector<Location> locations(const std::string& uri, const SourceFile& file, const std::vector<Span>& spans) const;

  DiagnosticsPublisher publish_;
  std::function<void(std::string_view)> log_;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  bool related_information_ = false;
  bool resolve_code_actions_ = false;
  ServerConfig config_;
  std::unique_ptr<SettingsResolver> settings_ = std::make_unique<SettingsResolver>();  // replaced by configure()
  std::atomic<uint64_t> settings_generation_ = 0;
  DocumentStore documents_;
  std::map<std::string, std::shared_ptr<AnalyzedDocument>> analyzed_;
  std::mutex publish_mutex_;  // orders publications against didClose's clearing one
  AnalysisScheduler scheduler_;
};

}  // namespace forklift::lsp
