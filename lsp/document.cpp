#include "lsp/document.h"

#include <algorithm>

namespace forklift::lsp {

Document::Document(std::string uri, std::string path, int64_t version, std::string text)
    : uri_(std::move(uri)), version_(version), file_(std::make_shared<SourceFile>(std::move(path), std::move(text))) {}

std::vector<TextReplacement> Document::apply(const DidChangeTextDocumentParams& params, PositionEncoding encoding) {
  std::vector<TextReplacement> applied;
  for (const auto& change : params.content_changes) {
    TextReplacement replacement{0, file_->size(), change.text, true};
    if (change.range) {
      uint32_t begin = offset_of(*file_, change.range->start, encoding);
      uint32_t end = offset_of(*file_, change.range->end, encoding);
      // A reversed range is a client bug; treat it as the range it spans.
      replacement = {std::min(begin, end), std::max(begin, end), change.text, false};
    }
    replace(replacement);
    applied.push_back(std::move(replacement));
  }
  version_ = params.version;
  return applied;
}

void Document::replace(const TextReplacement& replacement) {
  const std::string& old_text = file_->text();
  std::string updated;
  updated.reserve(old_text.size() - (replacement.end - replacement.begin) + replacement.text.size());
  updated.append(old_text, 0, replacement.begin)
      .append(replacement.text)
      .append(old_text, replacement.end, std::string::npos);
  file_ = std::make_shared<SourceFile>(file_->path(), std::move(updated));
}

}  // namespace forklift::lsp
