// Translating a sed program applied to one line held in a variable into
// shell code with the same result, per dialect, where an exact equivalent
// exists.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/dialect.h"
#include "rules/sed/sed_script.h"

namespace forklift::sed {

enum class Target { Posix, Bash, Ksh, Mksh };

struct Translation {
  // The result as one parameter expansion of the input (`${v#X}`), when the
  // program is that simple; it reads the same inside and outside "…".
  std::optional<std::string> expression;
  // Commands that set `output` to the result (always set when translated).
  std::string statements;
  // Where the translation can differ from sed on some value; a fix using it
  // is then not exact.
  std::vector<std::string> caveats;
  // Why no translation exists; empty when there is one.
  std::string refusal;
};

// The target of a script's dialect.
Target target_for(Dialect dialect);

// Translation statements joined with `; `, for a fix that replaces one
// statement on its line (a multi-line rewrite would move `$LINENO`).
std::string on_one_line(std::string statements);

// `input` is a variable or positional parameter name holding one line
// (no newline); `output` the variable the statements set; `scratch` a
// variable the statements may set too (a global replacement in POSIX sh
// copies the rest of the line through it), empty when there is none.
// `prefix` is literal text the line holds before the input's value
// (`echo "X$v" | sed 's/^X//'`): the first command must match it at the
// line's start, and the line keeps it where that command does not match.
Translation translate(const SedProgram& program, std::string_view input, std::string_view output, Target target,
                      std::string_view scratch = {}, std::string_view prefix = {});

}  // namespace forklift::sed
