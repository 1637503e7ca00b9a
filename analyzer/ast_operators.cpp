#include "analyzer/ast_operators.h"

#include <algorithm>
#include <array>

namespace forklift {
namespace {

template <typename Op>
struct Spelled {
  Op op;
  std::string_view spelling;
};

constexpr Spelled<ParamOperator> kParamOperators[] = {
#define FORKLIFT_ENTRY(name, spelling) {ParamOperator::name, spelling},
    FORKLIFT_PARAM_OPERATORS(FORKLIFT_ENTRY)
#undef FORKLIFT_ENTRY
};

constexpr Spelled<RedirectOperator> kRedirectOperators[] = {
#define FORKLIFT_ENTRY(name, spelling) {RedirectOperator::name, spelling},
    FORKLIFT_REDIRECT_OPERATORS(FORKLIFT_ENTRY)
#undef FORKLIFT_ENTRY
};

constexpr ArithOperatorInfo kArithOperators[] = {
#define FORKLIFT_ENTRY(name, spelling, role, precedence) {ArithOperator::name, spelling, ArithRole::role, precedence},
    FORKLIFT_ARITH_OPERATORS(FORKLIFT_ENTRY)
#undef FORKLIFT_ENTRY
};

template <typename Op, size_t N>
std::optional<Op> find_spelling(const Spelled<Op> (&table)[N], std::string_view spelling) {
  for (const auto& entry : table) {
    if (entry.spelling == spelling) return entry.op;
  }
  return std::nullopt;
}

constexpr size_t kArithOperatorCount = std::size(kArithOperators);
constexpr std::string_view kArithPunctuation[] = {"?", ":", "(", ")", "[", "]"};

// Longest first, so that a scanner taking the first match takes `<<=` before `<<` and `<`.
constexpr std::array<std::string_view, kArithOperatorCount + std::size(kArithPunctuation)> sorted_tokens() {
  std::array<std::string_view, kArithOperatorCount + std::size(kArithPunctuation)> tokens{};
  size_t n = 0;
  for (const auto& entry : kArithOperators) tokens[n++] = entry.spelling;
  for (std::string_view punctuation : kArithPunctuation) tokens[n++] = punctuation;
  std::sort(tokens.begin(), tokens.end(), [](std::string_view a, std::string_view b) { return a.size() > b.size(); });
  return tokens;
}

constexpr auto kArithTokens = sorted_tokens();

}  // namespace

std::optional<ParamOperator> param_operator(std::string_view spelling) {
  if (spelling.size() == 2 && spelling[0] == '@') return ParamOperator::Transform;
  return find_spelling(kParamOperators, spelling);
}

std::optional<RedirectOperator> redirect_operator(std::string_view spelling) {
  return find_spelling(kRedirectOperators, spelling);
}

std::string_view spelling(RedirectOperator op) { return kRedirectOperators[static_cast<size_t>(op)].spelling; }

std::optional<ArithOperator> arith_operator(std::string_view spelling) {
  for (const auto& entry : kArithOperators) {
    if (entry.spelling == spelling) return entry.op;
  }
  return std::nullopt;
}

const ArithOperatorInfo& arith_operator_info(ArithOperator op) { return kArithOperators[static_cast<size_t>(op)]; }

int arith_binary_precedence(std::string_view spelling) {
  std::optional<ArithOperator> op = arith_operator(spelling);
  return op ? arith_operator_info(*op).precedence : 0;
}

bool is_arith_assignment(std::string_view spelling) {
  std::optional<ArithOperator> op = arith_operator(spelling);
  return op && arith_operator_info(*op).role == ArithRole::Assignment;
}

bool is_right_associative(ArithOperator op) {
  return op == ArithOperator::Power || arith_operator_info(op).role == ArithRole::Assignment;
}

std::span<const std::string_view> arith_tokens_longest_first() { return kArithTokens; }

}  // namespace forklift
