#include "interp/escapes.h"

namespace forklift::interp {

bool append_letter_escape(char letter, std::string& out) {
  switch (letter) {
    case 'a': out.push_back('\a'); return true;
    case 'b': out.push_back('\b'); return true;
    case 'e':
    case 'E': out.push_back('\033'); return true;
    case 'f': out.push_back('\f'); return true;
    case 'n': out.push_back('\n'); return true;
    case 'r': out.push_back('\r'); return true;
    case 't': out.push_back('\t'); return true;
    case 'v': out.push_back('\v'); return true;
    case '\\': out.push_back('\\'); return true;
    default: return false;
  }
}

unsigned read_octal_digits(std::string_view text, size_t& i, int max_digits, unsigned value) {
  for (int n = 0; n < max_digits && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '7'; ++n) {
    value = value * 8 + static_cast<unsigned>(text[++i] - '0');
  }
  return value;
}

}  // namespace forklift::interp
