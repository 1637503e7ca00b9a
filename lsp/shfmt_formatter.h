// Formatting through shfmt, as bash-language-server does: the document goes
// to `shfmt` on stdin, named with --filename so that shfmt finds the
// project's .editorconfig. With an .editorconfig, shfmt takes every setting
// from it (any flag would make it ignore the file); without one, the
// document's dialect goes as -ln and the editor's indentation as -i.
#pragma once

#include <string>
#include <vector>

#include "analyzer/dialect.h"
#include "lsp/protocol/formatting.h"

namespace forklift::lsp {

struct ShfmtRequest {
  std::string text;
  std::string path;  // the document's file; empty for an unsaved buffer
  Dialect dialect = Dialect::Bash;
  FormattingOptions options;
};

// shfmt's path on PATH; empty when it is not installed.
std::string find_shfmt();

// The arguments after the program name.
std::vector<std::string> shfmt_arguments(const ShfmtRequest& request);

// The formatted text; throws std::runtime_error with shfmt's message when it
// fails (a syntax error, a dialect it cannot parse) or runs over 10 seconds.
std::string run_shfmt(const std::string& shfmt, const ShfmtRequest& request);

}  // namespace forklift::lsp
