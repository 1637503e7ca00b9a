#include "lsp/document.h"

#include <algorithm>

namespace forklift::lsp {

Document::Document(std::string uri, std::string path, int64_t version, std::string text)
    : uri_(std::move(uri)), version_(version), file_(std::make_shared<SourceFile>(std::move(path), std::move(text))) {}

void Document::apply(const DidChangeTextDocumentParams& params, PositionEncoding encoding) {
  for (const auto& change : params.content_changes) {
    if (!change.range) {
      replace(0, file_->size(), change.text);
      continue;
    }
    uint32_t begin = offset_of(*file_, change.range->start, encoding);
    uint32_t end = offset_of(*file_, change.range->end, encoding);
    // A reversed range is a client bug; treat it as the range it spans.
    replace(std::min(begin, end), std::max(begin, end), change.text);
  }
  version_ = params.version;
}

void Document::replace(uint32_t begin, uint32_t end, const std::string& text) {
  const std::string& old_text = file_->text();
  std::string updated;
  updated.reserve(old_text.size() - (end - begin) + text.size());
  updated.append(old_text, 0, begin).append(text).append(old_text, end, std::string::npos);
  file_ = std::make_shared<SourceFile>(file_->path(), std::move(updated));
}

}  // namespace forklift::lsp
