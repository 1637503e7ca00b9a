// Escaping text for XML attributes and content (checkstyle, junit).
#pragma once

#include <string>
#include <string_view>

namespace forklift::cli {

// Escapes & < > " ' and drops the control characters XML 1.0 forbids.
std::string xml_escape(std::string_view text);

}  // namespace forklift::cli
