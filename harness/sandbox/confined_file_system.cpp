#include "harness/sandbox/confined_file_system.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "harness/sandbox/resource_limits.h"

namespace forklift::harness {
namespace {


int set_read_only(const char* path, bool read_only) {
  struct mount_attr attr {};
  (read_only ? attr.attr_set : attr.attr_clr) = MOUNT_ATTR_RDONLY;
  return ::mount_setattr(AT_FDCWD, path, AT_RECURSIVE, &attr, sizeof attr) == 0 ? 0 : errno;
}

int mount_or_errno(const char* source, const char* target, const char* type, unsigned long flags, const char* data) {
  return ::mount(source, target, type, flags, data) == 0 ? 0 : errno;
}

}  // namespace

ConfinedFileSystem::ConfinedFileSystem(std::string run_dir)
    // The private /tmp is as large as a file may be, and so bounded as well.
    : run_dir_(std::move(run_dir)), tmp_options_("size=" + std::to_string(kSandboxFileBytes) + ",mode=1777") {
  for (size_t slash = run_dir_.find('/', 1); ; slash = run_dir_.find('/', slash + 1)) {
    run_dir_prefixes_.push_back(run_dir_.substr(0, slash));
    if (slash == std::string::npos) break;
  }
}

namespace {

// "/proc/self/fd/N" into `out` without allocating (called after fork).
void fd_path(int fd, char (&out)[32]) {
  const char prefix[] = "/proc/self/fd/";
  size_t n = 0;
  for (; prefix[n] != '\0'; ++n) out[n] = prefix[n];
  char digits[12];
  size_t count = 0;
  do digits[count++] = static_cast<char>('0' + fd % 10);
  while ((fd /= 10) > 0);
  while (count > 0) out[n++] = digits[--count];
  out[n] = '\0';
}

}  // namespace

int ConfinedFileSystem::confine(const char** failed_step) const {
  auto step = [&](const char* name, int error) {
    if (error != 0) *failed_step = name;
    return error;
  };
  // Nothing mounted here may propagate back to the parent's namespace.
  if (int e = step("make mounts private", mount_or_errno(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr))) return e;
  // A handle on the run directory, taken in this namespace (a mount of
  // another namespace cannot be bound) before the private /tmp covers it.
  int run_dir_fd = ::open(run_dir_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (run_dir_fd < 0) return step("open the run directory", errno);
  char run_dir_handle[32];
  fd_path(run_dir_fd, run_dir_handle);
  if (int e = step("make / read-only", set_read_only("/", true))) return e;
  if (int e = step("mount a private /tmp", mount_or_errno("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, tmp_options_.c_str()))) {
    return e;
  }
  // A private /dev/shm where there is one; a script rarely needs it.
  ::mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, tmp_options_.c_str());
  // The run directory is usually below /tmp, now covered: its mount point is
  // made again (each prefix exists already where /tmp did not cover it).
  for (const std::string& prefix : run_dir_prefixes_) {
    if (::mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return step("recreate the run directory", errno);
  }
  if (int e = step("bind the run directory",
                   mount_or_errno(run_dir_handle, run_dir_.c_str(), nullptr, MS_BIND | MS_REC, nullptr))) {
    return e;
  }
  ::close(run_dir_fd);
  if (int e = step("make the run directory writable", set_read_only(run_dir_.c_str(), false))) return e;
  // A /proc of the new PID namespace, so that `ps` and $$ agree; the outer
  // one stays where the kernel refuses (it is read-only all the same).
  ::mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr);
  return 0;
}

}  // namespace forklift::harness
