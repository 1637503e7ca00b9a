// The sed programs forklift can reason about: `s` and `y` commands chained
// with `-e`, `;` and newlines, under `-n`, `-E`/`-r`, read as applied to a
// value of one line (the rules translate them only for one-line values):
// the addresses `1` and `$` select that line, `1!` and `$!` never do.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/sed/regex.h"

namespace forklift::sed {

// One piece of an `s` replacement.
struct ReplacementPiece {
  enum class Kind { Text, WholeMatch, Group };  // literal text, `&`, `\N`
  Kind kind = Kind::Text;
  std::string text;
  int group = 0;
};

struct SedCommand {
  enum class Kind { Substitute, Transliterate };
  Kind kind = Kind::Substitute;
  // s/regex/replacement/flags
  Regex regex;
  int groups = 0;
  std::vector<ReplacementPiece> replacement;
  bool global = false;  // g
  int occurrence = 1;   // N: replace the Nth match
  bool print = false;   // p
  // y/from/to/: the same number of bytes each
  std::string from;
  std::string to;
};

struct SedProgram {
  bool quiet = false;  // -n
  RegexSyntax syntax = RegexSyntax::Basic;
  std::vector<SedCommand> commands;
};

struct SedParse {
  std::optional<SedProgram> program;
  std::string error;  // why the program is outside what is understood
};

// `arguments` are the static words after `sed`. Reading files, in-place
// editing and any other option or command are refused with a reason.
SedParse parse_sed_arguments(const std::vector<std::string>& arguments);

// One script (the text of one `-e`, or the sole script argument).
SedParse parse_sed_script(std::string_view script, RegexSyntax syntax);

}  // namespace forklift::sed
