#include "interp/shell_options.h"

#include <algorithm>
#include <array>

namespace forklift::interp {
namespace {

using O = ShellOptions;

// In the order `set -o` lists them.
constexpr std::array<OptionName, 38> kOptionNames{{
    {"allexport", 'a', &O::allexport},
    {"backslashctrl", 0, &O::nobackslashctrl, true},
    {"bgnice", 0, &O::bgnice},
    {"braceexpand", 'B', &O::braceexpand},
    {"clobber", 'C', &O::noclobber, true},
    {"emacs", 0, &O::emacs},
    {"errexit", 'e', &O::errexit},
    {"exec", 'n', &O::noexec, true},
    {"functrace", 0, &O::functrace},
    {"glob", 'f', &O::noglob, true},
    {"globcasedetect", 0, &O::globcasedetect},
    {"globstar", 'G', &O::globstar},
    {"gmacs", 0, &O::gmacs},
    {"histexpand", 'H', &O::histexpand},
    {"histreedit", 0, &O::histreedit},
    {"histverify", 0, &O::histverify},
    {"ignoreeof", 0, &O::ignoreeof},
    {"interactive", 0, &O::interactive, false, true},
    {"keyword", 'k', &O::keyword},
    {"letoctal", 0, &O::letoctal},
    {"log", 0, &O::nolog, true},
    {"login_shell", 0, &O::login_shell, false, true},
    {"markdirs", 0, &O::markdirs},
    {"monitor", 'm', &O::monitor},
    {"multiline", 0, &O::multiline},
    {"notify", 'b', &O::notify},
    {"pipefail", 0, &O::pipefail},
    {"posix", 0, &O::posix},
    {"privileged", 'p', &O::privileged},
    {"rc", 0, &O::rc, false, true},
    // Not carried out by forklift run, so never turned on.
    {"restricted", 0, &O::restricted, false, true},
    {"showme", 0, &O::showme},
    {"trackall", 'h', &O::trackall},
    {"unset", 'u', &O::nounset, true},
    {"verbose", 'v', &O::verbose},
    {"vi", 0, &O::vi},
    {"viraw", 0, &O::viraw},
    {"xtrace", 'x', &O::xtrace},
}};

std::string without_separators(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c != '-' && c != '_') out += c;
  }
  return out;
}

// The option NAME names (separators already removed): itself, else the one
// it is a prefix of.
OptionLookup lookup(const std::string& name) {
  OptionLookup result;
  if (name.empty()) return result;
  for (const OptionName& option : kOptionNames) {
    std::string candidate = without_separators(option.name);
    if (candidate == name) {
      result.option = &option;
      result.ambiguous = false;
      return result;
    }
    if (candidate.starts_with(name)) {
      result.ambiguous = result.option != nullptr;
      result.option = &option;
    }
  }
  if (result.ambiguous) result.option = nullptr;
  return result;
}

}  // namespace

std::span<const OptionName> option_names() { return kOptionNames; }

OptionLookup find_option(std::string_view text) {
  bool value = true;
  if (size_t equals = text.find('='); equals != std::string_view::npos) {
    value = text.substr(equals + 1) != "0";
    text = text.substr(0, equals);
  }
  std::string name = without_separators(text);
  OptionLookup result;
  if (name == "no") return result;
  if (name.starts_with("no")) {
    result = lookup(name.substr(2));
    result.on = false;
  }
  if (result.option == nullptr && !result.ambiguous) result = lookup(name);
  if (!value) result.on = !result.on;
  return result;
}

const OptionName* find_option_letter(char letter) {
  if (letter == 0) return nullptr;
  auto it = std::find_if(kOptionNames.begin(), kOptionNames.end(),
                         [&](const OptionName& o) { return o.letter == letter; });
  return it == kOptionNames.end() ? nullptr : &*it;
}

bool option_is_on(const ShellOptions& options, const OptionName& option) {
  return options.*option.field != option.inverted;
}

void set_option(ShellOptions& options, const OptionName& option, bool on) { options.*option.field = on != option.inverted; }

std::string flag_name(const OptionName& option) {
  return option.inverted ? "no" + std::string(option.name) : std::string(option.name);
}

std::string option_commands(const ShellOptions& options) {
  std::string out = "set --default";
  for (const OptionName& option : kOptionNames) {
    if (options.*option.field) out += " --" + flag_name(option);
  }
  return out + "\n";
}

}  // namespace forklift::interp
