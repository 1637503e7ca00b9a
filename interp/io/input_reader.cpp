#include "interp/io/input_reader.h"

#include "interp/text/locale_text.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace forklift::interp {

InputReader::~InputReader() { release_all(); }

InputReader::Mapping* InputReader::map_fd(int fd) {
  auto it = mappings_.find(fd);
  if (it != mappings_.end()) return &it->second;
  if (unmappable_.contains(fd)) return nullptr;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
    if (::fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) unmappable_[fd] = true;
    return nullptr;
  }
  off_t offset = ::lseek(fd, 0, SEEK_CUR);
  if (offset < 0 || offset >= st.st_size) return nullptr;
  void* base = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  if (base == MAP_FAILED) return nullptr;
  ::madvise(base, static_cast<size_t>(st.st_size), MADV_SEQUENTIAL);
  Mapping& m = mappings_[fd];
  m.base = static_cast<const char*>(base);
  m.size = static_cast<size_t>(st.st_size);
  m.pos = static_cast<size_t>(offset);
  return &m;
}

InputReader::Result InputReader::read_record(int fd, char delim, std::string& out, size_t limit) {
  if (Mapping* m = map_fd(fd)) {
    if (m->pos >= m->size) {
      release(fd);
      return Result::Eof;
    }
    const char* start = m->base + m->pos;
    size_t avail = m->size - m->pos;
    size_t span = limit > 0 ? text::byte_offset(std::string_view(start, avail), limit) : avail;
    const void* hit = std::memchr(start, delim, span);
    if (hit != nullptr) {
      size_t len = static_cast<size_t>(static_cast<const char*>(hit) - start);
      out.append(start, len);
      m->pos += len + 1;
      return Result::Record;
    }
    out.append(start, span);
    m->pos += span;
    if (span == avail) {
      release(fd);
      return Result::Partial;
    }
    return Result::Record;
  }
  // One byte at a time: nothing past the record is taken from a pipe.
  bool chars = text::utf8();
  size_t count = 0;
  size_t pending = 0;  // continuation bytes still due for the last character
  for (;;) {
    char c;
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0) {
      if (errno == EINTR) continue;
      return count > 0 ? Result::Partial : Result::Error;
    }
    if (n == 0) return count > 0 ? Result::Partial : Result::Eof;
    if (c == delim) return Result::Record;
    out.push_back(c);
    auto byte = static_cast<unsigned char>(c);
    if (pending > 0 && (byte & 0xc0) == 0x80) {
      --pending;
    } else {
      ++count;
      pending = chars ? text::sequence_length(byte) - 1 : 0;
    }
    if (limit > 0 && count >= limit && pending == 0) return Result::Record;
  }
}

void InputReader::release(int fd) {
  unmappable_.erase(fd);
  auto it = mappings_.find(fd);
  if (it == mappings_.end()) return;
  ::lseek(fd, static_cast<off_t>(it->second.pos), SEEK_SET);
  ::munmap(const_cast<char*>(it->second.base), it->second.size);
  mappings_.erase(it);
}

void InputReader::release_all() {
  while (!mappings_.empty()) release(mappings_.begin()->first);
  unmappable_.clear();
}

namespace {

bool read_to_end(int fd, std::string& out) {
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    out.append(buf, static_cast<size_t>(n));
  }
}

}  // namespace

bool InputReader::slurp_file(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* base = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (base != MAP_FAILED) {
      out.append(static_cast<const char*>(base), static_cast<size_t>(st.st_size));
      ::munmap(base, static_cast<size_t>(st.st_size));
      ::close(fd);
      return true;
    }
  }
  read_to_end(fd, out);
  ::close(fd);
  return true;
}

bool InputReader::slurp_descriptor(int fd, std::string& out) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return false;
  if (!S_ISREG(st.st_mode)) return read_to_end(fd, out);
  char buf[65536];
  for (off_t offset = 0;;) {
    ssize_t n = ::pread(fd, buf, sizeof buf, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    out.append(buf, static_cast<size_t>(n));
    offset += n;
  }
}

}  // namespace forklift::interp
