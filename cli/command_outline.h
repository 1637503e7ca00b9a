// What the man pages and the shell completions say about each subcommand,
// read from the CLI11 definitions that `--help` prints, so none of them can
// drift from the options the command really takes.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace forklift::cli {

struct OptionOutline {
  std::vector<std::string> long_names;   // without the leading --
  std::vector<std::string> short_names;  // without the leading -
  std::string value_name;                // "TEXT", "INT"; empty for a flag
  std::string description;
  bool takes_rule_codes = false;  // --select, --ignore, --explain...
  // The values to complete: those a CLI::IsMember check allows, or the rule codes.
  std::vector<std::string> choices;
};

struct PositionalOutline {
  std::string name;
  std::string description;
  bool repeated = false;
  bool required = false;
  std::vector<std::string> choices;  // as OptionOutline's (`forklift rule CODE`: the rule codes)
};

struct CommandOutline {
  std::string name;     // "lint"; "forklift" for the top level
  std::string summary;  // one line
  std::string details;  // the long text `SUBCOMMAND --help` ends with; paragraphs split by blank lines
  std::vector<OptionOutline> options;
  std::vector<PositionalOutline> positionals;
};

CommandOutline outline_command(const CLI::App& command);

// The subcommands a user sees (hidden ones left out), in the order --help lists them.
std::vector<CommandOutline> outline_subcommands(const CLI::App& app);

// The words to complete for a subcommand's first operand; empty when it names files.
std::vector<std::string> operand_words(const CommandOutline& command);

// The first line of a description.
std::string first_line(const std::string& text);

}  // namespace forklift::cli
