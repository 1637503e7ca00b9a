#include "rules/rule.h"

namespace forklift {

std::string_view fix_availability_name(FixAvailability fix) {
  switch (fix) {
    case FixAvailability::None: return "none";
    case FixAvailability::Safe: return "safe";
    case FixAvailability::SometimesSafe: return "sometimes safe";
    case FixAvailability::Unsafe: return "unsafe";
  }
  return "?";
}

}  // namespace forklift
