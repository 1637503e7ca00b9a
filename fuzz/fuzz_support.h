// What the fuzz targets share: how an input's first byte chooses the dialect
// and options, the checks every AST must pass, and how a broken invariant is
// reported (on stderr, then abort(), which libFuzzer and the replay runner
// both record as a failure).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"

namespace forklift::fuzz {

// Byte 0: the dialect (low two bits) and option bits for the target; the
// rest is the text. Seeds are files of the corpus with that byte in front.
struct FuzzInput {
  Dialect dialect = Dialect::Bash;
  uint8_t options = 0;  // byte 0 >> 2
  std::string_view text;
};
FuzzInput decode(const uint8_t* data, size_t size);

// Inputs above this are skipped: they explore nothing shorter ones do not,
// and a parse per input must stay fast enough to fuzz.
inline constexpr size_t kMaxInputBytes = 16u << 10;

// The first way the tree breaks the span conventions of analyzer/ast.h, or
// "" when it keeps them: every span inside the source with begin <= end,
// the Program spanning it all, children in source order inside their
// parent (a HereDocBody lies after its command line, outside its Redirect),
// and Literal and quoted leaves holding exactly their slice.
std::string tree_violation(const Ast& ast, std::string_view source);

// The first node whose span is not inside the source, or "".
std::string span_violation(const Ast& ast, std::string_view source);

// Whether the tree holds something that would run a command when expanded.
bool runs_commands(const Node* node);

// For the interpreter's targets, which run `: WORDS` to expand words without
// running anything: the words when `script` parses (as ksh) into that one
// command, with nothing in it that runs a command or redirects; else empty.
std::vector<const Node*> colon_command_words(const Ast& ast);

[[noreturn]] void fail(std::string_view what, std::string_view detail);

}  // namespace forklift::fuzz
