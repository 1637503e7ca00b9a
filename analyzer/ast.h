// The one syntax tree both front ends lower into (docs/ARCHITECTURE.md).
//
// The tree is lossless by construction: every node records the byte span
// [begin, end) of the source it came from, and leaves never hold cooked text —
// `text` is always a slice of the source (or a fixed operator spelling). A
// consumer that needs a literal's value unescapes it; a rewriter edits spans.
//
// The shape of each kind is documented next to it below. Both front ends must
// produce exactly this shape (the corpus test compares them node by node,
// spans included), so when in doubt the comment here is the specification.
//
// General span conventions:
//  * A node's span covers its first to its last byte, trailing separators
//    (`;`, newline) excluded. `&` is inside its Background node.
//  * Children are in source order and lie inside the parent span, except the
//    body of a here-document (see HereDocBody).
//  * Whitespace and comments are never nodes; comments are kept in
//    Ast::comments.
//  * Literal, SingleQuoted and AnsiCQuoted carry text = their whole slice
//    (quotes included for the quoted ones).
//  * An empty List is zero-width at the start of the next token (after blanks,
//    newlines and comments): `a) esac` gives a List at `esac`.
//  * A line continuation that ends a word belongs to the blanks after it; a
//    `\r` before `\n` is whitespace and is not part of a comment.
//
// Dialect-dependent readings (both front ends agree on them):
//  * sh: `a &> f` is `a &` then `> f`; `{fd}>`, `<(`, `$[` and `<<<` are not
//    special; `time` is an ordinary command (as dash runs them).
//  * ksh: `x=(a=1 b=2)` holds Assignments and `a.b=1` is an Assignment; in
//    other dialects array-literal items `name=v` are Words.
//  * `integer`, `float` and `nameref` are Declarations in every dialect.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace forklift {

enum class NodeKind : uint8_t {
  // ---- Structure -----------------------------------------------------------
  Program,     // kids: statements (as List's kids). Span: whole file [0, size).
  List,        // kids: statements, each a command, AndIf/OrIf, Pipeline, Negated,
               // Time, Background or Redirected. Span: first to last statement;
               // an empty body (`{ ; }` is invalid, but `case` items may be
               // empty) is a zero-width List at the position where it would start.
  AndIf,       // `a && b`: kids [left, right]; left-associative.
  OrIf,        // `a || b`: kids [left, right]; left-associative.
  Background,  // `cmd &`: kids [cmd]; span includes the `&`.
  Coprocess,   // ksh `cmd |&`: a statement terminator like `&`; kids [the whole
               // and-or list]; span includes `|&`.
  Pipeline,    // >= 2 commands: kids = commands. flags bit i (kPipeStderrLink << i)
               // set when link i (between kid i and i+1) is `|&` (bash).
  Negated,     // `! pipeline`: kids [pipeline or command]; span from `!`.
  Time,        // `time [-p] pipeline`: kids [pipeline or command] (none for a bare
               // `time`); text = "time"; `-p` has no node.

  // ---- Commands ------------------------------------------------------------
  SimpleCommand,  // kids in source order: Assignment, Word (name, args), Redirect.
                  // A command with only assignments/redirects has no Word kids.
  Declaration,    // typeset/declare/local/export/readonly/integer/float/nameref:
                  // text = the command name slice; kids in source order: Word
                  // (the name word first, options, bare names), Assignment
                  // (`name=value` arguments), Redirect. Leading assignment
                  // prefixes (`a=1 typeset x`) are Assignment kids too.
  Assignment,     // `name=value`, `name+=value`, `name[sub]=value`:
                  // text = name slice; op = "=" or "+="; kids: [Subscript]?
                  // then [Word or ArrayLiteral]? (absent for `x=`).
                  // ksh (exact parser only): a member of a compound element,
                  // `a[1].x=3`, has text "a[1].x" spanning the subscript, whose
                  // Subscript is still the first kid.
  ArrayLiteral,   // `(a b [k]=v)` or ksh compound `(x=1 y=2)`: kids are Word,
                  // KeyedElement or Assignment; span includes the parens.
                  // ksh (exact parser only): also ArrayLiteral (a compound
                  // element, `((x=1) (x=2))`) and Declaration (a typed member,
                  // `(typeset -i n=1; b=2)`; `;` and newlines separate members).
  KeyedElement,   // `[k]=v` inside ArrayLiteral: kids [Subscript, Word?], or
                  // [Subscript, ArrayLiteral] for a compound element `[3]=(y=2)`.
  Subscript,      // `[...]` of an array reference or assignment: kids [Word]
                  // (the bracket content parsed as a word: indexed arrays
                  // evaluate it as arithmetic, associative arrays as a string).
                  // Span includes the brackets. Special `[@]`/`[*]` are a Word
                  // with one Literal "@" / "*".
  Redirect,       // text = operator: < > >> >| <> <& >& &> &>> << <<- <<<.
                  // kids: [IoNumber]? then target Word; for `<<`/`<<-` the
                  // target is the delimiter Word followed by a HereDocBody.
                  // flags: kQuotedHereDoc when any part of the delimiter is quoted.
                  // Span: from the fd (if any) to the end of the target word.
  IoNumber,       // `2` in `2>&1`, or ksh/bash `{fd}` in `{fd}>file`; text = slice.
  HereDocBody,    // Span: the body lines (from the byte after the newline that
                  // ends the command line through the newline before the
                  // delimiter line; empty body = zero-width). It lies outside
                  // its Redirect's span. kids: for an unquoted delimiter,
                  // word parts (Literal, ParamExp, CommandSub, Backtick,
                  // ArithExp); for a quoted one, none.

  // ---- Compound commands ----------------------------------------------------
  Subshell,    // `( list )`: kids [List]; span includes parens.
  BraceGroup,  // `{ list; }`: kids [List]; span includes braces.
  If,          // kids [List cond, List then, Elif*, Else?]; span `if`..`fi`.
  Elif,        // kids [List cond, List then]; span from `elif` to end of then-list.
  Else,        // kids [List]; span from `else` to end of its list.
  While,       // kids [List cond, List body]; span `while`..`done`.
  Until,       // kids [List cond, List body].
  For,         // `for name [in words]; do list; done`: text = name slice;
               // kids: Word* (the items) then List body. flags kForHasIn when
               // `in` is present (`for i; do` iterates "$@").
  Select,      // same shape as For.
  ArithFor,    // `for (( init; cond; step )); do list; done`: kids [init, cond,
               // step, List body]; a missing expression is an Empty node.
               // For, Select and ArithFor with a `{ list; }` body (ksh/bash) have
               // the List of the braces' contents as body.
  Case,        // kids [Word subject, CaseItem*]; span `case`..`esac`.
  CaseItem,    // kids [Word pattern+, List body]; text = terminator (`;;`, `;&`,
               // `;;&`) or "" when the last item has none. Span from `(` or
               // the first pattern to the end of the terminator (or body).
  FunctionDef, // text = name slice; flags kKshFunction whenever the `function`
               // keyword is written (also `function f()`);
               // kids [body]: the compound command (BraceGroup, Subshell, ...),
               // or a Redirected wrapping it.
  Redirected,  // a compound command with redirections: kids [command, Redirect+].
  TestCommand, // `[[ expr ]]`: kids [test expression]; span includes brackets.
  ArithCommand,// `(( expr ))`: kids [arith expression]; span includes parens.

  // ---- [[ ]] expressions -----------------------------------------------------
  TestBinary,  // op = `==` `=` `!=` `=~` `<` `>` `-eq` `-ne` `-lt` `-le` `-gt`
               // `-ge` `-nt` `-ot` `-ef` `&&` `||`; kids [left, right].
  TestUnary,   // op = `!` or a unary test (`-f`, `-z`, `-n`, `-v`, ...); kids [operand].
  TestGroup,   // `( expr )`: kids [expr].
               // Operands are Word nodes.

  // ---- Words -----------------------------------------------------------------
  Word,         // kids: parts in source order. flags: kWordHasGlob,
                // kWordHasExtGlob, kWordHasBrace, kWordHasTilde (computed from
                // unquoted Literal parts by classify_word()).
  Literal,      // unquoted text, raw (backslash escapes and line continuations
                // kept): adjacent unquoted bytes always form ONE Literal.
  SingleQuoted, // '...': span includes quotes; no kids.
  DoubleQuoted, // "...": kids: Literal (raw text between expansions),
                // ParamExp, CommandSub, Backtick, ArithExp; span includes quotes.
  AnsiCQuoted,  // $'...': span includes `$'` and `'`; no kids.
  LocaleQuoted, // $"...": like DoubleQuoted.
  ParamExp,     // $name, ${...}: text = parameter name slice (`x`, `1`, `@`,
                // `.sh.version`; the prefix for `${!prefix*}`, whose op is
                // `*` or `@`); op = operator spelling or "" for none:
                //   `:-` `-` `:=` `=` `:?` `?` `:+` `+` `#` `##` `%` `%%`
                //   `/` `//` `/#` `/%` `:` (substring) `^` `^^` `,` `,,` `~` `~~`
                //   `@Q` (and other `@X`).
                // kids: [Subscript]? then operand Words: always one (maybe
                // zero-width, `${x:-}`) for `-` `=` `?` `+` `#` `%` forms;
                // [pattern, replacement?] for `/`-ops (the replacement only when
                // its `/` is written); [offset, length?] for `:` (raw arithmetic
                // text as a Word; length only when its `:` is written); for
                // `^` `,` `~` forms a Word only when a pattern is written;
                // none for `@X`. flags: kParamBraced,
                // kParamLength (`${#x}`), kParamIndirect (`${!x}`, `${!a[@]}`,
                // `${!prefix*}` / `${!prefix@}` with op "*" / "@").
                // ksh (exact parser only): `${a[i].y.z}` has text "a[i].y.z",
                // spanning the subscript, with its Subscript as the first kid.
  CommandSub,   // $( list ): kids [List]; span includes `$(` and `)`.
  BraceSub,     // ksh ${ list; } (no fork): kids [List]; span `${`..`}`.
  Backtick,     // `list`: kids [List] (parsed from the unescaped body; spans of
                // the inner list are still offsets into the file).
  ArithExp,     // $(( expr )): kids [arith expression]; span includes `$((`/`))`.
  ArithBracket, // $[ expr ] (bash, obsolete): kids [arith expression].
  ProcessSub,   // <( list ) or >( list ): text = "<(" or ">("; kids [List].

  // ---- Arithmetic (the typed sub-tree inside (( )), $(( )), for (( ))) ------
  ArithNumber,   // text = literal slice: `42`, `010`, `16#ff`, `0x1F`, `3.5`, `1e3`.
  ArithVariable, // text = name slice; kids [Subscript]? (`a[i+1]`). ksh
                 // `a[0].x`: text "a[0].x" spans the subscript (as ParamExp).
  ArithBinary,   // op = one of + - * / % ** << >> < <= > >= == != & ^ | && || ,
                 // kids [left, right].
  ArithUnary,    // op = - + ! ~ ; kids [operand].
  ArithPreIncr,  // op = ++ or -- ; kids [lvalue].
  ArithPostIncr, // op = ++ or -- ; kids [lvalue].
  ArithAssign,   // op = = += -= *= /= %= <<= >>= &= ^= |= ; kids [lvalue, value].
  ArithTernary,  // kids [cond, then, else].
  ArithGroup,    // ( expr ): kids [expr].
  ArithCall,     // ksh math function `sqrt(x)`: text = name; kids = arguments.
  ArithWord,     // an expansion used as an operand (`$x`, `${#s}`, `$(cmd)`,
                 // `'c'` in ksh): kids = every adjacent part of the operand
                 // (`10#$n` is [Literal "10#", ParamExp]) — its value is
                 // re-read as arithmetic.

  // ---- Misc -------------------------------------------------------------------
  Empty,  // a missing optional piece that needs a slot (ArithFor). Zero-width at
          // the byte right after the preceding delimiter.
  Error,  // a region a front end could not parse; kids: whatever it recovered.
};

// Flag bits; meaning depends on kind (see above).
enum NodeFlags : uint32_t {
  kNoFlags = 0,
  kKshFunction = 1u << 0,     // FunctionDef
  kForHasIn = 1u << 0,        // For, Select
  kQuotedHereDoc = 1u << 0,   // Redirect
  kHereDocStripTabs = 1u << 1,// Redirect `<<-`
  kHereDocStripIndent = 1u << 2,  // Redirect `<<#` (ksh93): see analyzer/lex/here_doc_indent.h
  kParamBraced = 1u << 0,     // ParamExp
  kParamLength = 1u << 1,
  kParamIndirect = 1u << 2,
  kWordHasGlob = 1u << 0,     // Word
  kWordHasExtGlob = 1u << 1,
  kWordHasBrace = 1u << 2,
  kWordHasTilde = 1u << 3,
  kPipeStderrLink = 1u << 0,  // Pipeline: shifted by link index
  // SingleQuoted inside `...` whose body lost the backslash of each \$, \`
  // and \\ (and \" inside "`...`") before it was parsed: its text, sliced
  // from the file, still has them (single_quoted_value removes them). On
  // the Backtick itself: its body had such backslashes, so the texts of its
  // literals are not the words the body stands for.
  kInEscapedBacktick = 1u << 0,
  kInEscapedBacktickInDoubleQuotes = 1u << 1,
};

struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;
  friend bool operator==(const Span&, const Span&) = default;
};

struct Node {
  NodeKind kind;
  uint32_t flags = 0;
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string_view text;  // kind-specific slice of the source (see NodeKind)
  std::string_view op;    // kind-specific operator spelling (see NodeKind)
  std::vector<Node*> kids;
  // The node's number in the TreeIndex built over its tree, which sets it
  // and checks it before use: finding a node's entry costs no lookup.
  mutable uint32_t tree_id = std::numeric_limits<uint32_t>::max();

  Span span() const { return {begin, end}; }
  bool is(NodeKind k) const { return kind == k; }
};

// Owns the nodes of one parse; nodes point into the source text, which must
// outlive the Ast.
class Ast {
 public:
  Node* make(NodeKind kind, uint32_t begin, uint32_t end) {
    nodes_.push_back(Node{kind, 0, begin, end, {}, {}, {}});
    return &nodes_.back();
  }
  size_t node_count() const { return nodes_.size(); }

  Node* root = nullptr;
  std::vector<Span> comments;  // each from `#` to end of line (newline excluded)

 private:
  std::deque<Node> nodes_;  // deque: stable addresses, no recursive destruction
};

std::string_view kind_name(NodeKind kind);

// What a SingleQuoted node stands for, from its slice of the source (quotes
// included).
std::string single_quoted_value(const Node& quoted, std::string_view slice);

// Sets the kWordHas* flags of a Word from its unquoted Literal parts and
// merges adjacent Literals: both front ends call it on every Word they build.
void classify_word(Node& word, std::string_view source);

// Depth-first visit; `pre` returns false to skip a node's children.
template <typename Fn>
void visit(const Node* node, Fn&& pre) {
  if (node == nullptr || !pre(node)) return;
  for (const Node* kid : node->kids) visit(kid, pre);
}

}  // namespace forklift
