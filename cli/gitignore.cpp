#include "cli/gitignore.h"

#include "analyzer/regular_file.h"
#include "config/path_glob.h"

namespace forklift::cli {
namespace {

constexpr uint64_t kMaxGitignoreBytes = 16u << 20;

// Trailing spaces are dropped unless escaped with a backslash.
std::string_view trim_trailing_spaces(std::string_view line) {
  while (line.ends_with(' ') && !line.ends_with("\\ ")) line.remove_suffix(1);
  return line;
}

std::string_view base_name(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

GitignoreFile::GitignoreFile(std::string directory, std::string_view text) : directory_(std::move(directory)) {
  while (!directory_.empty() && directory_.back() == '/') directory_.pop_back();
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    line = trim_trailing_spaces(line);
    if (line.empty() || line.front() == '#') continue;
    Pattern pattern;
    if (line.front() == '!') {
      pattern.negated = true;
      line.remove_prefix(1);
    }
    if (line.ends_with('/')) {
      pattern.directory_only = true;
      line.remove_suffix(1);
    }
    pattern.anchored = line.find('/') != std::string_view::npos;
    if (line.starts_with('/')) line.remove_prefix(1);
    if (line.empty()) continue;
    pattern.glob = std::string(line);
    patterns_.push_back(std::move(pattern));
  }
}

std::optional<bool> GitignoreFile::match(std::string_view absolute_path, bool is_directory) const {
  if (absolute_path.size() <= directory_.size() + 1 || !absolute_path.starts_with(directory_) ||
      absolute_path[directory_.size()] != '/') {
    return std::nullopt;
  }
  std::string_view relative = absolute_path.substr(directory_.size() + 1);
  std::string_view name = base_name(relative);
  for (auto it = patterns_.rbegin(); it != patterns_.rend(); ++it) {
    if (it->directory_only && !is_directory) continue;
    if (glob_match(it->glob, it->anchored ? relative : name)) return !it->negated;
  }
  return std::nullopt;
}

bool GitignoreStack::push_directory(const std::string& absolute_directory) {
  return push_file(absolute_directory, absolute_directory + "/.gitignore");
}

bool GitignoreStack::push_file(const std::string& absolute_directory, const std::string& file) {
  // A FIFO or device named .gitignore is skipped like a missing one, unread.
  RegularFileRead read = read_regular_file(file, kMaxGitignoreBytes);
  if (!read.text) return false;
  files_.emplace_back(absolute_directory, std::move(*read.text));
  return true;
}

bool GitignoreStack::ignored(std::string_view absolute_path, bool is_directory) const {
  for (auto it = files_.rbegin(); it != files_.rend(); ++it) {
    if (std::optional<bool> verdict = it->match(absolute_path, is_directory)) return *verdict;
  }
  return false;
}

}  // namespace forklift::cli
