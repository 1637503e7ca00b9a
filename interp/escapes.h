// Pieces of backslash-escape decoding that $'…', print and printf %b share.
#pragma once

#include <string>
#include <string_view>

namespace forklift::interp {

// The one-letter escapes all three agree on (\a \b \e \E \f \n \r \t \v \\):
// appends the character and returns true when `letter` is one of them.
bool append_letter_escape(char letter, std::string& out);

// Reads up to `max_digits` octal digits following text[i], advancing i past
// them, and returns `value` extended by them.
unsigned read_octal_digits(std::string_view text, size_t& i, int max_digits, unsigned value);

}  // namespace forklift::interp
