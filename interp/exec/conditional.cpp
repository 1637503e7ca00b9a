#include "interp/exec/conditional.h"

#include <sys/stat.h>
#include <unistd.h>

#include "interp/shell.h"
#include "interp/shell_options.h"

namespace forklift::interp {

bool is_unary_test_operator(std::string_view op) {
  return op.size() == 2 && op[0] == '-' && std::string_view("abcdefghknoprstuvwxzGLNORS").find(op[1]) != std::string_view::npos;
}

bool unary_test(Shell& shell, std::string_view op, const std::string& operand, bool& known) {
  known = true;
  struct stat st;
  auto do_stat = [&] { return ::stat(operand.c_str(), &st) == 0; };
  switch (op.size() == 2 ? op[1] : 0) {
    case 'z': return operand.empty();
    case 'n': return !operand.empty();
    case 'a':
    case 'e': return do_stat();
    case 'f': return do_stat() && S_ISREG(st.st_mode);
    case 'd': return do_stat() && S_ISDIR(st.st_mode);
    case 'b': return do_stat() && S_ISBLK(st.st_mode);
    case 'c': return do_stat() && S_ISCHR(st.st_mode);
    case 'p': return do_stat() && S_ISFIFO(st.st_mode);
    case 'S': return do_stat() && S_ISSOCK(st.st_mode);
    case 'h':
    case 'L': return ::lstat(operand.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
    case 's': return do_stat() && st.st_size > 0;
    case 'r': return ::access(operand.c_str(), R_OK) == 0;
    case 'w': return ::access(operand.c_str(), W_OK) == 0;
    case 'x': return ::access(operand.c_str(), X_OK) == 0;
    case 'u': return do_stat() && (st.st_mode & S_ISUID);
    case 'g': return do_stat() && (st.st_mode & S_ISGID);
    case 'k': return do_stat() && (st.st_mode & S_ISVTX);
    case 'O': return do_stat() && st.st_uid == ::geteuid();
    case 'G': return do_stat() && st.st_gid == ::getegid();
    case 'N': return do_stat() && st.st_mtime > st.st_atime;
    case 't': {
      char* end = nullptr;
      long fd = std::strtol(operand.c_str(), &end, 10);
      return end != operand.c_str() && *end == '\0' && ::isatty(static_cast<int>(fd));
    }
    case 'v': return shell.variable_is_set(operand);
    case 'R': {
      const Variable* var = shell.vars().find_raw(operand);
      return var != nullptr && var->is_nameref();
    }
    case 'o': {
      // -o ?NAME: whether NAME names an option at all.
      if (operand.starts_with('?')) return find_option(std::string_view(operand).substr(1)).option != nullptr;
      OptionLookup found = find_option(operand);
      return found.option != nullptr && option_is_on(shell.options(), *found.option) == found.on;
    }
    default: known = false; return false;
  }
}

bool file_compare(std::string_view op, const std::string& left, const std::string& right) {
  struct stat a, b;
  bool ha = ::stat(left.c_str(), &a) == 0;
  bool hb = ::stat(right.c_str(), &b) == 0;
  auto newer = [](const struct stat& x, const struct stat& y) {
    if (x.st_mtim.tv_sec != y.st_mtim.tv_sec) return x.st_mtim.tv_sec > y.st_mtim.tv_sec;
    return x.st_mtim.tv_nsec > y.st_mtim.tv_nsec;
  };
  if (op == "-nt") return ha && (!hb || newer(a, b));
  if (op == "-ot") return hb && (!ha || newer(b, a));
  if (op == "-ef") return ha && hb && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
  return false;
}

}  // namespace forklift::interp
