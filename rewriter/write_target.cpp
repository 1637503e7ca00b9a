#include "rewriter/write_target.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

namespace forklift {
namespace {

namespace fs = std::filesystem;

bool is_within(const fs::path& path, const fs::path& root) {
  auto [root_end, path_it] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return root_end == root.end();
}

bool inside_any_root(const fs::path& resolved, std::span<const std::string> roots) {
  return std::any_of(roots.begin(), roots.end(), [&](const std::string& root) {
    std::error_code error;
    fs::path resolved_root = fs::canonical(root, error);
    return !error && is_within(resolved, resolved_root);
  });
}

}  // namespace

std::variant<WriteTarget, WriteRefusal> resolve_write_target(const std::string& path, std::span<const std::string> roots,
                                                             bool force) {
  std::error_code error;
  std::string target = path;
  if (fs::is_symlink(fs::symlink_status(path, error))) {
    fs::path resolved = fs::canonical(path, error);
    if (error) return WriteRefusal{fmt::format("{}: cannot resolve symlink: {}", path, error.message())};
    if (!inside_any_root(resolved, roots)) {
      return WriteRefusal{fmt::format("{}: symlink to {}, outside the paths given; not written", path, resolved.string())};
    }
    target = resolved.string();
  }
  struct stat st {};
  if (stat(target.c_str(), &st) != 0) return WriteRefusal{fmt::format("{}: cannot stat", path)};
  if (!S_ISREG(st.st_mode)) return WriteRefusal{fmt::format("{}: not a regular file; not written", path)};
  if (st.st_nlink > 1 && !force) {
    return WriteRefusal{fmt::format("{}: has {} hard links, which a rewrite would separate; not written (--force to "
                                    "write anyway)",
                                    path, st.st_nlink)};
  }
  return WriteTarget{target};
}

}  // namespace forklift
