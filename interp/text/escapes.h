// Backslash escapes as ksh93u+m decodes them. There are two dialects:
//  - the C dialect of $'…' and printf format strings (libast chresc): \a \b
//    \e \E \f \n \r \t \v, \NNN (1-3 octal digits), \xHH… (any number of hex
//    digits, or \x{…}), \uHHHH, \UHHHHHHHH, \cX (control X); any other
//    character stands for itself without the backslash;
//  - the echo dialect of print, echo -e and printf %b: \a \b \E \f \n \r \t
//    \v \\, \0NNN (up to 3 octal digits after the 0) and \c (stop output);
//    any other backslash stays as it is.
// A hex escape of more than two digits, \u and \U are characters, written in
// UTF-8 as ksh does in every locale; the others are bytes.
#pragma once

#include <string>
#include <string_view>

namespace forklift::interp {

// The body of $'…' (without the quotes). A NUL byte ends the string, as in ksh.
std::string decode_ansi_c(std::string_view body);

// A printf format with its escapes decoded: a '%' from an escape becomes "%%"
// (a literal percent), \0 a NUL byte; an escape whose byte is NUL otherwise
// (\400) ends the format, as in ksh.
std::string decode_printf_format(std::string_view format);

// The echo dialect; sets `stop` at \c (the text up to it is returned).
std::string decode_echo_escapes(std::string_view text, bool& stop);

// An escape of the C dialect that names one character (\a \e \E \f \n \r
// \t \v, \x…, \cX), with text[i] the character after the backslash: sets
// `character` to it (a bare \x gives a NUL) and advances i past it. False,
// i unchanged, for any other escape: patterns give \b, \1 and the like
// meanings of their own.
bool decode_character_escape(std::string_view text, size_t& i, std::string& character);

// Appends `code` in UTF-8 (the 5- and 6-byte forms for values up to 2^31, as
// ksh writes them).
void append_utf8(std::string& out, uint32_t code);

}  // namespace forklift::interp
