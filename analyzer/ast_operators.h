// The operators a node's `op` (or a Redirect's `text`) spells, as enums.
//
// The tree keeps the spelling (a slice of the source, so that rewrites and
// printers see what was written); consumers ask the typed views for the enum
// instead of comparing strings. The arithmetic table is the one both front ends
// parse with and the interpreter evaluates by: spelling, role and precedence.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace forklift {

// ${name OP operand}: X(enumerator, spelling).
#define FORKLIFT_PARAM_OPERATORS(X)                                                                \
  X(None, "")                                                                                     \
  X(DefaultIfNull, ":-") X(Default, "-") X(AssignIfNull, ":=") X(Assign, "=")                      \
  X(ErrorIfNull, ":?") X(Error, "?") X(AlternativeIfNotNull, ":+") X(Alternative, "+")             \
  X(RemoveSmallestPrefix, "#") X(RemoveLargestPrefix, "##")                                        \
  X(RemoveSmallestSuffix, "%") X(RemoveLargestSuffix, "%%")                                        \
  X(ReplaceFirst, "/") X(ReplaceAll, "//") X(ReplacePrefix, "/#") X(ReplaceSuffix, "/%")           \
  X(Substring, ":")                                                                               \
  X(UpperFirst, "^") X(UpperAll, "^^") X(LowerFirst, ",") X(LowerAll, ",,")                        \
  X(ToggleFirst, "~") X(ToggleAll, "~~")                                                           \
  X(NamesWithPrefixStar, "*") X(NamesWithPrefixAt, "@")

enum class ParamOperator : uint8_t {
#define FORKLIFT_ENUMERATOR(name, spelling) name,
  FORKLIFT_PARAM_OPERATORS(FORKLIFT_ENUMERATOR)
#undef FORKLIFT_ENUMERATOR
  Transform,  // `@Q`, `@E`, ...: the letter follows the `@`
};

// The operator `spelling` names, or nullopt when it names none.
std::optional<ParamOperator> param_operator(std::string_view spelling);

// Redirect operators: X(enumerator, spelling).
#define FORKLIFT_REDIRECT_OPERATORS(X)                                                             \
  X(Input, "<") X(Output, ">") X(Append, ">>") X(Clobber, ">|") X(ReadWrite, "<>")                 \
  X(DuplicateInput, "<&") X(DuplicateOutput, ">&") X(OutputAndError, "&>")                          \
  X(AppendOutputAndError, "&>>") X(HereDoc, "<<") X(HereDocStripTabs, "<<-") X(HereDocStripIndent, "<<#") \
  X(HereString, "<<<")

enum class RedirectOperator : uint8_t {
#define FORKLIFT_ENUMERATOR(name, spelling) name,
  FORKLIFT_REDIRECT_OPERATORS(FORKLIFT_ENUMERATOR)
#undef FORKLIFT_ENUMERATOR
};

std::optional<RedirectOperator> redirect_operator(std::string_view spelling);
std::string_view spelling(RedirectOperator op);

// Arithmetic operators: X(enumerator, spelling, role, binary precedence).
// Precedence is C's (higher binds tighter) for the operators a precedence
// climber handles, with `**` above `*` and right-associative; the comma, the
// ternary and the assignments sit below them and have 0; unary operators bind tighter than every binary one except
// `**`, so `-2**2` is 4 as in bash and ksh. A spelling can have two roles (`-`
// binary and unary, `++` pre and post): the role in the table is the binary or
// assignment one, and the parser decides by position.
#define FORKLIFT_ARITH_OPERATORS(X)                                                                \
  X(Comma, ",", Binary, 0)                                                                        \
  X(Assign, "=", Assignment, 0) X(AddAssign, "+=", Assignment, 0) X(SubtractAssign, "-=", Assignment, 0) \
  X(MultiplyAssign, "*=", Assignment, 0) X(DivideAssign, "/=", Assignment, 0)                      \
  X(RemainderAssign, "%=", Assignment, 0) X(ShiftLeftAssign, "<<=", Assignment, 0)                 \
  X(ShiftRightAssign, ">>=", Assignment, 0) X(BitAndAssign, "&=", Assignment, 0)                   \
  X(BitXorAssign, "^=", Assignment, 0) X(BitOrAssign, "|=", Assignment, 0)                         \
  X(LogicalOr, "||", Binary, 1) X(LogicalAnd, "&&", Binary, 2)                                     \
  X(BitOr, "|", Binary, 3) X(BitXor, "^", Binary, 4) X(BitAnd, "&", Binary, 5)                     \
  X(Equal, "==", Binary, 6) X(NotEqual, "!=", Binary, 6)                                           \
  X(Less, "<", Binary, 7) X(LessEqual, "<=", Binary, 7) X(Greater, ">", Binary, 7)                 \
  X(GreaterEqual, ">=", Binary, 7)                                                                \
  X(ShiftLeft, "<<", Binary, 8) X(ShiftRight, ">>", Binary, 8)                                     \
  X(Add, "+", Binary, 9) X(Subtract, "-", Binary, 9)                                               \
  X(Multiply, "*", Binary, 10) X(Divide, "/", Binary, 10) X(Remainder, "%", Binary, 10)            \
  X(Power, "**", Binary, 11)                                                                      \
  X(Not, "!", Unary, 0) X(BitNot, "~", Unary, 0)                                                   \
  X(Increment, "++", Increment, 0) X(Decrement, "--", Increment, 0)

enum class ArithOperator : uint8_t {
#define FORKLIFT_ENUMERATOR(name, spelling, role, precedence) name,
  FORKLIFT_ARITH_OPERATORS(FORKLIFT_ENUMERATOR)
#undef FORKLIFT_ENUMERATOR
};

enum class ArithRole : uint8_t { Binary, Assignment, Unary, Increment };

struct ArithOperatorInfo {
  ArithOperator op;
  std::string_view spelling;
  ArithRole role;
  int precedence;  // 1 (`||`) to 11 (`**`); 0 for the others
};

// Unary `+` and `-` are spelled as Add and Subtract.
std::optional<ArithOperator> arith_operator(std::string_view spelling);
const ArithOperatorInfo& arith_operator_info(ArithOperator op);
// The precedence of `spelling` as a binary operator, 0 when it is none.
int arith_binary_precedence(std::string_view spelling);
bool is_arith_assignment(std::string_view spelling);
bool is_right_associative(ArithOperator op);
// Every operator spelling the scanner must know, longest first, with the
// punctuation of the grammar (`?`, `:`, parentheses, brackets).
std::span<const std::string_view> arith_tokens_longest_first();

}  // namespace forklift
