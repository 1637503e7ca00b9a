#include "lsp/analyzed_document.h"

namespace forklift::lsp {

AnalyzedDocument::AnalyzedDocument(std::string uri, std::string path, std::string text, int64_t version)
    : uri_(std::move(uri)), path_(std::move(path)), queued_version_(version) {
  uint32_t size = static_cast<uint32_t>(text.size());
  queued_.push_back(TextReplacement{0, size, std::move(text), true});
}

void AnalyzedDocument::queue(std::vector<TextReplacement> replacements, int64_t version) {
  std::lock_guard lock(queue_mutex_);
  for (auto& replacement : replacements) queued_.push_back(std::move(replacement));
  queued_version_ = version;
}

int64_t AnalyzedDocument::latest_version() {
  std::lock_guard lock(queue_mutex_);
  return queued_version_;
}

AnalyzedDocument::Current AnalyzedDocument::current(const AnalysisSettings& settings) {
  std::unique_lock lock(analysis_mutex_);
  apply_queued_edits(settings);
  DialectChoice dialect = detect_dialect(path_, parser_->file().text(), settings.lint.shell);
  if (dialect.dialect != parser_dialect_.dialect) {
    // The shebang or the configured shell changed: parse anew for the new dialect.
    analysis_.reset();
    parser_ = std::make_unique<IncrementalParser>(path_, parser_->file().text(), dialect.dialect);
  }
  parser_dialect_ = dialect;
  bool stale = !analysis_ || analysis_->version != parsed_version_ || analysis_->settings_generation != settings.generation;
  if (stale) {
    analysis_.reset();  // it points into the parser's tree
    analysis_ = analyze_document(parser_->file(), parser_->result(), dialect, settings);
    analysis_->version = parsed_version_;
  }
  return {std::move(lock), analysis_.get()};
}

void AnalyzedDocument::apply_queued_edits(const AnalysisSettings& settings) {
  std::vector<TextReplacement> edits;
  {
    std::lock_guard lock(queue_mutex_);
    edits.swap(queued_);
    parsed_version_ = queued_version_;
  }
  if (edits.empty()) return;
  analysis_.reset();  // the parser replaces the text and tree it points into
  for (auto& edit : edits) {
    if (!parser_) {
      parser_dialect_ = detect_dialect(path_, edit.text, settings.lint.shell);
      parser_ = std::make_unique<IncrementalParser>(path_, std::move(edit.text), parser_dialect_.dialect);
    } else if (edit.whole_document) {
      parser_->reset(std::move(edit.text));
    } else {
      parser_->edit(edit.begin, edit.end, edit.text);
    }
  }
}

}  // namespace forklift::lsp
