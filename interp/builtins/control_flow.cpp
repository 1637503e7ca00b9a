// Builtins that manage the shell itself: control flow, options, positional
// parameters, directories, traps, jobs and command lookup.
#include <signal.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <optional>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/errors.h"
#include "interp/arith/number.h"
#include "interp/shell_options.h"

namespace forklift::interp {

namespace {

bool parse_status(const std::string& text, int& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (*end != '\0') return false;
  out = static_cast<int>(v);
  return true;
}

int builtin_colon(Shell&, std::vector<std::string>&) { return 0; }
int builtin_false(Shell&, std::vector<std::string>&) { return 1; }

int builtin_exit(Shell& shell, std::vector<std::string>& argv) {
  int status = shell.last_status();
  if (argv.size() > 1 && !parse_status(argv[1], status)) {
    shell.error(fmt::format("exit: {}: bad number", argv[1]));
    status = 1;
  }
  throw ShellExit{status & 0xff};
}

int builtin_return(Shell& shell, std::vector<std::string>& argv) {
  int status = shell.last_status();
  if (argv.size() > 1 && !parse_status(argv[1], status)) {
    shell.error(fmt::format("return: {}: bad number", argv[1]));
    status = 1;
  }
  if (shell.function_depth() == 0 && !shell.in_sourced_file()) throw ShellExit{status & 0xff};
  shell.request_flow(Shell::Flow::Return, 1);
  return status;
}

int loop_control(Shell& shell, std::vector<std::string>& argv, Shell::Flow flow) {
  int levels = 1;
  if (argv.size() > 1 && (!parse_status(argv[1], levels) || levels < 1)) {
    shell.error(fmt::format("{}: {}: bad number", argv[0], argv[1]));
    return 1;
  }
  if (shell.loop_depth() == 0) return 0;
  shell.request_flow(flow, std::min(levels, shell.loop_depth()));
  return 0;
}

int builtin_break(Shell& shell, std::vector<std::string>& argv) { return loop_control(shell, argv, Shell::Flow::Break); }
int builtin_continue(Shell& shell, std::vector<std::string>& argv) {
  return loop_control(shell, argv, Shell::Flow::Continue);
}

int builtin_shift(Shell& shell, std::vector<std::string>& argv) {
  int count = 1;
  if (argv.size() > 1) {
    count = static_cast<int>(shell.eval_arith_int(argv[1]));
  }
  auto& params = shell.positional();
  if (count < 0 || static_cast<size_t>(count) > params.size()) {
    shell.fatal(fmt::format("shift: {}: bad number", argv.size() > 1 ? argv[1] : "1"));
  }
  params.erase(params.begin(), params.begin() + count);
  return 0;
}

int builtin_eval(Shell& shell, std::vector<std::string>& argv) {
  std::string code;
  for (size_t i = 1; i < argv.size(); ++i) {
    if (i > 1) code += ' ';
    code += argv[i];
  }
  if (code.empty()) return 0;
  return shell.eval_string(code, "eval");
}

int builtin_source(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 2) {
    shell.error(fmt::format("{}: filename argument required", argv[0]));
    return 2;
  }
  std::string path = argv[1];
  if (path.find('/') == std::string::npos) {
    std::string found = shell.find_command_path(path);
    struct stat st;
    if (found.empty() && ::stat(path.c_str(), &st) == 0) found = path;
    if (found.empty()) {
      // PATH search wants executables; `.` only needs a readable file.
      std::string path_value = shell.get_value("PATH");
      size_t start = 0;
      while (start <= path_value.size()) {
        size_t colon = path_value.find(':', start);
        if (colon == std::string::npos) colon = path_value.size();
        std::string candidate = path_value.substr(start, colon - start) + "/" + path;
        if (::access(candidate.c_str(), R_OK) == 0) {
          found = candidate;
          break;
        }
        start = colon + 1;
      }
    }
    if (!found.empty()) path = found;
  }
  std::vector<std::string> args(argv.begin() + 2, argv.end());
  return shell.source_file(path, argv.size() > 2 ? &args : nullptr);
}

bool set_option_by_name(Shell& shell, std::string_view name, bool on) {
  if (const OptionName* option = find_option(name)) {
    shell.options().*option->field = on;
    return true;
  }
  return is_ignored_option(name);
}

int builtin_set(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() == 1) {
    std::vector<std::pair<std::string, std::string>> vars;
    for (const auto& [name, var] : shell.vars().global()) {
      if (var.is_set && !var.is_array()) vars.emplace_back(name, var.value);
    }
    std::sort(vars.begin(), vars.end());
    std::string out;
    for (const auto& [name, value] : vars) out += fmt::format("{}={}\n", name, value);
    shell.out().write(out);
    return 0;
  }
  size_t i = 1;
  bool positional_given = false;
  std::string array_name;
  bool sort_positional = false;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") {
      ++i;
      positional_given = true;
      break;
    }
    if (a == "-" || a == "+") {
      ++i;
      positional_given = true;
      break;
    }
    if (a.size() < 2 || (a[0] != '-' && a[0] != '+')) break;
    bool on = a[0] == '-';
    for (size_t k = 1; k < a.size(); ++k) {
      char c = a[k];
      if (c == 'o') {
        if (i + 1 >= argv.size() || argv[i + 1][0] == '-' || argv[i + 1][0] == '+') {
          std::string out;
          for (const OptionName& o : option_names()) {
            out += fmt::format("{:<25}{}\n", o.name, shell.options().*o.field ? "on" : "off");
          }
          shell.out().write(out);
          continue;
        }
        if (!set_option_by_name(shell, argv[++i], on)) {
          shell.error(fmt::format("set: {}: bad option(s)", argv[i]));
          return 2;
        }
        continue;
      }
      if (c == 'A') {
        if (i + 1 < argv.size()) array_name = argv[++i];
        positional_given = true;
        continue;
      }
      if (c == 's') {
        sort_positional = on;
        continue;
      }
      if (const OptionName* option = find_option_letter(c)) {
        shell.options().*option->field = on;
      } else if (!is_ignored_option_letter(c)) {
        shell.error(fmt::format("set: -{}: unknown option", c));
        return 2;
      }
    }
    if (!array_name.empty()) {
      ++i;
      break;
    }
  }
  std::vector<std::string> rest(argv.begin() + static_cast<long>(std::min(i, argv.size())), argv.end());
  if (!array_name.empty()) {
    shell.vars().unset(array_name);
    for (size_t k = 0; k < rest.size(); ++k) shell.assign_element(array_name, std::to_string(k), rest[k]);
    return 0;
  }
  if (positional_given || !rest.empty()) shell.positional() = rest;
  if (sort_positional) std::sort(shell.positional().begin(), shell.positional().end());
  return 0;
}

int builtin_unset(Shell& shell, std::vector<std::string>& argv) {
  bool functions = false;
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-f") functions = true;
  }
  int status = 0;
  for (; i < argv.size(); ++i) {
    const std::string& name = argv[i];
    if (functions) {
      shell.unset_function(name);
      continue;
    }
    size_t bracket = name.find('[');
    if (bracket != std::string::npos && name.back() == ']') {
      std::string base = name.substr(0, bracket);
      std::string sub = name.substr(bracket + 1, name.size() - bracket - 2);
      VarRef ref = shell.vars().resolve(base);
      if (ref.var == nullptr) continue;
      shell.vars().will_modify(ref.scope, ref.name, *ref.var);
      if (sub == "@" || sub == "*") {
        ref.var->array.reset();
        continue;
      }
      if (!ref.var->array) {
        if (sub == "0" && !ref.var->is_array()) {
          ref.var->is_set = false;
          ref.var->value.clear();
        }
        continue;
      }
      if (ref.var->is_assoc()) ref.var->array->assoc.erase(sub);
      else ref.var->array->indexed.erase(shell.eval_arith_int(sub));
      continue;
    }
    Variable* var = shell.vars().find_raw(name);
    if (var != nullptr && (var->attrs & kAttrReadonly)) {
      shell.error(fmt::format("unset: {}: is read only", name));
      status = 1;
      continue;
    }
    if (var != nullptr && var->is_nameref()) {
      VarRef ref = shell.vars().resolve(name);
      shell.vars().unset(ref.name);
      continue;
    }
    shell.run_unset_discipline(name);
    shell.unset_compound_members(name);
    shell.vars().unset(name);
    shell.note_variable_change(name);
  }
  return status;
}

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

int builtin_let(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 2) {
    shell.error("let: argument expected");
    return 2;
  }
  Number last;
  try {
    for (size_t i = 1; i < argv.size(); ++i) last = shell.eval_arith_string(argv[i]);
  } catch (const ShellExit&) {
    return 1;  // an arithmetic error (its message is out) ends let, not the shell
  }
  return last.truthy() ? 0 : 1;
}

// How whence, type and command -v/-V describe names.
struct DescribeOptions {
  std::string who = "whence";  // for messages
  bool verbose = false;        // "NAME is ..."
  bool path_only = false;      // -p: only the PATH search, as a bare path
  bool all = false;            // -a: every way the name resolves
  bool type_only = false;      // -t: alias, keyword, function, builtin or file
  bool quiet = false;          // -q: the status alone
  bool skip_functions = false; // -f
};

// One way a name resolves: its -t word and its two spellings.
struct Resolution {
  const char* type;
  std::string verbose;
  std::string plain;
};

// The executable files NAME names on PATH (each directory once, however it
// is spelled), or NAME itself when it has a slash.
std::vector<std::string> path_matches(Shell& shell, const std::string& name, bool all) {
  std::vector<std::string> found;
  auto executable = [](const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos || !all) {
    std::string path = shell.find_command_path(name);
    if (!path.empty() && executable(path)) {
      if (path[0] != '/') {
        char buf[4096];
        if (::getcwd(buf, sizeof buf) != nullptr && name.find('/') == std::string::npos) path = std::string(buf) + "/" + path;
      }
      found.push_back(path);
    }
    return found;
  }
  std::vector<std::pair<dev_t, ino_t>> seen;
  std::string dirs = shell.get_value("PATH");
  for (size_t start = 0; start <= dirs.size();) {
    size_t colon = std::min(dirs.find(':', start), dirs.size());
    std::string dir = dirs.substr(start, colon - start);
    start = colon + 1;
    if (dir.empty()) dir = ".";
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0) continue;
    std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    std::string candidate = dir + "/" + name;
    if (executable(candidate)) found.push_back(candidate);
  }
  return found;
}

std::vector<Resolution> resolve_name(Shell& shell, const std::string& name, const DescribeOptions& o) {
  static const char* const kKeywords[] = {"if", "then", "else", "elif", "fi", "case", "esac", "for", "while",
                                          "until", "do", "done", "function", "select", "time", "[[", "]]", "{", "}", "!"};
  std::vector<Resolution> found;
  if (!o.path_only) {
    if (auto alias = shell.aliases().find(name); alias != shell.aliases().end()) {
      found.push_back({"alias", fmt::format("{} is an alias for {}", name, shell_quote(alias->second)), shell_quote(alias->second)});
    }
    if (std::find_if(std::begin(kKeywords), std::end(kKeywords), [&](const char* k) { return name == k; }) != std::end(kKeywords)) {
      found.push_back({"keyword", name + " is a keyword", name});
    }
    if (!o.skip_functions && shell.find_function(name) != nullptr) found.push_back({"function", name + " is a function", name});
    if (const Builtin* b = shell.find_builtin(name)) {
      found.push_back({"builtin", fmt::format("{} is a {}shell builtin", name, b->special ? "special " : ""), name});
    }
  }
  for (const std::string& path : path_matches(shell, name, o.all)) {
    // What would run from PATH is a "tracked alias" in ksh (trackall is always on).
    bool tracked = found.empty() && name.find('/') == std::string::npos;
    found.push_back({"file", tracked ? fmt::format("{} is a tracked alias for {}", name, path) : fmt::format("{} is {}", name, path), path});
  }
  return found;
}

int describe_commands(Shell& shell, const std::vector<std::string>& names, const DescribeOptions& o) {
  int status = 0;
  std::string out;
  for (const std::string& name : names) {
    std::vector<Resolution> found = resolve_name(shell, name, o);
    if (found.empty()) {
      status = 1;
      if (o.verbose && !o.quiet && !o.type_only) {
        shell.out().write(out);
        out.clear();
        shell.error(fmt::format("{}: {}: not found", o.who, name));
      }
      continue;
    }
    if (o.quiet) continue;
    for (const Resolution& r : found) {
      out += o.type_only ? r.type : o.verbose && !o.path_only ? r.verbose : r.plain;
      out += "\n";
      if (!o.all) break;
    }
  }
  shell.out().write(out);
  return status;
}

int builtin_whence(Shell& shell, std::vector<std::string>& argv) {
  DescribeOptions o;
  o.who = argv[0];
  o.verbose = argv[0] == "type";
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    for (size_t k = 1; k < argv[i].size(); ++k) {
      switch (argv[i][k]) {
        case 'v': o.verbose = true; break;
        case 'p': o.path_only = true; break;
        case 'a': o.all = o.verbose = true; break;
        case 't': o.type_only = true; break;
        case 'q': o.quiet = true; break;
        case 'f': o.skip_functions = true; break;
        default:
          shell.error(fmt::format("{}: -{}: unknown option", argv[0], argv[i][k]));
          return 2;
      }
    }
  }
  return describe_commands(shell, std::vector<std::string>(argv.begin() + static_cast<long>(i), argv.end()), o);
}

int builtin_command(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  bool describe = false, verbose = false;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    for (size_t k = 1; k < argv[i].size(); ++k) {
      if (argv[i][k] == 'v') describe = true;
      if (argv[i][k] == 'V') describe = verbose = true;
    }
  }
  std::vector<std::string> rest(argv.begin() + static_cast<long>(i), argv.end());
  if (describe) {
    DescribeOptions o;
    o.who = "command";
    o.verbose = verbose;
    return describe_commands(shell, rest, o);
  }
  if (rest.empty()) return 0;
  return shell.run_command_argv(rest, true);
}

int signal_number(const std::string& name) {
  std::string n = name;
  if (n.rfind("SIG", 0) == 0) n = n.substr(3);
  static const std::pair<const char*, int> kSignals[] = {
      {"EXIT", 0},     {"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT}, {"ILL", SIGILL},
      {"TRAP", SIGTRAP}, {"ABRT", SIGABRT}, {"BUS", SIGBUS},  {"FPE", SIGFPE},   {"KILL", SIGKILL},
      {"USR1", SIGUSR1}, {"SEGV", SIGSEGV}, {"USR2", SIGUSR2}, {"PIPE", SIGPIPE}, {"ALRM", SIGALRM},
      {"TERM", SIGTERM}, {"CHLD", SIGCHLD}, {"CONT", SIGCONT}, {"STOP", SIGSTOP}, {"TSTP", SIGTSTP},
      {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"WINCH", SIGWINCH}, {"ERR", Shell::kErrTrap}, {"DEBUG", Shell::kDebugTrap},
  };
  for (const auto& [sig_name, number] : kSignals) {
    if (n == sig_name) return number;
  }
  char* end = nullptr;
  long v = std::strtol(name.c_str(), &end, 10);
  if (*end == '\0' && !name.empty()) return static_cast<int>(v);
  return -1;
}

std::string signal_name(int number) {
  if (number == 0) return "EXIT";
  if (number == Shell::kErrTrap) return "ERR";
  if (number == Shell::kDebugTrap) return "DEBUG";
  const char* abbrev = sigabbrev_np(number);
  return abbrev != nullptr ? abbrev : std::to_string(number);
}

int builtin_trap(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  if (i < argv.size() && argv[i] == "--") ++i;
  if (i + 1 < argv.size() && argv[i] == "-p") {  // trap -p SIG...: the actions alone
    std::string out;
    for (size_t k = i + 1; k < argv.size(); ++k) {
      int sig = signal_number(argv[k]);
      if (sig < 0) {
        shell.error(fmt::format("trap: {}: bad trap", argv[k]));
        return 1;
      }
      if (const std::string* action = shell.trap_action(sig)) out += *action + "\n";
    }
    shell.out().write(out);
    return 0;
  }
  if (i >= argv.size() || argv[i] == "-p") {
    // As ksh lists them: signals from the highest number down, then EXIT, DEBUG, ERR.
    std::string out;
    std::vector<int> order;
    for (int sig = Shell::kErrTrap - 1; sig > 0; --sig) order.push_back(sig);
    for (int sig : {0, static_cast<int>(Shell::kDebugTrap), static_cast<int>(Shell::kErrTrap)}) order.push_back(sig);
    for (int sig : order) {
      if (const std::string* action = shell.trap_action(sig)) {
        out += fmt::format("trap -- {} {}\n", shell_quote(*action), signal_name(sig));
      }
    }
    shell.out().write(out);
    return 0;
  }
  std::string action = argv[i];
  size_t first_signal = i + 1;
  bool reset = action == "-";
  // `trap N...` with a number first resets those signals.
  if (signal_number(action) >= 0 && std::all_of(action.begin(), action.end(), ::isdigit)) {
    reset = true;
    first_signal = i;
  }
  int status = 0;
  for (size_t k = first_signal; k < argv.size(); ++k) {
    int sig = signal_number(argv[k]);
    if (sig < 0) {
      shell.error(fmt::format("trap: {}: bad trap", argv[k]));
      status = 1;
      continue;
    }
    if (reset) {
      shell.set_trap(sig, std::nullopt);
      shell.install_signal_handler(sig, Shell::SignalMode::Default);
    } else {
      shell.set_trap(sig, action);
      shell.install_signal_handler(sig, action.empty() ? Shell::SignalMode::Ignore : Shell::SignalMode::Catch);
    }
  }
  return status;
}

int builtin_kill(Shell& shell, std::vector<std::string>& argv) {
  int sig = SIGTERM;
  size_t i = 1;
  if (i < argv.size() && argv[i] == "-l") {
    std::string out;
    if (i + 1 == argv.size()) {
      for (int s = 1; s < 32; ++s) out += signal_name(s) + "\n";
    }
    // kill -l N... names the signals (of exit statuses too: 143 is TERM);
    // kill -l NAME... gives their numbers.
    for (size_t k = i + 1; k < argv.size(); ++k) {
      const std::string& a = argv[k];
      if (!a.empty() && std::all_of(a.begin(), a.end(), ::isdigit)) {
        out += signal_name(std::atoi(a.c_str()) & 0x7f) + "\n";
        continue;
      }
      std::string upper = a;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      int number = signal_number(upper);
      if (number < 0 || number >= Shell::kErrTrap) {
        shell.out().write(out);
        shell.error(fmt::format("kill: {}: unknown signal name", a));
        return 1;
      }
      out += std::to_string(number) + "\n";
    }
    shell.out().write(out);
    return 0;
  }
  if (i < argv.size() && (argv[i] == "-s" || argv[i] == "-n") && i + 1 < argv.size()) {
    sig = signal_number(argv[i + 1]);
    i += 2;
  } else if (i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-') {
    sig = signal_number(argv[i].substr(1));
    ++i;
  }
  if (sig < 0) {
    shell.error("kill: bad signal");
    return 2;
  }
  if (i >= argv.size()) {
    shell.error("kill: usage: kill [-n signum] [-s signame] job ...");
    return 2;
  }
  int status = 0;
  shell.out().flush();
  for (; i < argv.size(); ++i) {
    pid_t pid = static_cast<pid_t>(std::strtol(argv[i].c_str(), nullptr, 10));
    if (::kill(pid, sig) != 0) {
      shell.error(fmt::format("kill: {}: {}", argv[i], std::strerror(errno)));
      status = 1;
    }
  }
  shell.run_pending_traps();
  return status;
}

int builtin_wait(Shell& shell, std::vector<std::string>& argv) {
  shell.out().flush();
  auto& jobs = shell.jobs();
  if (argv.size() == 1) {  // every job; the status is 0 whatever theirs were
    for (pid_t pid : jobs) ProcessLauncher::wait_for(pid);
    jobs.clear();
    return 0;
  }
  int status = 0;
  for (size_t i = 1; i < argv.size(); ++i) {
    pid_t pid = static_cast<pid_t>(std::strtol(argv[i].c_str(), nullptr, 10));
    auto it = std::find(jobs.begin(), jobs.end(), pid);
    if (it == jobs.end()) {
      status = 127;
      continue;
    }
    status = ProcessLauncher::wait_for(pid);
    jobs.erase(it);
    // ksh forgets a job waited for by pid; after a plain `wait`, `jobs` still reports it once.
    shell.forget_background_job(pid);
  }
  return status;
}

// umask's symbolic form: chmod clauses ([ugoa]*[+-=][rwx]*, comma
// separated) applied to the permissions the mask leaves; nullopt when bad.
std::optional<mode_t> symbolic_umask(std::string_view spec, mode_t mask) {
  mode_t perms = ~mask & 0777;
  for (size_t i = 0;;) {
    mode_t who = 0;
    for (; i < spec.size() && std::string_view("ugoa").find(spec[i]) != std::string_view::npos; ++i) {
      who |= spec[i] == 'u' ? 0700 : spec[i] == 'g' ? 0070 : spec[i] == 'o' ? 0007 : 0777;
    }
    if (who == 0) who = 0777;
    if (i >= spec.size() || std::string_view("+-=").find(spec[i]) == std::string_view::npos) return std::nullopt;
    while (i < spec.size() && std::string_view("+-=").find(spec[i]) != std::string_view::npos) {
      char op = spec[i++];
      mode_t bits = 0;
      for (; i < spec.size() && std::string_view("rwx").find(spec[i]) != std::string_view::npos; ++i) {
        bits |= spec[i] == 'r' ? 0444 : spec[i] == 'w' ? 0222 : 0111;
      }
      bits &= who;
      perms = op == '+' ? perms | bits : op == '-' ? perms & ~bits : (perms & ~who) | bits;
    }
    if (i == spec.size()) return ~perms & 0777;
    if (spec[i++] != ',') return std::nullopt;
  }
}

std::string symbolic_permissions(mode_t mask) {
  mode_t perms = ~mask & 0777;
  std::string out;
  for (int shift : {6, 3, 0}) {
    out += shift == 6 ? "u=" : shift == 3 ? ",g=" : ",o=";
    if (perms & (04 << shift)) out += 'r';
    if (perms & (02 << shift)) out += 'w';
    if (perms & (01 << shift)) out += 'x';
  }
  return out;
}

int builtin_umask(Shell& shell, std::vector<std::string>& argv) {
  bool symbolic = false;
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] != "-S") {
      shell.error(fmt::format("umask: {}: unknown option", argv[i]));
      return 2;
    }
    symbolic = true;
  }
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (i >= argv.size()) {
    shell.out().write(symbolic ? symbolic_permissions(mask) + "\n" : fmt::format("{:04o}\n", mask));
    return 0;
  }
  const std::string& spec = argv[i];
  std::optional<mode_t> next;
  if (std::isdigit(static_cast<unsigned char>(spec[0]))) {
    if (spec.find_first_not_of("01234567") != std::string::npos) {
      shell.error(fmt::format("umask: {}: bad number", spec));
      return 1;
    }
    next = static_cast<mode_t>(std::strtoul(spec.c_str(), nullptr, 8) & 0777);
  } else if (!(next = symbolic_umask(spec, mask))) {
    shell.error(fmt::format("umask: {}: bad format", spec));
    return 1;
  }
  ::umask(*next);
  return 0;
}

int builtin_exec(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() == 1) {
    shell.keep_command_redirections();
    return 0;
  }
  std::vector<std::string> rest(argv.begin() + 1, argv.end());
  if (shell.find_builtin(rest[0]) != nullptr || shell.find_function(rest[0]) != nullptr) {
    int status = shell.run_command_argv(rest, false);
    throw ShellExit{status};
  }
  shell.run_exit_trap();
  int status = shell.exec_external(rest, true);
  throw ShellExit{status};
}

int builtin_sleep(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 2) {
    shell.error("sleep: argument expected");
    return 2;
  }
  double seconds = std::strtod(argv[1].c_str(), nullptr);
  shell.out().flush();
  struct timespec ts;
  ts.tv_sec = static_cast<time_t>(seconds);
  ts.tv_nsec = static_cast<long>((seconds - std::floor(seconds)) * 1e9);
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    shell.run_pending_traps();
  }
  return 0;
}

// One option of a getopts optstring: `c`, `c:` (with an argument), `c#`
// (with a numeric argument), each optionally followed by `(long-name)`.
struct GetoptsOption {
  char letter = 0;
  char argument = 0;  // 0, ':' or '#'
  std::string long_name;
};

std::vector<GetoptsOption> parse_optstring(std::string_view spec) {
  std::vector<GetoptsOption> options;
  for (size_t i = 0; i < spec.size(); ++i) {
    GetoptsOption o{spec[i]};
    if (i + 1 < spec.size() && (spec[i + 1] == ':' || spec[i + 1] == '#')) o.argument = spec[++i];
    if (i + 1 < spec.size() && spec[i + 1] == '(') {
      size_t close = spec.find(')', i + 2);
      if (close == std::string_view::npos) close = spec.size();
      o.long_name = std::string(spec.substr(i + 2, close - i - 2));
      i = close;
    }
    options.push_back(o);
  }
  return options;
}

int builtin_getopts(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 3) {
    shell.error("getopts: usage: getopts optstring name [arg...]");
    return 2;
  }
  std::string optstring = argv[1];
  std::string name = argv[2];
  std::vector<std::string> args = argv.size() > 3 ? std::vector<std::string>(argv.begin() + 3, argv.end())
                                                  : shell.positional();
  bool silent = !optstring.empty() && optstring[0] == ':';
  if (silent) optstring = optstring.substr(1);
  std::vector<GetoptsOption> options = parse_optstring(optstring);
  int optind = static_cast<int>(shell.eval_arith_int(shell.get_value("OPTIND")));
  if (optind < 1) optind = 1;
  int& offset = shell.getopts_offset();
  if (offset == 0) offset = 1;
  auto finish = [&](int status) {
    shell.set_scalar("OPTIND", std::to_string(optind));
    return status;
  };
  // A bad option: silently `silent_value` with OPTARG the letter, else the
  // message and '?' with OPTARG unset.
  auto bad_option = [&](char silent_value, char letter, const std::string& message) {
    if (silent) {
      shell.set_scalar(name, std::string(1, silent_value));
      shell.set_scalar("OPTARG", std::string(1, letter));
    } else {
      shell.error(message);
      shell.set_scalar(name, "?");
      shell.vars().unset("OPTARG");
    }
    return finish(0);
  };
  if (static_cast<size_t>(optind) > args.size()) {
    shell.set_scalar(name, "?");
    offset = 0;
    return finish(1);
  }
  const std::string& current = args[static_cast<size_t>(optind - 1)];
  if (offset == 1) {
    if (current.size() < 2 || current[0] != '-' ) {
      shell.set_scalar(name, "?");
      offset = 0;
      return finish(1);
    }
    if (current == "--") {
      ++optind;
      shell.set_scalar(name, "?");
      offset = 0;
      return finish(1);
    }
  }
  const GetoptsOption* option = nullptr;
  std::string shown;  // the option as messages name it
  std::string value;
  bool has_value = false;
  bool at_end;
  if (offset == 1 && current.starts_with("--")) {  // --name, --name=value (a unique prefix will do)
    size_t eq = current.find('=');
    std::string word = current.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    for (const GetoptsOption& o : options) {
      if (!o.long_name.empty() && o.long_name.starts_with(word) && (option == nullptr || o.long_name == word)) option = &o;
    }
    if (eq != std::string::npos) {
      value = current.substr(eq + 1);
      has_value = true;
    }
    shown = current.substr(0, eq);
    offset = static_cast<int>(current.size());
    at_end = true;
  } else {
    char c = current[static_cast<size_t>(offset)];
    ++offset;
    at_end = static_cast<size_t>(offset) >= current.size();
    for (const GetoptsOption& o : options) {
      if (o.letter == c && c != ':' && c != '#' && c != '(') option = &o;
    }
    shown = std::string("-") + c;
    if (option == nullptr) {
      if (at_end) {
        ++optind;
        offset = 0;
      }
      return bad_option('?', c, fmt::format("-{}: unknown option", c));
    }
  }
  if (option == nullptr) {
    ++optind;
    offset = 0;
    if (!silent) shell.error(fmt::format("{}: unknown option", shown));
    shell.set_scalar(name, "?");
    shell.vars().unset("OPTARG");
    return finish(0);
  }
  char c = option->letter;
  if (option->argument == 0) {
    if (at_end) {
      ++optind;
      offset = 0;
    }
    shell.vars().unset("OPTARG");
    shell.set_scalar(name, std::string(1, c));
    return finish(0);
  }
  if (has_value) {
    ++optind;
  } else if (!at_end) {
    value = current.substr(static_cast<size_t>(offset));
    ++optind;
  } else if (static_cast<size_t>(optind) < args.size()) {
    value = args[static_cast<size_t>(optind)];
    optind += 2;
  } else {
    ++optind;
    offset = 0;
    return bad_option(':', c, shown + ": argument expected");
  }
  offset = 0;
  if (option->argument == '#' && !parse_number_literal(value)) {
    return bad_option(':', c, shown + ": numeric argument expected");
  }
  shell.set_scalar("OPTARG", value);
  shell.set_scalar(name, std::string(1, c));
  return finish(0);
}

int builtin_times(Shell& shell, std::vector<std::string>&) {
  struct tms t;
  ::times(&t);
  double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  auto f = [&](clock_t c) {
    double s = static_cast<double>(c) / tick;
    int m = static_cast<int>(s / 60);
    return fmt::format("{}m{:.2f}s", m, s - m * 60);
  };
  shell.out().write(fmt::format("{} {}\n{} {}\n", f(t.tms_utime), f(t.tms_stime), f(t.tms_cutime), f(t.tms_cstime)));
  return 0;
}

int builtin_builtin(Shell&, std::vector<std::string>&) { return 0; }

}  // namespace

void register_core_builtins(BuiltinTable& table) {
  table[":"] = Builtin{builtin_colon, true};
  table["true"] = Builtin{builtin_colon, false};
  table["false"] = Builtin{builtin_false, false};
  table["exit"] = Builtin{builtin_exit, true};
  table["return"] = Builtin{builtin_return, true};
  table["break"] = Builtin{builtin_break, true};
  table["continue"] = Builtin{builtin_continue, true};
  table["shift"] = Builtin{builtin_shift, true};
  table["eval"] = Builtin{builtin_eval, true};
  table["."] = Builtin{builtin_source, true};
  table["source"] = Builtin{builtin_source, true};
  table["set"] = Builtin{builtin_set, true};
  table["unset"] = Builtin{builtin_unset, true};
  table["trap"] = Builtin{builtin_trap, true};
  table["exec"] = Builtin{builtin_exec, true};
  table["cd"] = Builtin{builtin_cd, false};
  table["pwd"] = Builtin{builtin_pwd, false};
  table["let"] = Builtin{builtin_let, false};
  table["whence"] = Builtin{builtin_whence, false};
  table["type"] = Builtin{builtin_whence, false};
  table["command"] = Builtin{builtin_command, false};
  table["kill"] = Builtin{builtin_kill, false};
  table["wait"] = Builtin{builtin_wait, false};
  table["umask"] = Builtin{builtin_umask, false};
  table["sleep"] = Builtin{builtin_sleep, false};
  table["getopts"] = Builtin{builtin_getopts, false};
  table["times"] = Builtin{builtin_times, true};
  table["builtin"] = Builtin{builtin_builtin, false};
}

}  // namespace forklift::interp
