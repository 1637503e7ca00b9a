#include "harness/bench/plot_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace forklift::harness::bench {
namespace {

namespace fs = std::filesystem;

std::string folder_of(const std::string& path) {
  fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

}  // namespace

std::optional<std::string> plot_path_problem(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return fmt::format("{}: is a directory", path);
  std::string folder = folder_of(path);
  if (!fs::is_directory(folder, ec)) return fmt::format("{}: no such directory", folder);
  if (access(folder.c_str(), W_OK | X_OK) != 0) {
    return fmt::format("{}: cannot write there: {}", folder, std::strerror(errno));
  }
  return std::nullopt;
}

}  // namespace forklift::harness::bench
