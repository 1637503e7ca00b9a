// The analysis side of one open document. Edits are queued cheaply by the
// thread that reads messages; whoever needs the analysis next (the debounced
// worker, or a request) parses the latest text and analyzes it.
//
// Parsing tries the exact parser first: on well-formed text it gives the
// same tree as tree-sitter (the corpus test holds them to it) about 18 times
// faster (bench/README.md, "parse"). Text it cannot parse, which is most of
// the time while someone types, goes to tree-sitter's incremental parser,
// which recovers; that parser follows the edits (replayed when there are
// few, else a fresh parse) only while it is needed.
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
  // More edits than this since tree-sitter last parsed: parse afresh rather than replay them.
  static constexpr size_t kMaxReplayedEdits = 16;

  AnalyzedDocument(std::string uri, std::shared_ptr<const SourceFile> text, int64_t version);

  const std::string& uri() const { return uri_; }

  // `text` is the document after `replacements`.
  void queue(std::vector<TextReplacement> replacements, std::shared_ptr<const SourceFile> text, int64_t version);
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
  void take_queued_edits();
  const ParseResult& tree_sitter_parse(Dialect dialect);

  std::string uri_;
  std::atomic<bool> closed_ = false;

  std::mutex queue_mutex_;  // guards the three below
  std::vector<TextReplacement> queued_;
  std::shared_ptr<const SourceFile> queued_text_;
  int64_t queued_version_;

  std::mutex analysis_mutex_;  // guards everything below
  std::shared_ptr<const SourceFile> text_;
  int64_t version_ = 0;
  std::unique_ptr<IncrementalParser> parser_;  // null until a text fails the exact parser
  Dialect parser_dialect_ = Dialect::Bash;
  std::vector<TextReplacement> parser_backlog_;  // edits the parser has not seen
  std::unique_ptr<DocumentAnalysis> analysis_;
};

}  // namespace forklift::lsp
