#include "cli/file_discovery.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>

#include "analyzer/dialect.h"
#include "cli/git_excludes.h"
#include "cli/gitignore.h"

namespace fs = std::filesystem;

namespace forklift::cli {
namespace {

constexpr size_t kSniffBytes = 8192;  // the same window load_source checks for NUL

bool has_shell_extension(std::string_view path) {
  static constexpr std::array<std::string_view, 5> kExtensions{".sh", ".bash", ".ksh", ".mksh", ".dash"};
  return std::any_of(kExtensions.begin(), kExtensions.end(), [&](std::string_view ext) { return path.ends_with(ext); });
}

std::string read_head(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(kSniffBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return head;
}

std::string join(const std::string& directory, const std::string& name) {
  if (directory == ".") return name;
  return directory.ends_with('/') ? directory + name : directory + "/" + name;
}

class Walker {
 public:
  explicit Walker(Discovery& out) : out_(out) {}

  void walk_root(const std::string& display, const fs::path& absolute) {
    GitignoreStack stack;
    if (std::optional<RepositoryLayout> repository = find_repository(absolute)) {
      std::string root = repository->root.generic_string();
      for (const fs::path& file : exclude_files(*repository)) stack.push_file(root, file.string());
      for (const fs::path& folder : folders_above(repository->root, absolute)) stack.push_directory(folder.generic_string());
    }
    walk(display, absolute.generic_string(), stack);
  }

 private:
  // The folders from `root` down to the parent of `directory`.
  static std::vector<fs::path> folders_above(const fs::path& root, const fs::path& directory) {
    std::vector<fs::path> chain;
    for (fs::path dir = directory; dir != root && dir.has_relative_path();) {
      dir = dir.parent_path();
      chain.push_back(dir);
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  void walk(const std::string& display, const std::string& absolute, GitignoreStack& stack) {
    bool pushed = stack.push_directory(absolute);
    std::error_code error;
    std::vector<std::string> names;
    for (fs::directory_iterator it(absolute, error), end; !error && it != end; it.increment(error)) {
      names.push_back(it->path().filename().string());
    }
    if (error) out_.errors.push_back(display + ": " + error.message());
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) visit_entry(join(display, name), join(absolute, name), name, stack);
    if (pushed) stack.pop();
  }

  void visit_entry(const std::string& display, const std::string& absolute, const std::string& name,
                   GitignoreStack& stack) {
    std::error_code error;
    fs::file_status link = fs::symlink_status(absolute, error);
    if (error || name == ".git") return;
    if (fs::is_directory(link)) {
      if (!stack.ignored(absolute, true)) walk(display, absolute, stack);
      return;
    }
    // Symlinks to files are followed, to directories not (no cycles).
    if (!fs::is_regular_file(fs::status(absolute, error)) || stack.ignored(absolute, false)) return;
    if (looks_like_shell_script(name, read_head(absolute))) out_.files.push_back(display);
  }

  Discovery& out_;
};

}  // namespace

bool looks_like_shell_script(std::string_view path, std::string_view head) {
  if (head.find('\0') != std::string_view::npos) return false;
  if (has_shell_extension(path)) return true;
  if (!head.starts_with("#!")) return false;
  DialectSource source = detect_dialect("", head).source;
  return source == DialectSource::Shebang || source == DialectSource::Directive;
}

Discovery discover_files(const std::vector<std::string>& paths) {
  Discovery out;
  Walker walker(out);
  for (const std::string& path : paths) {
    std::error_code error;
    fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) {
      out.errors.push_back(path + ": " + (error ? error.message() : "No such file or directory"));
    } else if (fs::is_directory(status)) {
      fs::path absolute = fs::absolute(path).lexically_normal();
      if (!absolute.has_filename()) absolute = absolute.parent_path();  // "dir/" -> "dir"
      walker.walk_root(path, absolute);
    } else {
      out.files.push_back(path);
    }
  }
  return out;
}

}  // namespace forklift::cli
