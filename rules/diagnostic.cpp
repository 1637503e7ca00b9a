#include "rules/diagnostic.h"

namespace forklift {

std::string_view applicability_name(Applicability a) {
  switch (a) {
    case Applicability::Safe: return "safe";
    case Applicability::Unsafe: return "unsafe";
    case Applicability::DisplayOnly: return "display-only";
  }
  return "?";
}

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Hint: return "hint";
  }
  return "?";
}

}  // namespace forklift
