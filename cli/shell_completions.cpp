#include "cli/shell_completions.h"

#include <fmt/format.h>

namespace forklift::cli {
namespace {

// Inside single quotes: ' becomes '\'' (bash, zsh and fish all read that).
std::string single_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : " ") + word;
  return out;
}

std::string option_words(const CommandOutline& command) {
  std::string out;
  for (const OptionOutline& option : command.options) {
    for (const std::string& name : option.short_names) out += (out.empty() ? "-" : " -") + name;
    for (const std::string& name : option.long_names) out += (out.empty() ? "--" : " --") + name;
  }
  return out;
}

std::string bash_script(const CommandOutline& top, const std::vector<CommandOutline>& subcommands) {
  std::string commands, cases;
  for (const CommandOutline& sub : subcommands) {
    commands += (commands.empty() ? "" : " ") + sub.name;
    cases += fmt::format("    {}) opts={} operands={}\n", sub.name, single_quoted(option_words(sub)),
                         single_quoted(joined(operand_words(sub))));
    for (const OptionOutline& option : sub.options) {
      if (option.choices.empty()) continue;
      for (const std::string& name : option.long_names) {
        cases += fmt::format("      [[ $prev == --{} ]] && values={}\n", name, single_quoted(joined(option.choices)));
      }
    }
    cases += "      ;;\n";
  }
  return fmt::format(R"(# bash completion for forklift (written by `forklift completions bash`)
_forklift() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} sub= i opts operands values=
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${{COMP_WORDS[i]}} in -*) ;; *) sub=${{COMP_WORDS[i]}}; break ;; esac
  done
  if [[ -z $sub ]]; then
    COMPREPLY=($(compgen -W '{commands} {top_options}' -- "$cur"))
    return
  fi
  case $sub in
{cases}    *) opts= operands= ;;
  esac
  if [[ -n $values ]]; then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ -n $operands ]]; then
    COMPREPLY=($(compgen -W "$operands" -- "$cur"))
  fi
}}
complete -o default -o bashdefault -F _forklift forklift
)",
                     fmt::arg("commands", commands), fmt::arg("top_options", option_words(top)),
                     fmt::arg("cases", cases));
}

// A description inside a zsh _arguments spec: brackets and colons escaped.
std::string zsh_description(std::string_view text) {
  std::string out;
  for (char c : first_line(std::string(text))) {
    if (c == '[' || c == ']' || c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string zsh_option_specs(const CommandOutline& command) {
  std::string out;
  for (const OptionOutline& option : command.options) {
    std::string label = option.takes_rule_codes ? "rule" : zsh_description(option.value_name);
    std::string value = option.value_name.empty()  ? ""
                        : option.choices.empty() ? ":" + label + ":_files"
                                                 : ":" + label + ":(" + joined(option.choices) + ")";
    std::vector<std::string> names;
    for (const std::string& name : option.short_names) names.push_back("-" + name);
    for (const std::string& name : option.long_names) names.push_back("--" + name);
    for (const std::string& name : names) {
      out += " \\\n      " + single_quoted(fmt::format("{}[{}]{}", name, zsh_description(option.description), value));
    }
  }
  return out;
}

std::string zsh_script(const CommandOutline& top, const std::vector<CommandOutline>& subcommands) {
  std::string described, cases;
  for (const CommandOutline& sub : subcommands) {
    described += "\n    " + single_quoted(sub.name + ":" + zsh_description(sub.summary));
    std::vector<std::string> operands = operand_words(sub);
    std::string positional = operands.empty() ? "'*:file:_files'"
                                              : single_quoted(fmt::format("1:{}:({})", sub.positionals.front().name,
                                                                          joined(operands)));
    cases += fmt::format("    {})\n      _arguments{} \\\n      {} ;;\n", sub.name, zsh_option_specs(sub), positional);
  }
  return fmt::format(R"(#compdef forklift
# zsh completion for forklift (written by `forklift completions zsh`)
_forklift() {{
  local -a commands
  commands=({described}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'forklift command' commands
    _arguments{top_specs}
    return
  fi
  local sub=${{words[2]}}
  shift words
  (( CURRENT-- ))
  case $sub in
{cases}  esac
}}
_forklift "$@"
)",
                     fmt::arg("described", described), fmt::arg("top_specs", zsh_option_specs(top)),
                     fmt::arg("cases", cases));
}

std::string fish_option_lines(const CommandOutline& command, const std::string& condition) {
  std::string out;
  for (const OptionOutline& option : command.options) {
    std::string line = "complete -c forklift -n " + single_quoted(condition);
    for (const std::string& name : option.short_names) line += " -s " + name;
    for (const std::string& name : option.long_names) line += " -l " + name;
    if (!option.choices.empty()) {
      line += " -x -a " + single_quoted(joined(option.choices));
    } else if (!option.value_name.empty()) {
      line += " -r";
    }
    out += line + " -d " + single_quoted(first_line(option.description)) + "\n";
  }
  return out;
}

std::string fish_script(const CommandOutline& top, const std::vector<CommandOutline>& subcommands) {
  std::string out = "# fish completion for forklift (written by `forklift completions fish`)\n";
  out += fish_option_lines(top, "__fish_use_subcommand");
  for (const CommandOutline& sub : subcommands) {
    out += fmt::format("complete -c forklift -f -n __fish_use_subcommand -a {} -d {}\n", sub.name,
                       single_quoted(sub.summary));
  }
  for (const CommandOutline& sub : subcommands) {
    std::string condition = "__fish_seen_subcommand_from " + sub.name;
    out += fish_option_lines(sub, condition);
    std::string operands = joined(operand_words(sub));
    if (!operands.empty()) {
      out += "complete -c forklift -n " + single_quoted(condition) + " -f -a " + single_quoted(operands) + "\n";
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> completion_script(std::string_view shell, const CommandOutline& top,
                                             const std::vector<CommandOutline>& subcommands) {
  if (shell == "bash") return bash_script(top, subcommands);
  if (shell == "zsh") return zsh_script(top, subcommands);
  if (shell == "fish") return fish_script(top, subcommands);
  return std::nullopt;
}

}  // namespace forklift::cli
