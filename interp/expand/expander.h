// Word expansion in ksh93 order: tilde, parameter, command substitution and
// arithmetic (left to right), field splitting, brace expansion, pathname
// expansion, quote removal.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "interp/shell.h"

namespace forklift::interp {

struct Expander {
  enum class Mode {
    Fields,   // command arguments: split, brace-expand, glob
    String,   // assignment values, redirection targets: one string
    Pattern,  // case/[[ ]]/${x#pat}: one string, quoted characters escaped
    // The replacement of ${x/pat/rep}: as Pattern, but a backslash from an
    // expansion escapes only a backslash, or names a group (`\1`).
    Replacement,
  };

  Expander(Shell& shell, Mode mode);

  void word(const Node* word);
  // Finishes and moves the result out.
  std::vector<Field> take_fields();
  std::string take_string();

  // Parts, in the context `quoted` (inside double quotes).
  void part(const Node* part, bool quoted);
  void literal(std::string_view raw);
  void double_quoted_literal(std::string_view raw);
  void add_quoted(std::string_view text);
  void add_written_quoted(std::string_view text);  // quoted in the script, not an expansion's result
  void add_unquoted(std::string_view text);  // an expansion result: split and globbed
  void break_field();                        // "$@": elements are separate fields
  void parameter(const Node* param, bool quoted);
  // Where the rest of a word starts: a part and an offset in its text.
  struct Position {
    size_t kid;
    size_t offset;
  };
  // Expands the tilde prefix at the '~' `at` of `w`; returns what follows it.
  Position tilde_prefix(const Node* w, Position at);
  std::optional<std::string> tilde_home(const std::string& user);  // none: no such user
  // The parts of `w` from `pos`; assignment values also expand a tilde after each ':' (PATH=a:~/bin).
  void word_from(const Node* w, Position pos);
  std::string part_text(const Node* part);  // one part alone, as one string
  bool tilde_after_colon = false;

  Shell& shell;
  Mode mode;
  bool escaped;  // fields are kept in pattern form
  bool split;
  void load_ifs();  // IFS is read on first use: most words never split
  std::string ifs;
  bool ifs_loaded = false;
  bool ifs_set = true;
  std::vector<Field> fields;
  Field current;
  bool open = false;
  bool ws_pending = false;
  // Expanding the operand of a `${v-…}` inside double quotes, where `\}`
  // is a quoted `}`.
  bool in_quoted_operand = false;
};

// Brace expansion of a field in pattern form (`a{b,c}`, `{1..5}`, `{a..e..2}`).
void brace_expand(const std::string& text, std::vector<std::string>& out);
// The extended regular expression glibc reads for the pattern form of an
// `=~` operand: ksh93's `\d`, `\D` and `[:word:]`, which glibc lacks, in
// its terms (glibc has `\w`, `\s`, `\b` and their complements).
std::string ksh_regex(std::string_view pattern);
// The extended regular expression that matches what a pattern form matches,
// with a group for each `@(…)`, `*(…)`, `+(…)` and `?(…)` in their order:
// how ${v/pat/rep} finds the groups `\N` names. nullopt for `!(…)`, `~(…)`
// and brackets that have no such form.
std::optional<std::string> ksh_pattern_regex(std::string_view pattern);
// Removes the backslashes of pattern form.
std::string unescape_pattern(std::string_view text);
void unescape_pattern_into(std::string_view text, std::string& out);  // appends
// An unquoted literal without its backslashes and line continuations.
std::string unescape_literal(std::string_view raw);
// The text of a literal inside double quotes: \$ \` \" \\ and line continuations removed.
std::string double_quoted_text(std::string_view raw);
// '*', '?', or a '[' that has a closing ']' after it: text that globbing
// could change (a lone '[' as in `[ $x ]` is literal). Backslashed characters do not count.
bool has_glob_syntax(std::string_view text);
// The word's first part is unquoted text that begins with '~'.
bool starts_with_tilde(const Node* word);
// One unquoted literal part that neither globbing, braces nor tilde change.
bool is_plain_literal_word(const Node* word);
// Pathname expansion of a pattern; sorted matches (empty when none). With
// `fignore` (the value of FIGNORE, when set) a leading dot is not special
// and names that match it are left out.
std::vector<std::string> glob_pattern(const std::string& pattern, const std::string* fignore = nullptr,
                                      bool globstar = false);

}  // namespace forklift::interp
