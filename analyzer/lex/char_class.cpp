#include "analyzer/lex/char_class.h"

namespace forklift {

bool is_identifier(std::string_view name) {
  if (name.empty() || !is_name_start(name[0])) return false;
  for (char c : name) {
    if (!is_name_char(c)) return false;
  }
  return true;
}

}  // namespace forklift
