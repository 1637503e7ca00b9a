#include "cli/git_excludes.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace forklift::cli {
namespace {

std::string trim(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return "";
  size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return trim(line);
}

// `.git` is a folder, or a file `gitdir: PATH` (linked worktree, submodule)
// whose folder may name the shared one in `commondir`.
fs::path resolve_git_dir(const fs::path& dot_git) {
  std::error_code ignored;
  if (fs::is_directory(dot_git, ignored)) return dot_git;
  std::string line = first_line(dot_git);
  if (!line.starts_with("gitdir:")) return {};
  fs::path git_dir = trim(std::string_view(line).substr(7));
  if (git_dir.is_relative()) git_dir = dot_git.parent_path() / git_dir;
  std::string common = first_line(git_dir / "commondir");
  if (common.empty()) return git_dir.lexically_normal();
  fs::path common_dir = common;
  return (common_dir.is_relative() ? git_dir / common_dir : common_dir).lexically_normal();
}

// The value of core.excludesFile in one git config file, if set there (the
// last setting wins, as in git). Values may be quoted; `~/` is expanded.
std::optional<fs::path> configured_excludes_file(const fs::path& config) {
  std::ifstream in(config);
  std::optional<fs::path> value;
  std::string section, line;
  while (std::getline(in, line)) {
    std::string text = trim(line);
    if (text.empty() || text[0] == '#' || text[0] == ';') continue;
    if (text[0] == '[') {
      section = lower(trim(std::string_view(text).substr(1, text.find(']') - 1)));
      continue;
    }
    size_t equals = text.find('=');
    if (section != "core" || equals == std::string::npos || lower(trim(text.substr(0, equals))) != "excludesfile") {
      continue;
    }
    std::string path = trim(std::string_view(text).substr(equals + 1));
    if (path.size() >= 2 && path.front() == '"' && path.back() == '"') path = path.substr(1, path.size() - 2);
    const char* home = std::getenv("HOME");
    if (path.starts_with("~/") && home != nullptr) path = std::string(home) + path.substr(1);
    value = fs::path(path);
  }
  return value;
}

fs::path default_excludes_file() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && *xdg != '\0') return fs::path(xdg) / "git/ignore";
  const char* home = std::getenv("HOME");
  return home != nullptr ? fs::path(home) / ".config/git/ignore" : fs::path();
}

fs::path user_excludes_file(const RepositoryLayout& repository) {
  if (std::optional<fs::path> path = configured_excludes_file(repository.git_dir / "config")) return *path;
  const char* home = std::getenv("HOME");
  if (home != nullptr) {
    if (std::optional<fs::path> path = configured_excludes_file(fs::path(home) / ".gitconfig")) return *path;
  }
  return default_excludes_file();
}

}  // namespace

std::optional<RepositoryLayout> find_repository(const fs::path& directory) {
  std::error_code ignored;
  for (fs::path dir = directory; !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ignored)) {
      fs::path git_dir = resolve_git_dir(dir / ".git");
      if (git_dir.empty()) return std::nullopt;
      return RepositoryLayout{dir, git_dir};
    }
    if (!dir.has_relative_path()) break;
  }
  return std::nullopt;
}

std::vector<fs::path> exclude_files(const RepositoryLayout& repository) {
  std::vector<fs::path> files;
  std::error_code ignored;
  for (const fs::path& file : {user_excludes_file(repository), repository.git_dir / "info/exclude"}) {
    if (!file.empty() && fs::is_regular_file(file, ignored)) files.push_back(file);
  }
  return files;
}

}  // namespace forklift::cli
