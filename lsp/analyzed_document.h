// The analysis side of one open document. Edits are queued cheaply by the
// thread that reads messages; whoever needs the analysis next (the debounced
// worker, or a request) applies them to the incremental parser and analyzes.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "analyzer/tree_sitter_front_end.h"
#include "lsp/document.h"
#include "lsp/document_analysis.h"

namespace forklift::lsp {

class AnalyzedDocument {
 public:
  AnalyzedDocument(std::string uri, std::string path, std::string text, int64_t version);

  const std::string& uri() const { return uri_; }

  void queue(std::vector<TextReplacement> replacements, int64_t version);
  // The version of the text once every queued edit is applied.
  int64_t latest_version();
  // A closed document publishes nothing more.
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

  // The analysis of the latest version under `settings`; it stays valid
  // while the lock is held.
  struct Current {
    std::unique_lock<std::mutex> lock;
    const DocumentAnalysis* analysis;
  };
  Current current(const AnalysisSettings& settings);

 private:
  void apply_queued_edits(const AnalysisSettings& settings);

  std::string uri_;
  std::string path_;
  std::atomic<bool> closed_ = false;
  std::mutex queue_mutex_;  // guards the two below
  std::vector<TextReplacement> queued_;
  int64_t queued_version_;

  std::mutex analysis_mutex_;  // guards everything below
  std::unique_ptr<IncrementalParser> parser_;
  DialectChoice parser_dialect_;
  int64_t parsed_version_ = 0;
  std::unique_ptr<DocumentAnalysis> analysis_;
};

}  // namespace forklift::lsp
