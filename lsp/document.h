// One open editor buffer: its text as the client sees it, and its version.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "analyzer/source_file.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/text_sync.h"

namespace forklift::lsp {

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
  // refer to the text left by the previous one.
  void apply(const DidChangeTextDocumentParams& params, PositionEncoding encoding);

 private:
  void replace(uint32_t begin, uint32_t end, const std::string& text);

  std::string uri_;
  int64_t version_;
  std::shared_ptr<const SourceFile> file_;
};

}  // namespace forklift::lsp
