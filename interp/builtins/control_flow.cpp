// The builtins of control flow: :, true, false, exit, return, break,
// continue, eval, . and source.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/errors.h"

namespace forklift::interp {

namespace {

// The status operand of exit and return: as ksh93 reads it, the number its
// text starts with (`3x` is 3, `zz` is 0), never an error.
int status_operand(const std::vector<std::string>& argv, int otherwise) {
  size_t i = argv.size() > 1 && argv[1] == "--" ? 2 : 1;
  if (i >= argv.size()) return otherwise;
  return static_cast<int>(std::strtol(argv[i].c_str(), nullptr, 10));
}

int builtin_colon(Shell&, std::vector<std::string>&) { return 0; }
int builtin_false(Shell&, std::vector<std::string>&) { return 1; }

int builtin_exit(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  throw ShellExit{status_operand(argv, shell.last_status()) & 0xff};
}

int builtin_return(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  int status = status_operand(argv, shell.last_status());
  if (shell.function_depth() == 0 && !shell.in_sourced_file()) throw ShellExit{status & 0xff};
  shell.request_flow(Shell::Flow::Return, 1);
  return status;
}

// break/continue [n]: anything but a positive number is a label to ksh93,
// which has none: an error that ends the script (a special builtin's).
int loop_control(Shell& shell, std::vector<std::string>& argv, Shell::Flow flow) {
  long levels = 1;
  if (argv.size() > 1) {
    const std::string& operand = argv[1];
    if (operand.size() > 1 && operand[0] == '-') shell.fatal(fmt::format("{}: {}: unknown option", argv[0], operand), 2);
    char* end = nullptr;
    levels = std::strtol(operand.c_str(), &end, 10);
    if (operand.empty() || *end != '\0' || levels < 1) {
      shell.fatal(fmt::format("{}: {}: label not implemented", argv[0], operand));
    }
  }
  if (shell.loop_depth() == 0) return 0;
  shell.request_flow(flow, static_cast<int>(std::min<long>(levels, shell.loop_depth())));
  return 0;
}

int builtin_break(Shell& shell, std::vector<std::string>& argv) { return loop_control(shell, argv, Shell::Flow::Break); }
int builtin_continue(Shell& shell, std::vector<std::string>& argv) {
  return loop_control(shell, argv, Shell::Flow::Continue);
}

int builtin_eval(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
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
  // `source` is a regular builtin: a file it cannot read fails the command, not the shell.
  if (argv[0] == "source" && ::access(path.c_str(), R_OK) != 0) {
    shell.error(fmt::format("source: {}: cannot open [{}]", path, std::strerror(errno)));
    return 1;
  }
  std::vector<std::string> args(argv.begin() + 2, argv.end());
  return shell.source_file(path, argv.size() > 2 ? &args : nullptr);
}

}  // namespace

void register_control_flow_builtins(BuiltinTable& table) {
  table[":"] = Builtin{builtin_colon, true};
  table["true"] = Builtin{builtin_colon, false};
  table["false"] = Builtin{builtin_false, false};
  table["exit"] = Builtin{builtin_exit, true};
  table["return"] = Builtin{builtin_return, true};
  table["break"] = Builtin{builtin_break, true};
  table["continue"] = Builtin{builtin_continue, true};
  table["eval"] = Builtin{builtin_eval, true};
  table["."] = Builtin{builtin_source, true};
  // Unlike `.`, ksh93 does not make `source` a special builtin: an error does not end the shell.
  table["source"] = Builtin{builtin_source, false};
}

}  // namespace forklift::interp
