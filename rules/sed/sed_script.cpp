#include "rules/sed/sed_script.h"

#include <cctype>

namespace forklift::sed {
namespace {

constexpr std::string_view kRegexSpecials = ".*[]^$\\+?(){}|";

class ScriptParser {
 public:
  ScriptParser(std::string_view script, RegexSyntax syntax) : script_(script), syntax_(syntax) {}

  SedParse parse() {
    SedProgram program;
    program.syntax = syntax_;
    while (skip_separators()) {
      std::optional<bool> selected = address();
      if (!selected) return SedParse{std::nullopt, error_};
      std::optional<SedCommand> command = this->command();
      if (!command) return SedParse{std::nullopt, error_};
      if (*selected) program.commands.push_back(std::move(*command));
    }
    return SedParse{std::move(program), ""};
  }

 private:
  bool skip_separators() {
    while (at_ < script_.size() && std::string_view(" \t\n;").find(script_[at_]) != std::string_view::npos) ++at_;
    return at_ < script_.size();
  }

  // The input is one line: `1` and `$` select it, `1!` and `$!` never do
  // (the command is read and dropped). Other addresses are refused.
  std::optional<bool> address() {
    char c = script_[at_];
    if (c != '1' && c != '$') return true;
    if (c == '1' && at_ + 1 < script_.size() && std::isdigit(static_cast<unsigned char>(script_[at_ + 1]))) {
      return fail("an address other than `1` and `$`");
    }
    ++at_;
    bool selected = true;
    if (at_ < script_.size() && script_[at_] == '!') {
      selected = false;
      ++at_;
    }
    while (at_ < script_.size() && (script_[at_] == ' ' || script_[at_] == '\t')) ++at_;
    if (at_ >= script_.size() || (script_[at_] != 's' && script_[at_] != 'y')) {
      return fail("an address before a command other than `s` and `y`");
    }
    return selected;
  }

  std::optional<SedCommand> command() {
    char name = script_[at_];
    if (name != 's' && name != 'y') return fail(std::string("the command `") + name + "` (or an address)");
    if (at_ + 1 >= script_.size()) return fail("an unterminated command");
    delimiter_ = script_[at_ + 1];
    if (delimiter_ == '\\' || delimiter_ == '\n' || delimiter_ == ' ') return fail("an unusual delimiter");
    at_ += 2;
    return name == 's' ? substitute() : transliterate();
  }

  std::optional<SedCommand> substitute() {
    SedCommand command;
    std::optional<std::string> pattern = regex_text();
    if (!pattern) return std::nullopt;
    RegexParse parsed = parse_regex(*pattern, syntax_);
    if (!parsed.regex) return fail("a regular expression with " + parsed.error);
    if (pattern->empty()) return fail("an empty regular expression (it reuses the previous one)");
    command.regex = std::move(*parsed.regex);
    command.groups = parsed.groups;
    if (!replacement(command)) return std::nullopt;
    if (!flags(command)) return std::nullopt;
    return command;
  }

  // The pattern up to the closing delimiter; `\D` stands for D itself.
  std::optional<std::string> regex_text() {
    std::string text;
    for (; at_ < script_.size(); ++at_) {
      char c = script_[at_];
      if (c == delimiter_) {
        ++at_;
        return text;
      }
      if (c == '\n') break;
      if (c == '\\' && at_ + 1 < script_.size()) {
        char next = script_[++at_];
        if (next == delimiter_) {
          if (kRegexSpecials.find(next) != std::string_view::npos) return fail("an escaped delimiter that is special");
          text += next;
        } else {
          text += c;
          text += next;
        }
        continue;
      }
      text += c;
    }
    return fail("an unterminated `s` command");
  }

  bool replacement(SedCommand& command) {
    for (; at_ < script_.size(); ++at_) {
      char c = script_[at_];
      if (c == delimiter_) {
        ++at_;
        return true;
      }
      if (c == '\n') break;
      if (c == '&') {
        command.replacement.push_back({ReplacementPiece::Kind::WholeMatch, "", 0});
        continue;
      }
      if (c == '\\') {
        if (at_ + 1 >= script_.size()) break;
        char next = script_[++at_];
        if (next >= '1' && next <= '9') {
          if (next - '0' > command.groups) return refuse("a reference to a group the pattern does not have");
          command.replacement.push_back({ReplacementPiece::Kind::Group, "", next - '0'});
          continue;
        }
        if (std::isalnum(static_cast<unsigned char>(next)) || next == '\n') {
          return refuse("a GNU escape in the replacement (`\\n`, `\\U`, …)");
        }
        c = next;
      }
      if (command.replacement.empty() || command.replacement.back().kind != ReplacementPiece::Kind::Text) {
        command.replacement.push_back({ReplacementPiece::Kind::Text, "", 0});
      }
      command.replacement.back().text += c;
    }
    return refuse("an unterminated `s` command");
  }

  bool flags(SedCommand& command) {
    bool numbered = false;
    for (; at_ < script_.size(); ++at_) {
      char c = script_[at_];
      if (c == 'g' && !command.global) {
        command.global = true;
      } else if (c == 'p' && !command.print) {
        command.print = true;
      } else if (c >= '1' && c <= '9' && !numbered) {
        numbered = true;
        command.occurrence = 0;
        while (at_ < script_.size() && std::isdigit(static_cast<unsigned char>(script_[at_])) &&
               command.occurrence < 1000) {
          command.occurrence = command.occurrence * 10 + (script_[at_++] - '0');
        }
        --at_;
      } else if (c == ';' || c == '\n' || c == ' ' || c == '\t') {
        return true;
      } else {
        return refuse(std::string("the flag `") + c + "`");
      }
    }
    return true;
  }

  std::optional<SedCommand> transliterate() {
    SedCommand command;
    command.kind = SedCommand::Kind::Transliterate;
    for (std::string* side : {&command.from, &command.to}) {
      if (!transliteration_side(*side)) return std::nullopt;
    }
    if (command.from.size() != command.to.size()) return fail("`y` with sides of different lengths");
    for (char c : command.from + command.to) {
      if (static_cast<unsigned char>(c) >= 0x80) return fail("`y` with non-ASCII characters");
    }
    if (at_ < script_.size() && std::string_view(" \t\n;").find(script_[at_]) == std::string_view::npos) {
      return fail("text after a `y` command");
    }
    return command;
  }

  bool transliteration_side(std::string& side) {
    for (; at_ < script_.size(); ++at_) {
      char c = script_[at_];
      if (c == delimiter_) {
        ++at_;
        return true;
      }
      if (c == '\\' && at_ + 1 < script_.size()) {
        char next = script_[++at_];
        if (next != delimiter_ && next != '\\') return refuse("an escape in `y` other than `\\\\` and the delimiter");
        c = next;
      } else if (c == '\n') {
        break;
      }
      side += c;
    }
    return refuse("an unterminated `y` command");
  }

  std::nullopt_t fail(std::string what) {
    if (error_.empty()) error_ = std::move(what);
    return std::nullopt;
  }

  bool refuse(std::string what) {
    fail(std::move(what));
    return false;
  }

  std::string_view script_;
  RegexSyntax syntax_;
  size_t at_ = 0;
  char delimiter_ = '/';
  std::string error_;
};

struct Options {
  bool quiet = false;
  RegexSyntax syntax = RegexSyntax::Basic;
  std::vector<std::string> scripts;
  std::string error;
};

// Short options may be grouped (`-ne`); `-e` takes the rest of its group or
// the next argument.
Options read_options(const std::vector<std::string>& arguments) {
  Options options;
  bool explicit_scripts = false;
  size_t i = 0;
  for (; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (argument == "--") {
      ++i;
      break;
    }
    if (argument == "--quiet" || argument == "--silent") {
      options.quiet = true;
    } else if (argument == "--regexp-extended") {
      options.syntax = RegexSyntax::Extended;
    } else if (argument.starts_with("--expression=")) {
      options.scripts.push_back(argument.substr(13));
      explicit_scripts = true;
    } else if (argument.size() > 1 && argument[0] == '-' && argument[1] != '-') {
      for (size_t k = 1; k < argument.size(); ++k) {
        char flag = argument[k];
        if (flag == 'n') {
          options.quiet = true;
        } else if (flag == 'E' || flag == 'r') {
          options.syntax = RegexSyntax::Extended;
        } else if (flag == 'e') {
          explicit_scripts = true;
          if (k + 1 < argument.size()) {
            options.scripts.push_back(argument.substr(k + 1));
          } else if (i + 1 < arguments.size()) {
            options.scripts.push_back(arguments[++i]);
          } else {
            options.error = "`-e` without a script";
          }
          break;
        } else {
          options.error = std::string("the option `-") + flag + "`";
          return options;
        }
      }
    } else {
      break;
    }
  }
  if (!explicit_scripts && i < arguments.size()) options.scripts.push_back(arguments[i++]);
  if (i < arguments.size()) options.error = "file operands (sed reads them, not its input)";
  if (options.scripts.empty() && options.error.empty()) options.error = "no script";
  return options;
}

}  // namespace

SedParse parse_sed_script(std::string_view script, RegexSyntax syntax) { return ScriptParser(script, syntax).parse(); }

SedParse parse_sed_arguments(const std::vector<std::string>& arguments) {
  Options options = read_options(arguments);
  if (!options.error.empty()) return SedParse{std::nullopt, options.error};
  SedProgram program;
  program.quiet = options.quiet;
  program.syntax = options.syntax;
  for (const std::string& script : options.scripts) {
    SedParse part = parse_sed_script(script, options.syntax);
    if (!part.program) return part;
    for (SedCommand& command : part.program->commands) program.commands.push_back(std::move(command));
  }
  if (program.commands.empty()) return SedParse{std::nullopt, "no command"};
  return SedParse{std::move(program), ""};
}

}  // namespace forklift::sed
