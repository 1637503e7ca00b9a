// The executable form of a simple command, built once on its first run and
// kept by the Shell per node (Shell::lowered_command):
//  * words pre-split by what running them needs: a plain literal is stored
//    unescaped and becomes its argument with no expansion work; `$x`,
//    `${x}` and `"$x"` read the variable through a slot; a double-quoted
//    word is a list of parts joined into one field; anything else is walked
//    by the Expander as before;
//  * assignments `name=value` with the name checked once and a slot for it;
//  * a literal command name resolved once to its builtin, the function
//    lookup cached until a function is defined or unset
//    (Shell::function_generation).
// Slots and the function cache revalidate with one integer comparison, so
// the form stays correct when variables, scopes or functions change later.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "interp/variables/variable_store.h"

namespace forklift::interp {

struct Builtin;

// One piece of a double-quoted word.
struct LoweredPart {
  enum class Kind : uint8_t {
    Text,      // `text`, escapes already removed
    Variable,  // a plain scalar parameter, read through `slot`
    Other,     // any other single-field expansion, expanded from `node`
  };
  Kind kind = Kind::Text;
  std::string text;
  std::string_view name;
  VarSlot slot;
  const Node* node = nullptr;
};

struct LoweredWord {
  enum class Kind : uint8_t {
    Literal,   // one field: `text`
    Variable,  // $name / ${name} unquoted: split and globbed only when the value needs it
    Quoted,    // "..." without "$@"-like parts: one field, the joined `parts`
    General,   // the Expander walks `node`
  };
  Kind kind = Kind::General;
  const Node* node = nullptr;
  std::string text;
  LoweredPart variable;  // Kind::Variable
  std::vector<LoweredPart> parts;
};

struct LoweredAssignment {
  const Node* node = nullptr;
  std::string_view name;
  bool simple = false;  // name=WORD: a plain name, no subscript, no `+=`, no array
  VarSlot slot;
  LoweredWord value;    // when simple; Literal, Quoted, Variable or General (as a string)
};

struct LoweredCommand {
  std::vector<LoweredWord> words;
  std::vector<LoweredAssignment> assignments;
  bool literal_name = false;        // words[0] is a Literal
  const Builtin* builtin = nullptr;  // of the literal name
  const Node* function = nullptr;    // of the literal name, as of function_generation
  uint64_t function_generation = 0;  // 0: not looked up yet
};

// `source` is the text the nodes' spans point into (for quoted parts
// without a text slice).
LoweredCommand lower_simple_command(const Node* command, std::string_view source);
LoweredWord lower_word(const Node* word, bool assignment_value, std::string_view source);

// Appends arguments to a vector, reusing the strings already in it: a
// vector kept from an earlier command keeps the buffers of its strings.
class ArgvBuilder {
 public:
  ArgvBuilder(std::vector<std::string>& argv, size_t used) : argv_(argv), used_(used) {}
  void add(std::string_view text) {
    if (used_ < argv_.size()) argv_[used_].assign(text.data(), text.size());
    else argv_.emplace_back(text);
    ++used_;
  }
  void add(std::string&& text) {
    if (used_ < argv_.size()) argv_[used_] = std::move(text);
    else argv_.push_back(std::move(text));
    ++used_;
  }
  std::string& start_field() {
    if (used_ >= argv_.size()) argv_.emplace_back();
    std::string& field = argv_[used_++];
    field.clear();
    return field;
  }
  void finish() { argv_.resize(used_); }

 private:
  std::vector<std::string>& argv_;
  size_t used_;
};

}  // namespace forklift::interp
