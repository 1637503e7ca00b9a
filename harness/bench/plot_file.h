// Writing the --plot file: checked before any run, so that a bad path fails
// at once, and written whole or not at all.
#pragma once

#include <optional>
#include <string>

namespace forklift::harness::bench {

// Why `path` cannot receive the plot (its folder is missing or not writable,
// or it is a directory); nullopt when it can.
std::optional<std::string> plot_path_problem(const std::string& path);

// Writes `text` to a temporary file beside `path`, then renames it over
// `path`: readers never see half a file, and a failure leaves nothing behind.
// The file gets the usual permissions (0666 less the umask). Returns the
// reason when nothing was written.
std::optional<std::string> write_new_file_atomically(const std::string& path, const std::string& text);

}  // namespace forklift::harness::bench
