// Where git keeps ignore patterns outside the .gitignore files of the tree:
// the repository's info/exclude and the user's core.excludesFile. Both rank
// below every .gitignore (git's precedence), excludesFile lowest.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

namespace forklift::cli {

struct RepositoryLayout {
  std::filesystem::path root;     // the work tree's top folder
  std::filesystem::path git_dir;  // shared .git folder (a linked worktree's common dir)
};

// The repository `directory` is in (it or one of its parents holds `.git`),
// following `gitdir:` files of linked worktrees and submodules.
std::optional<RepositoryLayout> find_repository(const std::filesystem::path& directory);

// The exclude files in force for `repository`, lowest precedence first:
// core.excludesFile (from the repository's config, else ~/.gitconfig, else
// $XDG_CONFIG_HOME/git/ignore or ~/.config/git/ignore), then info/exclude.
// Files that do not exist are left out. `[include]` sections are not followed.
std::vector<std::filesystem::path> exclude_files(const RepositoryLayout& repository);

}  // namespace forklift::cli
