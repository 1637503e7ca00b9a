// Line input for `read`: regular files are mapped whole with one mmap and
// consumed from memory; the kernel file offset is put back where the script
// stopped reading before anything else can see the descriptor (a spawn, a
// redirection, the end of the read loop). Pipes and terminals are read one
// byte at a time, so nothing is taken from a descriptor that another
// command will read next (ksh93 behaves the same way).
#pragma once

#include <sys/types.h>

#include <string>

#include <absl/container/flat_hash_map.h>

namespace forklift::interp {

class InputReader {
 public:
  InputReader() = default;
  ~InputReader();
  InputReader(const InputReader&) = delete;
  InputReader& operator=(const InputReader&) = delete;

  enum class Result { Record, Partial, Eof, Error };
  // Appends bytes up to (not including) `delim` to `out`. Record: delimiter
  // found; Partial: end of input after some bytes; Eof: nothing left.
  // `limit` > 0 stops after that many characters (bytes outside UTF-8 mode,
  // see locale_text.h).
  Result read_record(int fd, char delim, std::string& out, size_t limit = 0);

  // Restores the file offset of `fd` and forgets its mapping.
  void release(int fd);
  void release_all();

  // The whole remaining content of a regular file open on fd, through one mmap.
  static bool slurp_file(const std::string& path, std::string& out);
  // What `$(<&fd)` gives, as ksh93 reads it: a regular file's whole content
  // from its start whatever fd's offset, else the rest of the input. False
  // (errno set) when fd is not open for reading.
  static bool slurp_descriptor(int fd, std::string& out);

 private:
  struct Mapping {
    const char* base = nullptr;
    size_t size = 0;
    size_t pos = 0;
  };
  Mapping* map_fd(int fd);
  absl::flat_hash_map<int, Mapping> mappings_;
  absl::flat_hash_map<int, bool> unmappable_;  // fd -> known to be a pipe/tty
};

}  // namespace forklift::interp
