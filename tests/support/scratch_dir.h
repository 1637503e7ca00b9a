// A scratch directory for tests that write real files; removed afterwards.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace forklift::test {

class ScratchDir {
 public:
  // `tag` names the folder (forklift-TAG-PID-N), so a leftover says whose it was.
  explicit ScratchDir(const std::string& tag = "lint") {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("forklift-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string path() const { return path_.string(); }
  const std::filesystem::path& dir() const { return path_; }
  std::string operator/(const std::string& relative) const { return (path_ / relative).string(); }

  // Writes `text` to `relative`, creating folders on the way.
  std::string write(const std::string& relative, const std::string& text) const {
    std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

}  // namespace forklift::test
