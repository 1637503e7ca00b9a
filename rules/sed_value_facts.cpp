#include "rules/sed_value_facts.h"

namespace forklift {

void require_sed_value_facts(const SemanticModel& model, const PipedValue& value, FixSafety& safety) {
  // A decimal integer is one line, starts with a digit or `-` followed by a
  // digit (never an echo option) and holds no backslash.
  if (piped_integer(model, value)) return;
  downgrade_for_printer(model, value, safety);
  // The translation reads the value as one line: sed on a value with no
  // newline sees exactly that line, and prints it with one newline that
  // `$( )` strips (no translated replacement inserts a newline).
  require_value_fact(model, value, ValueFact::NoNewline, "sed edits each line of a multi-line value", safety);
  if (!value.adds_newline && value.prefix.empty()) {
    require_value_fact(model, value, ValueFact::NonEmpty,
                       "an empty value printed without a newline gives sed no line at all", safety);
  }
}

}  // namespace forklift
