// .gitignore files: which paths git would ignore, so `forklift lint DIR` skips them.
//
// Supported: comments, blank lines, trailing-space trimming, `!` negation,
// dir-only patterns (`build/`), anchored patterns (a '/' anywhere but the end),
// `*`, `?`, `[...]`, `**`, and `\` escapes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace forklift::cli {

// The patterns of one .gitignore file.
class GitignoreFile {
 public:
  // `directory`: absolute, '/'-separated folder holding the file.
  GitignoreFile(std::string directory, std::string_view text);

  // nullopt when no pattern matches `absolute_path`; else whether the last
  // matching pattern ignores it (false: re-included by `!pattern`).
  std::optional<bool> match(std::string_view absolute_path, bool is_directory) const;

 private:
  struct Pattern {
    std::string glob;
    bool negated = false;
    bool directory_only = false;
    bool anchored = false;  // matched against the path relative to directory_
  };
  std::string directory_;
  std::vector<Pattern> patterns_;
};

// The .gitignore files in force while walking down a tree, deepest last.
class GitignoreStack {
 public:
  // Reads DIRECTORY/.gitignore if present; returns whether one was pushed.
  bool push_directory(const std::string& absolute_directory);
  // Reads FILE, whose patterns are relative to DIRECTORY (info/exclude, core.excludesFile).
  bool push_file(const std::string& absolute_directory, const std::string& file);
  void pop() { files_.pop_back(); }
  bool ignored(std::string_view absolute_path, bool is_directory) const;

 private:
  std::vector<GitignoreFile> files_;
};

}  // namespace forklift::cli
