// Checking the --plot file before any run, so that a bad path fails at once
// (it is written with write_new_file_atomically, whole or not at all).
#pragma once

#include <optional>
#include <string>

namespace forklift::harness::bench {

// Why `path` cannot receive the plot (its folder is missing or not writable,
// or it is a directory); nullopt when it can.
std::optional<std::string> plot_path_problem(const std::string& path);

}  // namespace forklift::harness::bench
