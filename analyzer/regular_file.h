// Reading a file the user named without ever blocking: a FIFO, a device, a
// socket or a directory is refused by what the opened descriptor is (a
// symlink to /dev/zero included), never read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace forklift {

struct RegularFileRead {
  std::optional<std::string> text;  // the whole file; empty when refused or unreadable
  std::string reason;               // why, when text is empty ("not a regular file (a FIFO)")
};

// Reads `path` whole when it is a regular file of at most `max_bytes`.
RegularFileRead read_regular_file(const std::string& path, uint64_t max_bytes);

// What kind of file `mode` is, for messages: "a FIFO", "a character device", …
const char* file_kind_name(unsigned mode);

}  // namespace forklift
