// Escaping text for XML attributes and content (checkstyle, junit, SVG).
#pragma once

#include <string>
#include <string_view>

namespace forklift {

// Escapes & < > " ' and drops the control characters XML 1.0 forbids. Tab and
// newline become character references: an attribute value keeps them only
// that way (a parser normalizes a literal one to a space), and in content the
// reference reads the same as the byte.
std::string xml_escape(std::string_view text);

}  // namespace forklift
