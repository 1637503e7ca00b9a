// Starting external commands with posix_spawn, and finding them on PATH
// (cached until PATH changes).
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_map.h>

namespace forklift::interp {

struct SpawnPlan {
  std::string path;                          // resolved program
  std::vector<std::string> argv;
  std::vector<std::string> env;              // NAME=VALUE
  std::vector<std::pair<int, int>> dup2s;    // (from, to) applied in the child in order
  std::vector<int> closes;                   // closed in the child after the dups
};

class ProcessLauncher {
 public:
  // The program `name` runs: itself when it contains '/', else the first
  // executable PATH entry. Empty when not found.
  std::string resolve(std::string_view name, std::string_view path_value);
  void forget_paths() { cache_.clear(); }
  // Commands found on PATH so far (ksh's tracked aliases, listed by `hash`).
  const absl::flat_hash_map<std::string, std::string>& tracked() const { return cache_; }

  // Returns the child's pid, or -errno when the spawn failed.
  pid_t spawn(const SpawnPlan& plan);
  // Counts a fork done elsewhere (pipelines of builtins, background lists).
  void note_fork() { ++spawned_; }
  long spawned() const { return spawned_; }

  // Waits for pid; returns its status the ksh93 way (exit code, or 256+signal).
  static int wait_for(pid_t pid);

 private:
  absl::flat_hash_map<std::string, std::string> cache_;
  std::string cached_path_value_;
  long spawned_ = 0;
};

}  // namespace forklift::interp
