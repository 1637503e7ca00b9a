#include "cli/shell_invocation.h"

#include <string_view>

#include "interp/shell_options.h"

namespace forklift::cli {
namespace {

// ksh93 letters for login and restricted shells and for its dictionary and
// history features: meaningful to ksh, not to a script runner.
constexpr std::string_view kUnsupportedLetters = "lrDt";

// One cluster such as `-ex` or `+o`; `next` is the index of the argument
// after it, advanced past an option name that -o/+o takes.
bool take_cluster(const std::vector<std::string>& args, size_t& next, ShellInvocation& invocation,
                  std::string& error) {
  const std::string& cluster = args[next++];
  bool on = cluster[0] == '-';
  for (char letter : std::string_view(cluster).substr(1)) {
    if (letter == 'c' || letter == 's') {
      (letter == 'c' ? invocation.command : invocation.read_stdin) = on;
    } else if (letter == 'i') {
      invocation.interactive = on;
    } else if (letter == 'E') {
      invocation.read_env_file = on;
    } else if (letter == 'o') {
      if (next >= args.size()) {
        error = cluster + ": option name missing";
        return false;
      }
      const std::string& name = args[next++];
      interp::OptionLookup found = interp::find_option(name);
      if (found.option == nullptr || found.option->fixed) {
        error = name + (found.ambiguous ? ": ambiguous option" : ": unknown option");
        return false;
      }
      invocation.options.emplace_back(name, on);
    } else if (const interp::OptionName* option = interp::find_option_letter(letter)) {
      invocation.options.emplace_back(interp::flag_name(*option), on);
    } else if (kUnsupportedLetters.find(letter) != std::string_view::npos) {
      error = std::string(1, cluster[0]) + letter + ": not supported by forklift run";
      return false;
    } else {
      error = std::string(1, cluster[0]) + letter + ": unknown option";
      return false;
    }
  }
  return true;
}

std::vector<std::string>& taken_shell_arguments() {
  static std::vector<std::string> taken;
  return taken;
}

}  // namespace

void take_shell_arguments(std::vector<std::string>& args) {
  if (args.empty() || args[0] != "run") return;
  size_t start = 1;
  while (start < args.size()) {
    const std::string& arg = args[start];
    if (arg == "--arg0" && start + 1 < args.size()) {
      start += 2;
    } else if (arg == "--stats" || arg.starts_with("--arg0=") || arg == "-h" || arg == "--help") {
      ++start;
    } else {
      break;
    }
  }
  taken_shell_arguments().assign(args.begin() + static_cast<long>(start), args.end());
  args.resize(start);
}

const std::vector<std::string>& shell_arguments() { return taken_shell_arguments(); }

std::optional<ShellInvocation> parse_shell_invocation(const std::vector<std::string>& args, std::string& error) {
  ShellInvocation invocation;
  size_t next = 0;
  while (next < args.size()) {
    const std::string& arg = args[next];
    if (arg == "--" || arg == "-") {
      ++next;
      break;
    }
    if (arg == "--rc" || arg == "--norc") {
      invocation.read_env_file = arg == "--rc";
      ++next;
      continue;
    }
    if (arg.starts_with("--")) {
      // ksh93's --NAME is -o NAME (--noNAME, +o NAME).
      std::string name = arg.substr(2);
      interp::OptionLookup found = interp::find_option(name);
      if (found.option == nullptr || found.option->fixed) {
        error = arg + ": unknown option (forklift's own options come before the shell's)";
        return std::nullopt;
      }
      invocation.options.emplace_back(std::move(name), true);
      ++next;
      continue;
    }
    if (arg.size() < 2 || (arg[0] != '-' && arg[0] != '+')) break;
    if (!take_cluster(args, next, invocation, error)) return std::nullopt;
  }
  invocation.operands.assign(args.begin() + static_cast<long>(next), args.end());
  if (invocation.command && invocation.operands.empty()) {
    error = "-c: the commands to run are missing";
    return std::nullopt;
  }
  return invocation;
}

}  // namespace forklift::cli
