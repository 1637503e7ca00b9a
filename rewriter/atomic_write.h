// Writing a file so that a crash or a full disk at any moment leaves either
// the old or the new file, never a mix.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace forklift {

// Writes `new_text` to a temporary file in the same directory, gives it the
// original's owner and permission bits, fsyncs it, checks that `path` still
// holds exactly `expected_text` (what was read before fixing), renames it over
// `path` and fsyncs the directory. `path` must name a regular file, not a
// symlink (resolve it first: write_target.h). Refuses read-only files (no
// write bit, or not writable by us) rather than bypassing that with the rename.
// Returns the reason when nothing was written; the temporary file never stays.
std::optional<std::string> replace_file_atomically(const std::string& path, std::string_view expected_text,
                                                   std::string_view new_text);

// Writes `text` to a temporary file beside `path`, then renames it over
// `path` (which need not exist): readers never see half a file, and a failure
// leaves nothing behind. The file gets the usual permissions (0666 less the
// umask). Returns the reason when nothing was written.
std::optional<std::string> write_new_file_atomically(const std::string& path, std::string_view text);

}  // namespace forklift
