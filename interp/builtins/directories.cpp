// cd and pwd: the logical working directory ($PWD) and CDPATH.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

std::string normalize_path(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    std::string part = path.substr(start, slash - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = slash + 1;
  }
  std::string out;
  for (const auto& p : parts) out += "/" + p;
  return out.empty() ? "/" : out;
}

// The directory `cd NAME` goes to: NAME found through CDPATH unless it is
// absolute or starts with . or ..; `announce` when a CDPATH entry (not the
// current directory) found it, as ksh then prints the new directory.
std::string cd_search(Shell& shell, const std::string& name, bool& announce) {
  announce = false;
  if (name[0] == '/' || name == "." || name == ".." || name.starts_with("./") || name.starts_with("../")) return name;
  std::string cdpath = shell.get_value("CDPATH");
  if (cdpath.empty()) return name;
  for (size_t start = 0; start <= cdpath.size();) {
    size_t colon = std::min(cdpath.find(':', start), cdpath.size());
    std::string entry = cdpath.substr(start, colon - start);
    std::string candidate = entry.empty() ? name : entry + "/" + name;
    std::string absolute = candidate[0] == '/' ? candidate : shell.pwd() + "/" + candidate;
    struct stat st;
    if (::stat(absolute.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      announce = !entry.empty();
      return candidate;
    }
    start = colon + 1;
  }
  return name;
}

int builtin_cd(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  bool physical = false;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-P") physical = true;
    else if (argv[i] == "-L") physical = false;
    else break;
  }
  size_t operands = argv.size() - i;
  if (operands > 2) {
    shell.error("cd: usage: cd [-LP] [directory] or cd old new");
    return 2;
  }
  std::string target;
  bool print = false;
  if (operands == 0) {
    target = shell.get_value("HOME");
  } else if (operands == 2) {  // cd old new: $PWD with old replaced by new
    size_t at = shell.pwd().find(argv[i]);
    if (at == std::string::npos) {
      shell.error("cd: bad substitution");
      return 1;
    }
    target = std::string(shell.pwd()).replace(at, argv[i].size(), argv[i + 1]);
    print = true;
  } else if (argv[i] == "-") {
    target = shell.get_value("OLDPWD");
    print = true;
  } else {
    target = cd_search(shell, argv[i], print);
  }
  if (target.empty()) {
    shell.error("cd: bad directory");
    return 1;
  }
  std::string logical = target[0] == '/' ? target : shell.pwd() + "/" + target;
  logical = normalize_path(logical);
  std::string dir = physical ? target : logical;
  if (::chdir(dir.c_str()) != 0) {
    shell.error(fmt::format("cd: {}: [{}]", target, std::strerror(errno)));
    return 1;
  }
  if (physical) {
    char buf[4096];
    if (::getcwd(buf, sizeof buf) != nullptr) logical = buf;
  }
  shell.set_scalar("OLDPWD", shell.pwd());
  shell.pwd() = logical;
  shell.set_scalar("PWD", logical);
  if (print) shell.out().write(logical + "\n");
  return 0;
}

int builtin_pwd(Shell& shell, std::vector<std::string>& argv) {
  bool physical = argv.size() > 1 && argv[1] == "-P";
  if (physical) {
    char buf[4096];
    if (::getcwd(buf, sizeof buf) == nullptr) return 1;
    shell.out().write(std::string(buf) + "\n");
    return 0;
  }
  shell.out().write(shell.pwd() + "\n");
  return 0;
}

}  // namespace

void register_directory_builtins(BuiltinTable& table) {
  table["cd"] = Builtin{builtin_cd, false};
  table["pwd"] = Builtin{builtin_pwd, false};
}

}  // namespace forklift::interp
