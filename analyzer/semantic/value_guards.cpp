// How guards refine value facts: the arm of a `case` on the variable, the
// branch an `if` or `&&` takes on a test of it, and a guard before the use
// that leaves (exit, return, break, continue) for the values it rejects.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/value_facts.h"
#include "analyzer/semantic/value_flow.h"
#include "analyzer/semantic/value_patterns.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

// `$name`, `"$name"`, `${name}` as a whole word.
bool names_variable(const Node* word, std::string_view name) {
  const Node* param = plain_parameter(word);
  return param != nullptr && param->text == name;
}

// `;;`, or none before `esac`: no fall-through into the next arm.
bool plain_terminator(const Node* case_item) {
  std::string_view terminator = CaseItemView(case_item).terminator();
  return terminator == ";;" || terminator.empty();
}

const Node* last_statement(const Node* list) {
  if (list == nullptr || !list->is(NodeKind::List) || statements_of(list).empty()) return nullptr;
  return statements_of(list).back();
}

// The regex of `[[ x =~ RE ]]`: quoted parts would match literally, so only
// an unquoted literal or a fully static quoted word is read.
std::optional<std::string> regex_text(std::string_view source, const Node* word) {
  if (!word->is(NodeKind::Word)) return std::nullopt;
  NodeSpan parts = WordView(word).parts();
  bool unquoted_literal =
      !parts.empty() && std::all_of(parts.begin(), parts.end(), [](const Node* part) { return part->is(NodeKind::Literal); });
  if (unquoted_literal) return std::string(node_text(source, word));
  return std::nullopt;
}

// What a test proves of `name` when it succeeds (or, `negated`, fails):
// `[[ $x =~ ^RE$ ]]`, `[[ $x == PAT ]]`, `[ -n "$x" ]`, `[ "$x" -eq "$x" ]`.
struct TestProof {
  std::optional<ValueFacts> when_true, when_false;
};

TestProof test_command_proof(std::string_view source, const Node* test, std::string_view name) {
  TestProof proof;
  const Node* expression = TestCommandView(test).expression();
  if (auto binary = view_if<TestBinaryView>(expression); binary && names_variable(binary->left(), name)) {
    const Node* right = binary->right();
    if (binary->op() == "=~") {
      if (std::optional<std::string> regex = regex_text(source, right)) proof.when_true = regex_facts(*regex);
    } else if (binary->op() == "==" || binary->op() == "=") {
      proof.when_true = pattern_facts(source, right, false);
      proof.when_false = complement_facts(source, right);
    } else if (binary->op() == "!=") {
      proof.when_false = pattern_facts(source, right, false);
      proof.when_true = complement_facts(source, right);
    }
  } else if (auto unary = view_if<TestUnaryView>(expression); unary && names_variable(unary->operand(), name)) {
    ValueFacts non_empty;
    non_empty.bits = static_cast<uint16_t>(ValueFact::NonEmpty);
    if (unary->op() == "-n") proof.when_true = non_empty;
    if (unary->op() == "-z") proof.when_false = non_empty;
  }
  return proof;
}

// `[ ... ]` and `test ...` with a redirection or not.
TestProof bracket_test_proof(std::string_view source, const Node* command, std::string_view name) {
  TestProof proof;
  std::vector<const Node*> words = command_words(command);
  std::optional<std::string> head = command_name(source, command);
  if (head == "[") {
    if (words.size() < 2 || static_word_value(source, words.back()) != "]") return proof;
    words.pop_back();
  } else if (head != "test") {
    return proof;
  }
  ValueFacts non_empty;
  non_empty.bits = static_cast<uint16_t>(ValueFact::NonEmpty);
  if (words.size() == 3 && names_variable(words[2], name)) {
    std::optional<std::string> op = static_word_value(source, words[1]);
    if (op == "-n") proof.when_true = non_empty;
    if (op == "-z") proof.when_false = non_empty;
  } else if (words.size() == 4 && names_variable(words[1], name) && names_variable(words[3], name) &&
             static_word_value(source, words[2]) == "-eq") {
    // Only a number compares equal to itself (blanks and a sign allowed).
    ValueFacts number;
    number.bits = static_cast<uint16_t>(ValueFact::NonEmpty) | static_cast<uint16_t>(ValueFact::NoSlash) |
                  static_cast<uint16_t>(ValueFact::NoBackslash) | static_cast<uint16_t>(ValueFact::NoGlobChars);
    proof.when_true = number;
  }
  return proof;
}

TestProof statement_proof(std::string_view source, const Node* statement, std::string_view name) {
  if (statement->is(NodeKind::Redirected)) statement = RedirectedView(statement).command();
  if (statement->is(NodeKind::TestCommand)) return test_command_proof(source, statement, name);
  if (statement->is(NodeKind::SimpleCommand)) return bracket_test_proof(source, statement, name);
  if (statement->is(NodeKind::Negated)) {
    TestProof inner = statement_proof(source, NegatedView(statement).pipeline(), name);
    return TestProof{inner.when_false, inner.when_true};
  }
  return {};
}

// The part of a branching construct that decides whether `branch_proof`'s
// branch runs: a case arm's first pattern, a condition, the left of `&&`/`||`.
const Node* tested_part(const Node* up) {
  if (auto item = view_if<CaseItemView>(up)) return item->patterns()[0];
  if (const Node* condition = condition_of(up)) return condition;
  return and_or_left(up);
}

TestProof condition_proof(std::string_view source, const Node* list, std::string_view name) {
  if (list == nullptr || !list->is(NodeKind::List) || statements_of(list).size() != 1) return {};
  return statement_proof(source, statements_of(list)[0], name);
}

}  // namespace

// A statement that never lets control reach what follows it: `exit`,
// `return`, `break`, `continue`, a group ending in one, or a call of a
// function of this file whose body ends in `exit`.
bool ValueFactIndex::leaves(const Node* statement) const {
  if (statement == nullptr) return false;
  if (statement->is(NodeKind::BraceGroup)) return leaves(last_statement(BraceGroupView(statement).body()));
  if (!statement->is(NodeKind::SimpleCommand)) return false;
  std::optional<std::string> name = command_name(source_, statement);
  if (!name) return false;
  if (*name == "exit" || *name == "return" || *name == "break" || *name == "continue") return true;
  const Function* function = scopes_.function(*name);
  if (function == nullptr || function->node == nullptr) return false;
  const Node* body = FunctionDefView(function->node).body();
  if (body->is(NodeKind::BraceGroup)) body = BraceGroupView(body).body();
  const Node* last = last_statement(body);
  return last != nullptr && last->is(NodeKind::SimpleCommand) && command_name(source_, last) == "exit";
}

// What a statement before the use proves when control gets past it.
std::optional<ValueFacts> ValueFactIndex::guard_proof(const Node* statement, std::string_view name) const {
  if (auto either = view_if<OrIfView>(statement); either && leaves(either->right())) {
    return statement_proof(source_, either->left(), name).when_true;
  }
  if (auto both = view_if<AndIfView>(statement); both && leaves(both->right())) {
    return statement_proof(source_, both->left(), name).when_false;
  }
  if (auto case_view = view_if<CaseView>(statement); case_view && names_variable(case_view->subject(), name)) {
    // The values the leading arms reject: values reaching a later arm that
    // does not leave were never tested by the arms after it.
    std::optional<ValueFacts> proof;
    for (const Node* item : case_view->items()) {
      if (!leaves(last_statement(CaseItemView(item).body())) || !plain_terminator(item)) break;
      for (const Node* pattern : CaseItemView(item).patterns()) {
        std::optional<ValueFacts> rejected = complement_facts(source_, pattern);
        if (!rejected) return proof;
        proof = proof ? conjoined_facts(*proof, *rejected) : *rejected;
      }
    }
    return proof;
  }
  return std::nullopt;
}

// What holds inside `branch` because of the construct `up` around it.
std::optional<ValueFacts> ValueFactIndex::branch_proof(const Node* up, const Node* branch, std::string_view name) const {
  if (auto item = view_if<CaseItemView>(up); item && branch == item->body()) {
    auto case_view = view_if<CaseView>(tree_.parent(up));
    if (!case_view || !names_variable(case_view->subject(), name)) return std::nullopt;
    // An arm entered by falling through from the one before proves nothing.
    for (const Node* earlier : case_view->items()) {
      if (earlier == up) break;
      if (!plain_terminator(earlier)) return std::nullopt;
    }
    std::optional<ValueFacts> proof;
    for (const Node* pattern : item->patterns()) {
      std::optional<ValueFacts> matched = pattern_facts(source_, pattern, false);
      if (!matched) return std::nullopt;
      proof = proof ? common_facts(*proof, *matched) : *matched;
    }
    return proof;
  }
  if (auto branching = view_if<IfView>(up); branching && branch == branching->then_branch()) {
    return condition_proof(source_, branching->condition(), name).when_true;
  }
  if (auto branching = view_if<ElifView>(up); branching && branch == branching->then_branch()) {
    return condition_proof(source_, branching->condition(), name).when_true;
  }
  if (auto both = view_if<AndIfView>(up); both && branch == both->right()) {
    return statement_proof(source_, both->left(), name).when_true;
  }
  if (auto either = view_if<OrIfView>(up); either && branch == either->right()) {
    return statement_proof(source_, either->left(), name).when_false;
  }
  return std::nullopt;
}

// Whether `name` may be assigned after `guard` and before `use` runs: a
// definition between them in the text, or one anywhere in a loop around the
// use that the guard is outside of.
bool ValueFactIndex::assigned_between(std::string_view name, const Node* guard, const Node* use) const {
  if (opaque_.runs_between(guard, use)) return true;
  const Variable* variable = scopes_.lookup(name, use);
  if (variable == nullptr) return false;
  // A function that assigns it runs where it is called, not where it is written.
  std::vector<uint32_t> call_orders;
  for (const Node* call : reaching_.assigning_calls(*variable)) call_orders.push_back(tree_.order(call));
  std::sort(call_orders.begin(), call_orders.end());
  if (runs_between(tree_, call_orders, guard, use)) return true;
  for (const Definition& definition : variable->definitions) {
    uint32_t at = tree_.order(definition.node);
    if (tree_.contains(guard, definition.node)) continue;
    if (at > tree_.order(guard) && at < tree_.order(use)) return true;
    for (auto walk = tree_.walk_up(use); walk; walk.up()) {
      const Node* n = walk.node();
      if (n == guard || tree_.contains(n, guard)) break;
      if ((n->is(NodeKind::While) || n->is(NodeKind::Until) || n->is(NodeKind::For) || n->is(NodeKind::ArithFor)) &&
          tree_.contains(n, definition.node)) {
        return true;
      }
    }
  }
  return false;
}

ValueFacts ValueFactIndex::refined_by_guards(std::string_view name, const Node* use, ValueFacts facts) const {
  for (auto walk = tree_.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) break;
    // Assignments inside the branch before the use void what its condition proved.
    const Node* condition = tested_part(up);
    if (std::optional<ValueFacts> proof = branch_proof(up, n, name);
        proof && condition != nullptr && !assigned_between(name, condition, use)) {
      facts = conjoined_facts(facts, *proof);
      if (facts.origin.find("guard") == std::string::npos) facts.origin = fmt::format("guarded on line {}", line_of(up));
    }
    if (!up->is(NodeKind::List) && !up->is(NodeKind::Program)) continue;
    for (uint32_t i = walk.kid_index(); i-- > 0;) {
      const Node* statement = statements_of(up)[i];
      std::optional<ValueFacts> proof = guard_proof(statement, name);
      if (!proof || assigned_between(name, statement, use)) continue;
      facts = conjoined_facts(facts, *proof);
      facts.origin = fmt::format("guarded on line {}", line_of(statement));
    }
  }
  return facts;
}

// Like IntegerInference::defined_before, and also a `read` of the variable
// earlier in an enclosing list or in the condition of a `while` around it.
// Inside a function: defined before every call of it (at most a few calls
// deep), when the function is called by its name only: not from a trap's text.
bool ValueFactIndex::defined_on_every_path(std::string_view name, const Node* use, int depth) const {
  if (integers_.defined_before(name, use)) return true;
  auto reads_into = [&](const Node* statement, bool in_condition) {
    if (!statement->is(NodeKind::SimpleCommand) || command_name(source_, statement) != "read") return false;
    // A redirection that fails leaves the variable as it was.
    if (has_redirects(statement) && !in_condition) return false;
    for (const Node* word : command_words(statement)) {
      if (static_word_value(source_, word) == name) return true;
    }
    return false;
  };
  for (auto walk = tree_.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr) return false;
    if (up->is(NodeKind::FunctionDef)) return defined_at_every_call(up->text, name, depth);
    if (auto loop = view_if<WhileView>(up); loop && n == loop->body()) {
      const Node* condition = last_statement(loop->condition());
      if (condition != nullptr && reads_into(condition, true)) return true;
    }
    if (up->is(NodeKind::List) || up->is(NodeKind::Program)) {
      for (uint32_t i = walk.kid_index(); i-- > 0;) {
        if (reads_into(statements_of(up)[i], false)) return true;
      }
    }
  }
  return false;
}

bool ValueFactIndex::defined_at_every_call(std::string_view function, std::string_view name, int depth) const {
  constexpr int kMaxCallDepth = 4;
  if (depth >= kMaxCallDepth || traps_mention_functions_) return false;
  // A local of the function is not the global the caller defined.
  const Variable* inside = nullptr;
  const Function* defined = scopes_.function(function);
  if (defined == nullptr || defined->node == nullptr) return false;
  inside = scopes_.lookup(name, FunctionDefView(defined->node).body());
  const std::vector<const Node*>& calls = scopes_.calls(function);
  if (calls.empty()) return false;
  for (const Node* call : calls) {
    if (scopes_.lookup(name, call) != inside) return false;
    if (!defined_on_every_path(name, call, depth + 1)) return false;
  }
  return true;
}

}  // namespace forklift
