#include "analyzer/lex/backslash.h"

namespace forklift {

void append_unescaped(std::string& out, std::string_view raw, BackslashContext context) {
  size_t done = 0;
  for (size_t i = raw.find('\\'); i != std::string_view::npos && i + 1 < raw.size(); i = raw.find('\\', i)) {
    const char next = raw[i + 1];
    if (!backslash_quotes(next, context)) {
      i += 2;  // the backslash is literal, and so is what it stands before
      continue;
    }
    out.append(raw.substr(done, i - done));
    if (next != '\n') out += next;
    done = i += 2;
  }
  out.append(raw.substr(done));
}

std::string unescaped(std::string_view raw, BackslashContext context) {
  std::string out;
  out.reserve(raw.size());
  append_unescaped(out, raw, context);
  return out;
}

}  // namespace forklift
