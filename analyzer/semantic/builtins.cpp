#include "analyzer/semantic/builtins.h"

#include <algorithm>
#include <iterator>

namespace forklift {
namespace {

// Present in dash, bash, ksh93 and mksh.
constexpr std::string_view kCommon[] = {".", ":", "[", "alias", "bg", "break", "cd", "command", "continue", "echo", "eval",
    "exec", "exit", "export", "false", "fg", "getopts", "hash", "jobs", "kill", "printf", "pwd", "read",
    "readonly", "return", "set", "shift", "test", "times", "trap", "true", "type", "ulimit", "umask",
    "unalias", "unset", "wait"};

constexpr std::string_view kDash[] = {"local"};

constexpr std::string_view kBash[] = {"bind", "builtin", "caller", "compgen", "complete", "compopt", "declare", "dirs",
    "disown", "enable", "help", "history", "let", "local", "logout", "mapfile", "popd", "pushd", "readarray",
    "shopt", "source", "suspend", "typeset"};

constexpr std::string_view kKsh[] = {"autoload", "builtin", "disown", "enum", "float", "functions", "hist",
    "integer", "let", "nameref", "print", "redirect", "sleep", "source", "typeset", "whence"};

constexpr std::string_view kMksh[] = {"bind", "builtin", "integer", "let", "local", "print", "realpath", "rename",
    "source", "typeset", "whence"};

template <size_t N>
bool listed(const std::string_view (&names)[N], std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

}  // namespace

bool is_builtin(std::string_view name, Dialect dialect) {
  if (listed(kCommon, name)) return true;
  switch (dialect) {
    case Dialect::Sh: return listed(kDash, name);
    case Dialect::Bash: return listed(kBash, name);
    case Dialect::Ksh: return listed(kKsh, name);
    case Dialect::Mksh: return listed(kMksh, name);
  }
  return false;
}

bool forks_for_subshells(Dialect dialect) { return dialect != Dialect::Ksh; }

}  // namespace forklift
