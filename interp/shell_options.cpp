#include "interp/shell_options.h"

#include <algorithm>
#include <array>

namespace forklift::interp {
namespace {

constexpr std::array<OptionName, 10> kOptionNames{{
    {"allexport", 'a', &ShellOptions::allexport},
    {"errexit", 'e', &ShellOptions::errexit},
    {"noglob", 'f', &ShellOptions::noglob},
    {"noexec", 'n', &ShellOptions::noexec},
    {"nounset", 'u', &ShellOptions::nounset},
    {"verbose", 'v', &ShellOptions::verbose},
    {"xtrace", 'x', &ShellOptions::xtrace},
    {"noclobber", 'C', &ShellOptions::noclobber},
    {"pipefail", 0, &ShellOptions::pipefail},
    {"notify", 'b', &ShellOptions::notify},
}};

constexpr std::array<std::string_view, 18> kIgnoredNames{
    "vi",     "emacs",     "gmacs",    "trackall", "monitor",    "bgnice",   "ignoreeof", "markdirs", "nolog",
    "posix",  "globstar",  "nocaseglob", "letoctal", "showme",   "privileged", "keyword", "multiline", "braceexpand"};

}  // namespace

std::span<const OptionName> option_names() { return kOptionNames; }

const OptionName* find_option(std::string_view name) {
  auto it = std::find_if(kOptionNames.begin(), kOptionNames.end(), [&](const OptionName& o) { return o.name == name; });
  return it == kOptionNames.end() ? nullptr : &*it;
}

const OptionName* find_option_letter(char letter) {
  if (letter == 0) return nullptr;
  auto it = std::find_if(kOptionNames.begin(), kOptionNames.end(),
                         [&](const OptionName& o) { return o.letter == letter; });
  return it == kOptionNames.end() ? nullptr : &*it;
}

bool is_ignored_option(std::string_view name) {
  return std::find(kIgnoredNames.begin(), kIgnoredNames.end(), name) != kIgnoredNames.end();
}

bool is_ignored_option_letter(char letter) { return std::string_view("hmpkB").find(letter) != std::string_view::npos; }

}  // namespace forklift::interp
