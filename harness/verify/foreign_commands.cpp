#include "harness/verify/foreign_commands.h"

#include <array>

namespace forklift::harness {
namespace {

// `local` is here although ksh93 lacks it too: a script that uses it is
// written for bash, whose behaviour the bundled interpreter does not model.
constexpr std::array<ForeignCommand, 21> kForeignCommands{{
    {"mapfile", "bash"}, {"readarray", "bash"}, {"shopt", "bash"},   {"compgen", "bash"},  {"complete", "bash"},
    {"compopt", "bash"}, {"enable", "bash"},    {"caller", "bash"},  {"dirs", "bash"},     {"pushd", "bash"},
    {"popd", "bash"},    {"help", "bash"},      {"history", "bash"}, {"bind", "bash"},     {"local", "bash"},
    {"coproc", "bash"},  {"autoload", "ksh93"}, {"enum", "ksh93"},   {"redirect", "ksh93"}, {"stop", "ksh93"},
    {"suspend", "ksh93"},
}};

// Whether `line` is the interpreter's "…: NAME: not found" for `name`.
bool reports_not_found(std::string_view line, std::string_view name) {
  constexpr std::string_view kSuffix = ": not found";
  if (!line.ends_with(kSuffix)) return false;
  line.remove_suffix(kSuffix.size());
  if (!line.ends_with(name)) return false;
  line.remove_suffix(name.size());
  return line.ends_with(": ");
}

}  // namespace

std::optional<ForeignCommand> foreign_command_not_found(std::string_view stderr_text) {
  while (!stderr_text.empty()) {
    size_t eol = stderr_text.find('\n');
    std::string_view line = stderr_text.substr(0, eol);
    for (const ForeignCommand& command : kForeignCommands) {
      if (reports_not_found(line, command.name)) return command;
    }
    if (eol == std::string_view::npos) break;
    stderr_text.remove_prefix(eol + 1);
  }
  return std::nullopt;
}

}  // namespace forklift::harness
