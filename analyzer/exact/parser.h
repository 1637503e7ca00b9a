// The exact parser's state and its recursive-descent entry points.
//
// The parser is scannerless: every construct reads the source bytes directly
// from `pos_`, which is what context-sensitive lexing of shells needs (a `)`
// ends a case pattern in one place and a command substitution in another; a
// `#` starts a comment only where a word could start). Member functions are
// grouped by concern into separate files: scanner.cpp (blanks, comments,
// reserved words, error helpers), word_parser.cpp, dollar_parser.cpp,
// param_parser.cpp, backtick_parser.cpp, command_parser.cpp,
// compound_parser.cpp, assignment_parser.cpp, redirect_parser.cpp,
// heredoc_reader.cpp, test_parser.cpp and arith_parser.cpp.
//
// Errors are thrown as SyntaxError and caught at the entry points: the parser
// never backtracks (the `((` ambiguities are settled by a scan ahead, as bash
// does, see double_paren_is_arithmetic).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/parse_error.h"

namespace forklift::exact {

struct SyntaxError {
  uint32_t offset = 0;
  std::string message;
};

// How a run of word characters ends and which bytes are special inside it.
enum class WordMode : uint8_t {
  Command,       // arguments, patterns, assignment values: metacharacters end it
  Regex,         // right side of `=~`: parentheses and `|` are literal
  ParamOperand,  // `${x:-operand}`: ends at the first `}`; blanks are literal
  ParamMatch,    // `${x#pattern}`, `${x/p/replacement}`: as ParamOperand, but
                 // quotes still quote inside double quotes
  ParamPattern,  // `${x/pattern/...}`: also ends at `/`
  ParamOffset,   // `${x:offset:...}`: also ends at `:`
  Subscript,     // `[...]`: ends at the matching `]`; blanks are literal
  DoubleQuoted,  // inside "...": only `$`, backquote and backslash are special
  HereDoc,       // an unquoted here-document body
  kCount,
};

// Thrown when a command word is an alias: the caller substitutes the
// value into the text and parses again (analyzer/exact/alias_expansion.cpp).
struct AliasHit {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string value;
};

// Parse-time alias expansion: the lookup, and the parts of the text that came
// from expanding an alias (which does not expand again inside its own value).
struct AliasContext {
  struct Region {
    uint32_t begin;
    uint32_t end;
    std::string name;
  };
  const std::function<const std::string*(std::string_view)>* lookup = nullptr;
  std::vector<Region> regions;
  std::vector<uint32_t> blank_ends;  // ends of values ending in a blank: the next word is checked too
};

struct PendingHereDoc {
  Node* redirect;         // its flags say what `<<-` or `<<#` strip
  std::string delimiter;  // with quoting removed
  bool quoted;
};

// The state of one word's scan (analyzer/exact/word_parser.cpp).
struct WordScan {
  WordMode mode;
  uint32_t word_begin;
  bool allow_quotes;
  // Nesting of [] in subscripts, () in regexes and extended globs. (A `{` in
  // `${x:-{a}}` does not nest: the operand ends at the first `}`, as in bash
  // and ksh.)
  int depth = 0;
  int open_ternaries = 0;      // `?` of `${v:a?1:2}` whose `:` is not the length's
  bool regex_follows = false;  // after ksh `~(E)`, parentheses group the regex
  bool stop = false;           // the byte at pos_ ends the word
};

class Parser {
 public:
  Parser(Ast& ast, std::string_view source, Dialect dialect, std::vector<Span>& comments,
         std::vector<ParseError>& warnings);

  Node* parse_program();
  // The first complete command line (`;`-separated commands and compound
  // commands through the newline ending them), expanding aliases; returns
  // where it ends.
  uint32_t parse_first_line(const AliasContext& aliases);
  // The arithmetic expression in [begin, end): the whole range must be used.
  Node* parse_standalone_arithmetic(uint32_t begin, uint32_t end);
  // The expansion starting with the `$` at begin, which must end at end.
  Node* parse_standalone_expansion(uint32_t begin, uint32_t end, bool in_double_quotes);
  // The parts of an unquoted here-document body in [begin, end).
  void parse_standalone_here_document_body(uint32_t begin, uint32_t end, std::vector<Node*>& parts);

 private:
  friend class DepthGuard;
  friend class CommandContext;

  // ---- scanner.cpp: bytes, blanks, comments, reserved words, errors -------
  bool at_end() const { return pos_ >= end_; }
  char peek(uint32_t ahead = 0) const { return pos_ + ahead < end_ ? src_[pos_ + ahead] : '\0'; }
  bool looking_at(std::string_view text) const;
  bool at_newline() const { return pos_ < end_ && src_[pos_] == '\n'; }
  bool is_delimiter_at(uint32_t at) const;  // a byte that ends a reserved word
  bool at_reserved(std::string_view word) const;
  std::string_view reserved_word() const;  // the reserved word at pos_, or ""
  bool at_list_terminator() const;
  void skip_blanks();      // blanks, line continuations, `\r` before `\n`
  void skip_space();       // blanks and a comment
  void skip_linebreaks();  // blanks, comments and newlines (reading pending here-documents)
  void skip_comment();
  void consume_newline();
  Node* make(NodeKind kind, uint32_t begin, uint32_t end) { return ast_.make(kind, begin, end); }
  std::string_view slice(uint32_t begin, uint32_t end) const { return src_.substr(begin, end - begin); }
  std::string token_at(uint32_t at) const;
  [[noreturn]] void fail(uint32_t offset, std::string message) const;
  [[noreturn]] void unexpected() const;
  [[noreturn]] void unexpected_expecting(std::string_view expecting) const;
  void expect_reserved(std::string_view word);

  // ---- command_parser.cpp: lists, and-or, pipelines, simple commands ------
  Node* parse_list();
  Node* parse_nonempty_list(std::string_view expecting);
  Node* parse_condition(std::string_view expecting);  // of if, elif, while, until
  bool skip_showme_prefix(bool allowed);
  void parse_statements(std::vector<Node*>& out);
  Node* parse_and_or();
  Node* parse_pipeline_statement();
  Node* parse_pipeline();
  Node* parse_command();
  Node* parse_simple_command();
  bool label_ahead() const;
  Node* parse_labeled();
  bool is_declaration_name(const Node* word) const;
  void note_type_definition(const Node* declaration);
  void check_alias(bool command_word) const;  // throws AliasHit

  // ---- compound_parser.cpp ------------------------------------------------
  Node* parse_compound_command(std::string_view keyword);
  Node* with_redirects(Node* command);
  Node* parse_subshell();
  Node* parse_brace_group();
  Node* parse_if();
  Node* parse_loop(NodeKind kind);
  Node* parse_do_group(bool allow_braces);
  Node* parse_for(NodeKind kind);
  Node* parse_arith_for(uint32_t begin);
  Node* parse_case();
  Node* parse_case_item();
  bool ends_case_item(std::string_view terminator) const;
  Node* parse_namespace();
  bool function_definition_ahead() const;
  Node* parse_function_definition();
  Node* parse_function_keyword();
  void skip_function_parameters();
  Node* parse_function_body(bool posix_style);
  uint32_t scan_function_name() const;

  // ---- assignment_parser.cpp ----------------------------------------------
  bool assignment_ahead() const;
  uint32_t scan_element_members(uint32_t at) const;
  bool declaration_ahead() const;  // ksh `typeset` inside a compound value
  Node* parse_assignment();
  Node* parse_array_literal();
  bool keyed_element_ahead() const;
  void parse_subscripts(Node* node);
  void parse_subscripts_and_members(Node* node, uint32_t name_begin);
  uint32_t scan_subscripts_and_members(uint32_t at) const;
  Node* parse_subscript();
  uint32_t scan_name(uint32_t at, bool dotted = false) const;
  uint32_t matching_bracket(uint32_t open) const;
  static bool keyed_so_far(const Node* array);

  // ---- redirect_parser.cpp ------------------------------------------------
  bool redirect_ahead() const;
  Node* parse_redirect();
  std::string_view redirect_operator() const;
  Node* parse_seek_target();

  // ---- heredoc_reader.cpp -------------------------------------------------
  void queue_here_document(Node* redirect, const Node* delimiter);
  void read_pending_here_documents();
  void read_here_document(const PendingHereDoc& doc);

  // ---- word_parser.cpp ----------------------------------------------------
  Node* parse_word(WordMode mode);  // null when no word starts here
  Node* parse_word_until(WordMode mode);  // always a Word, possibly empty
  void parse_word_parts(WordMode mode, std::vector<Node*>& parts);
  Node* scan_word_part(WordScan& scan, char c);
  void scan_word_punctuation(WordScan& scan, char c);
  bool trailing_line_continuation() const;
  Node* parse_single_quoted();
  Node* parse_double_quoted(NodeKind kind, uint32_t begin);
  Node* parse_process_substitution();

  // ---- dollar_parser.cpp: `$` expansions and substitutions ----------------
  Node* parse_dollar(bool allow_quotes);  // null: the `$` is literal
  Node* parse_ansi_c_quoted();
  Node* parse_simple_param();
  Node* parse_command_substitution();
  Node* parse_parenthesized_commands(NodeKind kind);
  bool double_paren_is_arithmetic(uint32_t open) const;
  Node* parse_arith_expansion();
  Node* parse_arith_bracket();
  Node* parse_brace_substitution(uint32_t begin);

  // ---- param_parser.cpp: ${...} --------------------------------------------
  Node* parse_braced_param();
  Node* parse_param_body(uint32_t begin);
  bool reported_when_expanded(const SyntaxError& error) const;
  Node* parse_unknown_param(uint32_t begin);
  void parse_param_name(Node* param);
  void parse_param_operator(Node* param);

  // ---- backtick_parser.cpp ------------------------------------------------
  Node* parse_backtick();
  Node* parse_list_in_place(uint32_t begin, uint32_t end);
  Node* parse_embedded_list();

  // ---- test_parser.cpp: [[ ]] ----------------------------------------------
  Node* parse_test_command();
  Node* parse_test_or();
  Node* parse_test_and();
  Node* parse_test_not();
  Node* parse_test_primary();
  Node* parse_test_operand(WordMode mode);
  bool unary_test_ahead() const;
  std::string_view test_binary_operator(uint32_t at) const;

  // ---- arith_parser.cpp ---------------------------------------------------
  Node* parse_arith_command_or_subshell();
  Node* parse_double_parens(NodeKind kind, uint32_t opener);
  Node* parse_arith_top();
  Node* parse_arith_until(std::string_view terminator);  // arith_text_parser.cpp
  Node* parse_arith_text(std::string_view terminator);
  // The expansion or quoting at pos_ inside arithmetic (`$…`, a backquote,
  // "…", '…'); null where a `$` starts none.
  Node* parse_arith_word_part();
  Node* parse_arith_comma();
  Node* parse_arith_assign();
  Node* parse_arith_ternary();
  Node* parse_arith_binary(int min_precedence);
  Node* parse_arith_unary();
  Node* parse_arith_postfix();
  Node* parse_arith_primary();
  Node* parse_arith_operand();
  Node* finish_arith_name(uint32_t begin, uint32_t end);
  void skip_arith_space();
  std::string_view arith_operator() const;
  void expect_arith(std::string_view token);
  [[noreturn]] void arith_unexpected() const;

  // Dialect features.
  bool ksh_like() const { return dialect_ == Dialect::Ksh || dialect_ == Dialect::Mksh; }
  bool posix_sh() const { return dialect_ == Dialect::Sh; }

  Ast& ast_;
  std::string_view src_;
  Dialect dialect_;
  std::vector<Span>& comments_;
  std::vector<ParseError>& warnings_;
  uint32_t pos_ = 0;
  uint32_t end_ = 0;
  int depth_ = 0;
  bool in_double_quotes_ = false;
  // The byte that closes the substitution being parsed: `)` for `$(` and
  // `<(` (a here-document may end at `DELIM)`), `}` for ksh `${ list }` (a
  // `}` word ends the list); 0 elsewhere.
  char closer_ = 0;
  bool in_condition_ = false;  // the next list is a condition (no showme `;` there)
  std::vector<PendingHereDoc> pending_;
  const AliasContext* aliases_ = nullptr;
  std::vector<std::string> type_names_;  // ksh types defined so far (`typeset -T`, `enum`)
  // Arithmetic that did not parse as an expression, by where it starts (and
  // the end and quoting it was read with), with its error: its text is read
  // as a word instead, and that word's nested `$[`/`$((` would otherwise try
  // again, twice per level of nesting.
  std::unordered_map<uint64_t, SyntaxError> failed_arithmetic_;
};

// Counts recursion so that deep nesting is an error and not a stack overflow.
class DepthGuard {
 public:
  DepthGuard(Parser& parser, uint32_t at);
  ~DepthGuard() { --parser_.depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Parser& parser_;
};

// The body of `$(...)`, backquotes, `<(...)` or `${ ...; }`: a command list,
// where the double quotes around the substitution no longer apply.
class CommandContext {
 public:
  explicit CommandContext(Parser& parser);
  ~CommandContext();
  CommandContext(const CommandContext&) = delete;
  CommandContext& operator=(const CommandContext&) = delete;

 private:
  Parser& parser_;
  bool saved_in_double_quotes_;
  char saved_closer_;
};

}  // namespace forklift::exact
