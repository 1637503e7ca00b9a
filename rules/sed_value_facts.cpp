#include "rules/sed_value_facts.h"

namespace forklift {

void require_sed_value_facts(const SemanticModel& model, const PipedValue& value, FixSafety& safety) {
  // A decimal integer is one line, starts with a digit or `-` followed by a
  // digit (never an echo option) and holds no backslash.
  if (piped_integer(model, value)) return;
  safety.downgrade(Applicability::Unsafe,
                   "the value is not known to be one line: sed edits each line of a multi-line value");
  if (value.via_echo) {
    safety.downgrade(Applicability::Unsafe,
                     "the value is not known to be safe for echo: echo takes `-n` as an option and dash's echo "
                     "interprets backslashes");
  }
  if (!value.quoted) {
    safety.downgrade(Applicability::Unsafe, "the unquoted value is split and globbed before it is printed");
  }
  if (!value.adds_newline) {
    safety.downgrade(Applicability::Unsafe, "an empty value printed without a newline gives sed no line at all");
  }
}

}  // namespace forklift
