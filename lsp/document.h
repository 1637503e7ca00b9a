// One open editor buffer: its text as the client sees it, and its version.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analyzer/source_file.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/text_sync.h"

namespace forklift::lsp {

// One change in bytes, as applied: [begin, end) of the text before it became `text`.
struct TextReplacement {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string text;
  bool whole_document = false;  // the client sent the full text
};

class Document {
 public:
  // `path` names the file for dialect detection and messages (the URI's path,
  // or the URI itself for unsaved buffers).
  Document(std::string uri, std::string path, int64_t version, std::string text);

  const std::string& uri() const { return uri_; }
  int64_t version() const { return version_; }
  // An immutable snapshot: analysis threads keep it while edits go on.
  std::shared_ptr<const SourceFile> file() const { return file_; }

  // Applies the changes of one didChange in order; positions of each change
  // refer to the text left by the previous one. Returns them in bytes, for
  // an incremental parser to follow.
  std::vector<TextReplacement> apply(const DidChangeTextDocumentParams& params, PositionEncoding encoding);

 private:
  void replace(const TextReplacement& replacement);

  std::string uri_;
  int64_t version_;
  std::shared_ptr<const SourceFile> file_;
};

}  // namespace forklift::lsp
