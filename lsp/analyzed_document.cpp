#include "lsp/analyzed_document.h"

#include "analyzer/exact_parser.h"

namespace forklift::lsp {

AnalyzedDocument::AnalyzedDocument(std::string uri, std::shared_ptr<const SourceFile> text, int64_t version)
    : uri_(std::move(uri)), queued_text_(std::move(text)), queued_version_(version) {}

void AnalyzedDocument::queue(std::vector<TextReplacement> replacements, std::shared_ptr<const SourceFile> text,
                             int64_t version) {
  std::lock_guard lock(queue_mutex_);
  for (auto& replacement : replacements) queued_.push_back(std::move(replacement));
  queued_text_ = std::move(text);
  queued_version_ = version;
}

int64_t AnalyzedDocument::latest_version() {
  std::lock_guard lock(queue_mutex_);
  return queued_version_;
}

AnalyzedDocument::Current AnalyzedDocument::current(const AnalysisSettings& settings) {
  std::unique_lock lock(analysis_mutex_);
  take_queued_edits();
  bool stale = !analysis_ || analysis_->version != version_ || analysis_->settings_generation != settings.generation;
  if (stale) {
    analysis_.reset();  // it may point into the tree-sitter parser's text and tree
    DialectChoice dialect = detect_dialect(text_->path(), text_->text(), settings.lint.shell);
    ParseResult exact = parse_exact(*text_, dialect.dialect);
    if (exact.ast) {
      analysis_ = analyze_parsed(*text_, std::move(exact), dialect, settings);
      analysis_->text = text_;
    } else {
      const ParseResult& tree_sitter = tree_sitter_parse(dialect.dialect);
      analysis_ = analyze_recovered(parser_->file(), tree_sitter, std::move(exact.errors), dialect, settings);
    }
    analysis_->version = version_;
  }
  return {std::move(lock), analysis_.get()};
}

void AnalyzedDocument::take_queued_edits() {
  std::lock_guard lock(queue_mutex_);
  if (parser_) {
    for (auto& edit : queued_) parser_backlog_.push_back(std::move(edit));
  }
  queued_.clear();
  text_ = queued_text_;
  version_ = queued_version_;
}

const ParseResult& AnalyzedDocument::tree_sitter_parse(Dialect dialect) {
  bool replay = parser_ && parser_dialect_ == dialect && parser_backlog_.size() <= kMaxReplayedEdits;
  if (!replay) {
    parser_ = std::make_unique<IncrementalParser>(text_->path(), text_->text(), dialect);
    parser_dialect_ = dialect;
  } else {
    for (auto& edit : parser_backlog_) {
      if (edit.whole_document) {
        parser_->reset(std::move(edit.text));
      } else {
        parser_->edit(edit.begin, edit.end, edit.text);
      }
    }
  }
  parser_backlog_.clear();
  return parser_->result();
}

}  // namespace forklift::lsp
