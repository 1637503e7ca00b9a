// Which shell a script is written for, and how we found out.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace forklift {

enum class Dialect { Sh, Bash, Ksh, Mksh };

enum class DialectSource { Override, Directive, Shebang, Extension, Default };

struct DialectChoice {
  Dialect dialect = Dialect::Bash;
  DialectSource source = DialectSource::Default;
};

std::string_view dialect_name(Dialect dialect);
// Accepts shell names as they appear in #! lines and options: sh, dash, ash,
// busybox, posix, bash, ksh, ksh93, mksh, ... Returns nullopt for unknown names.
std::optional<Dialect> dialect_from_name(std::string_view name);

// Strongest first: command-line override, `# forklift: shell=NAME` directive
// (before the first command), `#!` line (also `#!/usr/bin/env [-S] NAME [opts]`),
// file extension (.sh .bash .ksh .mksh), else bash.
DialectChoice detect_dialect(std::string_view path, std::string_view text,
                             std::optional<Dialect> override_dialect = std::nullopt);

}  // namespace forklift
