// The facts a shell pattern or an anchored regular expression proves of the
// values it matches (and of those it does not match), for value facts.
#pragma once

#include <optional>
#include <string_view>

#include "analyzer/ast.h"
#include "analyzer/semantic/value_facts.h"

namespace forklift {

// Facts of every value a pattern Word matches: a `case` arm's pattern, the
// right side of `[[ x == P ]]`, or (with `pathname`) a glob whose results and
// whose unmatched text both match it, where `*`, `?` and brackets never give
// `/`. nullopt when the word has expansions or extended globs.
std::optional<ValueFacts> pattern_facts(std::string_view source, const Node* pattern, bool pathname);

// Facts of every value that matches none of the pattern Word: recognised for
// `*[!SET]*` (only characters of SET), `''` (never empty), `-*`, `*/*`, `*/`.
std::optional<ValueFacts> complement_facts(std::string_view source, const Node* pattern);

// Facts of every value an ERE anchored at both ends matches (`^[0-9]+$`,
// `^[a-z][a-z0-9_]*$`); nullopt for anything else.
std::optional<ValueFacts> regex_facts(std::string_view regex);

// Both hold: the union of the facts, the longer prefix and suffix.
ValueFacts conjoined_facts(const ValueFacts& a, const ValueFacts& b);

}  // namespace forklift
