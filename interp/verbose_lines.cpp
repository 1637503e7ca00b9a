// `set -v`: ksh echoes each line of a script to stderr as it reads it, that
// is, the lines of a top-level command before the command runs, comments and
// blank lines included.
#include "interp/shell.h"

namespace forklift::interp {

void Shell::read_lines_of(const Node* statement) {
  std::string_view source = current_source();
  if (statement->end > source.size() || statement->end < lines_read_until_) return;
  size_t newline = source.find('\n', statement->end);
  uint32_t line_end = newline == std::string_view::npos ? static_cast<uint32_t>(source.size())
                                                        : static_cast<uint32_t>(newline + 1);
  if (options_.verbose) write_fd(2, source.substr(lines_read_until_, line_end - lines_read_until_));
  lines_read_until_ = line_end;
}

void Shell::echo_unread_lines() {
  std::string_view source = current_source();
  if (!options_.verbose || lines_read_until_ >= source.size()) return;
  write_fd(2, source.substr(lines_read_until_));
  lines_read_until_ = static_cast<uint32_t>(source.size());
}

}  // namespace forklift::interp
