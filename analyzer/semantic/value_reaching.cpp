#include "analyzer/semantic/value_reaching.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/builtins.h"
#include "analyzer/semantic/loops.h"
#include "analyzer/semantic/standard_utilities.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

// Pseudo-definitions, above every real id: the value from before the script
// (or none), and a value code the model cannot see may have set.
constexpr uint32_t kOutside = std::numeric_limits<uint32_t>::max();
constexpr uint32_t kOpaque = kOutside - 1;

// A loop's state stops growing after a few passes; past them every variable
// still changing is made unknown, which ends the next pass.
constexpr int kPassesBeforeWidening = 4;
constexpr int kMaxPasses = kPassesBeforeWidening + 8;

bool is_special(uint32_t id) { return id >= kOpaque; }

bool leaves_script(std::string_view name) { return name == "exit"; }

bool runs_unseen_code(std::string_view name) { return name == "eval" || name == "." || name == "source"; }

}  // namespace

struct ReachingDefinitions::State {
  std::vector<DefSet> slots;
  bool reachable = true;
  // Unseen code may have run on a path here, and defined functions.
  bool unseen_ran = false;
};

struct ReachingDefinitions::LoopContext {
  State breaks;
  State continues;
};

namespace {

using DefSet = absl::InlinedVector<uint32_t, 2>;

// Once a pseudo-definition reaches, the value is unknown whatever else may:
// keeping only the pseudo-definitions keeps the sets small and the loops short.
void normalize(DefSet& set) {
  if (set.empty() || !is_special(set.back())) return;
  set.erase(set.begin(), std::find_if(set.begin(), set.end(), is_special));
}

void unite(DefSet& into, const DefSet& from) {
  if (from.empty() || into == from) return;
  DefSet out;
  out.reserve(into.size() + from.size());
  std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(out));
  normalize(out);
  into = std::move(out);
}

void unite(std::vector<uint32_t>& into, const std::vector<uint32_t>& from) {
  if (from.empty()) return;
  std::vector<uint32_t> out;
  out.reserve(into.size() + from.size());
  std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(out));
  into = std::move(out);
}

// A `/` written in the word, quoted or not: such a name is never a function.
bool has_literal_slash(const Node* word) {
  auto literal_slash = [](const Node* part) {
    return part->is(NodeKind::Literal) && part->text.find('/') != std::string_view::npos;
  };
  NodeSpan parts = WordView(word).parts();
  return std::any_of(parts.begin(), parts.end(), [&](const Node* part) {
    if (part->is(NodeKind::SingleQuoted)) return part->text.find('/') != std::string_view::npos;
    if (part->is(NodeKind::DoubleQuoted)) {
      NodeSpan quoted = DoubleQuotedView(part).parts();
      return std::any_of(quoted.begin(), quoted.end(), literal_slash);
    }
    return literal_slash(part);
  });
}

// `break`/`continue` inside `function` whose nearest loop is outside it: bash
// then leaves the caller's loop.
bool jumps_out_of(const TreeIndex& tree, const Node* command, const Node* function) {
  for (auto walk = tree.walk_up(command); walk; walk.up()) {
    if (walk.node() == function) return true;
    if (walk.node() != command && is_loop(walk.node())) return false;
  }
  return false;
}

}  // namespace

ReachingDefinitions::ReachingDefinitions(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                                         Dialect dialect)
    : source_(source), tree_(tree), scopes_(scopes), dialect_(dialect) {
  index_definitions();
  summarize_functions();
  State state = initial_state();
  walk(tree_.root(), state);
}

uint32_t ReachingDefinitions::first_definition(const Variable& variable) const {
  auto it = first_definition_.find(&variable);
  return it == first_definition_.end() ? 0 : it->second;
}

const ReachingSet* ReachingDefinitions::at(const Node* use) const {
  auto it = reaching_.find(use);
  return it == reaching_.end() ? nullptr : &it->second;
}

void ReachingDefinitions::index_definitions() {
  for (const Variable& variable : scopes_.variables()) {
    first_definition_[&variable] = static_cast<uint32_t>(definitions_.size());
    bool global = variable.scope == 0 && !variable.definitions.empty();
    if (global) slot_of_[&variable] = static_cast<uint32_t>(slot_count_++);
    for (const Definition& definition : variable.definitions) {
      uint32_t id = static_cast<uint32_t>(definitions_.size());
      definitions_.push_back(DefinitionRef{&variable, &definition});
      slot_of_definition_.push_back(global ? slot_of_[&variable] : kOutside);
      if (global && tree_.enclosing_function(definition.node) == nullptr) made_by_[definition.node].push_back(id);
    }
  }
}

void ReachingDefinitions::summarize_functions() {
  const std::vector<Function>& functions = scopes_.functions();
  summaries_.assign(functions.size(), Summary{});
  absl::flat_hash_map<const Node*, size_t> index_of;
  for (size_t i = 0; i < functions.size(); ++i) index_of[functions[i].node] = i;
  auto function_index = [&](const Node* at) -> std::optional<size_t> {
    const Node* function = tree_.enclosing_function(at);
    if (function == nullptr) return std::nullopt;
    auto it = index_of.find(function);
    return it == index_of.end() ? std::nullopt : std::optional<size_t>(it->second);
  };
  for (uint32_t id = 0; id < definitions_.size(); ++id) {
    if (slot_of_definition_[id] == kOutside) continue;
    if (std::optional<size_t> f = function_index(definitions_[id].definition->node)) summaries_[*f].definitions.push_back(id);
  }
  std::vector<std::vector<size_t>> callees(functions.size());
  std::vector<size_t> trap_functions;
  std::vector<bool> calls_any(functions.size(), false);
  visit(tree_.root(), [&](const Node* node) {
    if (!node->is(NodeKind::SimpleCommand) || !has_words(node)) return true;
    std::optional<std::string> name = command_name(source_, node);
    if (name == "trap") {
      std::string_view text = node_text(source_, node);
      // An action that assigns is code the model does not parse.
      if (text.find('=') != std::string_view::npos) trap_functions_.opaque = true;
      for (size_t i = 0; i < functions.size(); ++i) {
        if (text.find(functions[i].name) != std::string_view::npos) {
          trap_functions.push_back(i);
        }
      }
    }
    std::optional<size_t> caller = function_index(node);
    if (!caller) return true;
    Summary& summary = summaries_[*caller];
    if (!name) {
      if (!has_literal_slash(command_words(node)[0])) calls_any[*caller] = true;
    } else if (runs_unseen_code(*name)) {
      summary.opaque = true;
    } else if (const Function* callee = scopes_.function(*name)) {
      callees[*caller].push_back(static_cast<size_t>(callee - functions.data()));
    } else if (may_be_unseen_function(*name)) {
      summary.calls_unknown = true;
    } else if ((*name == "break" || *name == "continue") && jumps_out_of(tree_, node, functions[*caller].node)) {
      summary.jumps = true;
    }
    return true;
  });
  for (Summary& summary : summaries_) std::sort(summary.definitions.begin(), summary.definitions.end());
  for (const Summary& summary : summaries_) {
    unite(any_function_.definitions, summary.definitions);
    any_function_.opaque |= summary.opaque;
    any_function_.jumps |= summary.jumps;
    any_function_.calls_unknown |= summary.calls_unknown;
  }
  // Close over calls: a function does what the functions it calls do.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t f = 0; f < summaries_.size(); ++f) {
      Summary& summary = summaries_[f];
      size_t before = summary.definitions.size();
      bool opaque = summary.opaque, jumps = summary.jumps, calls_unknown = summary.calls_unknown;
      if (calls_any[f]) {
        unite(summary.definitions, any_function_.definitions);
        summary.opaque |= any_function_.opaque;
        summary.jumps |= any_function_.jumps;
        summary.calls_unknown |= any_function_.calls_unknown;
      }
      for (size_t callee : callees[f]) {
        if (callee == f) continue;
        unite(summary.definitions, summaries_[callee].definitions);
        summary.opaque |= summaries_[callee].opaque;
        summary.jumps |= summaries_[callee].jumps;
        summary.calls_unknown |= summaries_[callee].calls_unknown;
      }
      changed |= summary.definitions.size() != before || summary.opaque != opaque || summary.jumps != jumps ||
                 summary.calls_unknown != calls_unknown;
    }
  }
  for (size_t f : trap_functions) {
    unite(trap_functions_.definitions, summaries_[f].definitions);
    trap_functions_.opaque |= summaries_[f].opaque;
  }
}

std::vector<const Node*> ReachingDefinitions::assigning_calls(const Variable& variable) const {
  std::vector<const Node*> calls;
  uint32_t first = first_definition(variable);
  uint32_t end = first + static_cast<uint32_t>(variable.definitions.size());
  const std::vector<Function>& functions = scopes_.functions();
  for (size_t f = 0; f < summaries_.size(); ++f) {
    const std::vector<uint32_t>& ids = summaries_[f].definitions;
    auto it = std::lower_bound(ids.begin(), ids.end(), first);
    if (!summaries_[f].opaque && (it == ids.end() || *it >= end)) continue;
    const std::vector<const Node*>& of_function = scopes_.calls(functions[f].name);
    calls.insert(calls.end(), of_function.begin(), of_function.end());
  }
  return calls;
}

ReachingDefinitions::State ReachingDefinitions::initial_state() const {
  State state;
  state.slots.assign(slot_count_, DefSet{kOutside});
  return state;
}

void ReachingDefinitions::make_opaque(State& state) const {
  if (!state.reachable) return;
  for (DefSet& slot : state.slots) slot = DefSet{kOpaque};
  state.unseen_ran = true;
}

// A name that is no function of the script, no builtin and no standard
// utility: once unseen code has run, it may be a function that code defined
// (a sourced library's `die`), which may assign anything.
bool ReachingDefinitions::may_be_unseen_function(std::string_view name) const {
  return scopes_.function(name) == nullptr && !is_builtin(name, dialect_) && !is_standard_utility(name) &&
         name.find('/') == std::string_view::npos;
}

ReachingDefinitions::State ReachingDefinitions::join(const State& a, const State& b) const {
  State out = a;
  join_into(out, b);
  return out;
}

void ReachingDefinitions::join_into(State& into, const State& from) const {
  if (!from.reachable) return;
  if (!into.reachable) {
    into = from;
    return;
  }
  for (size_t i = 0; i < into.slots.size(); ++i) unite(into.slots[i], from.slots[i]);
  into.unseen_ran |= from.unseen_ran;
}

bool ReachingDefinitions::converged(const State& a, const State& b) const {
  return a.reachable == b.reachable && a.unseen_ran == b.unseen_ran && a.slots == b.slots;
}

void ReachingDefinitions::widen(const State& before, State& state) const {
  if (!before.reachable || !state.reachable) return;
  for (size_t i = 0; i < state.slots.size(); ++i) {
    if (state.slots[i] != before.slots[i]) state.slots[i] = DefSet{kOpaque, kOutside};
  }
}

void ReachingDefinitions::make_unknown(State& state) const {
  state.reachable = true;
  state.unseen_ran = true;
  for (DefSet& slot : state.slots) slot = DefSet{kOpaque, kOutside};
}

void ReachingDefinitions::apply_definitions(const Node* node, State& state, bool certain) {
  auto it = made_by_.find(node);
  if (it == made_by_.end() || !state.reachable) return;
  for (uint32_t id : it->second) {
    DefSet& slot = state.slots[slot_of_definition_[id]];
    if (certain && uncertain_ == 0 && !definitions_[id].definition->temporary) {
      slot = DefSet{id};
    } else {
      unite(slot, DefSet{id});
    }
  }
}

void ReachingDefinitions::apply_summary(const Summary& summary, State& state) {
  if (!state.reachable) return;
  if (summary.opaque || (summary.calls_unknown && state.unseen_ran)) {
    make_opaque(state);
    return;
  }
  for (uint32_t id : summary.definitions) unite(state.slots[slot_of_definition_[id]], DefSet{id});
  if (summary.jumps) {
    for (LoopContext* loop : loops_) {
      join_into(loop->breaks, state);
      join_into(loop->continues, state);
    }
  }
}

// `break [n]` or `continue [n]`: the state goes to the loop it leaves or
// restarts; nothing after it runs.
void ReachingDefinitions::jump(const Node* command, bool to_end, State& state) {
  if (loops_.empty() || !state.reachable) return;
  std::vector<const Node*> words = command_words(command);
  size_t levels = 1;
  bool known = true;
  if (words.size() > 1) {
    std::optional<std::string> count = static_word_value(source_, words[1]);
    known = count && is_canonical_integer(*count) && count->size() < 4 && std::stoi(*count) >= 1;
    if (known) levels = static_cast<size_t>(std::stoi(*count));
  }
  size_t first = known ? loops_.size() - std::min(levels, loops_.size()) : 0;
  size_t last = known ? first + 1 : loops_.size();
  for (size_t i = first; i < last; ++i) join_into(to_end ? loops_[i]->breaks : loops_[i]->continues, state);
  state.reachable = false;
}

// What a command named by an expansion (`$cmd args`) may run: no function
// when its name contains a `/`, or is a variable whose every reaching value
// is a literal naming no function; unseen code when that literal is `eval`
// or `.`, or when a later word is (`$run eval "$cmd"` with `run` empty). A
// value from outside the script is taken to name no `eval`.
ReachingDefinitions::DynamicCall ReachingDefinitions::dynamic_call(const Node* command, const State& state) const {
  std::vector<const Node*> words = command_words(command);
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(source_, words[i]);
    if (word && runs_unseen_code(*word)) return DynamicCall::Unseen;
  }
  if (has_literal_slash(words[0])) return DynamicCall::None;
  const Node* param = plain_parameter(words[0]);
  if (param == nullptr || !is_identifier(param->text)) return DynamicCall::Function;
  const Variable* variable = scopes_.lookup(param->text, param);
  auto slot = variable == nullptr ? slot_of_.end() : slot_of_.find(variable);
  if (slot == slot_of_.end() || !state.reachable) return DynamicCall::Function;
  DynamicCall call = DynamicCall::None;
  for (uint32_t id : state.slots[slot->second]) {
    if (is_special(id)) return DynamicCall::Function;
    const Definition& definition = *definitions_[id].definition;
    if (definition.kind != DefinitionKind::Value || definition.value == nullptr || definition.temporary) {
      call = DynamicCall::Function;
      continue;
    }
    std::optional<std::string> value = static_word_value(source_, definition.value);
    size_t start = value ? value->find_first_not_of(" \t\n") : std::string::npos;
    if (start == std::string::npos) {  // not a literal, or empty: the next word is the command
      call = DynamicCall::Function;
      continue;
    }
    std::string token = value->substr(start, value->find_first_of(" \t\n", start) - start);
    if (runs_unseen_code(token) || token == "command" || token == "builtin") return DynamicCall::Unseen;
    if (token.find('/') == std::string::npos && scopes_.function(token) != nullptr) call = DynamicCall::Function;
    if (state.unseen_ran && may_be_unseen_function(token)) return DynamicCall::Unseen;
  }
  return call;
}

void ReachingDefinitions::record_use(const Node* param, const State& state) {
  const Variable* variable = scopes_.lookup(param->text, param);
  if (variable == nullptr) return;
  auto slot = slot_of_.find(variable);
  if (slot == slot_of_.end()) return;
  ReachingSet& reaching = reaching_[param];
  // Code the walk finds unreachable is trusted no further than any other.
  if (!state.reachable) {
    reaching.outside = true;
    return;
  }
  std::vector<uint32_t> ids;
  for (uint32_t id : state.slots[slot->second]) {
    if (id == kOutside) {
      reaching.outside = true;
    } else if (id == kOpaque) {
      reaching.opaque = true;
    } else {
      ids.push_back(id);
    }
  }
  if (trap_functions_.opaque) reaching.opaque = true;
  for (uint32_t id : trap_functions_.definitions) {
    if (slot_of_definition_[id] == slot->second) ids.push_back(id);
  }
  std::sort(ids.begin(), ids.end());
  unite(reaching.definitions, ids);
}

void ReachingDefinitions::walk_kids(const Node* node, State& state) {
  for (const Node* kid : node->kids) walk(kid, state);
}

void ReachingDefinitions::walk(const Node* node, State& state) {
  switch (node->kind) {
    case NodeKind::FunctionDef:
      return;  // its body runs where it is called
    case NodeKind::SimpleCommand:
      walk_command(node, state);
      return;
    case NodeKind::Assignment:
      walk_kids(node, state);
      apply_definitions(node, state, true);
      return;
    case NodeKind::AndIf:
    case NodeKind::OrIf: {
      const Node* left = and_or_left(node);
      const Node* right = node->is(NodeKind::AndIf) ? AndIfView(node).right() : OrIfView(node).right();
      walk(left, state);
      State taken = state;
      walk(right, taken);
      join_into(state, taken);
      return;
    }
    case NodeKind::Pipeline: {
      // Every stage starts from the state before the pipeline; only the last
      // may run in this shell (ksh, bash with lastpipe).
      State before = state;
      NodeSpan stages = PipelineView(node).commands();
      for (size_t i = 0; i < stages.size(); ++i) {
        State stage = before;
        walk(stages[i], stage);
        if (i + 1 == stages.size()) join_into(state, stage);
      }
      return;
    }
    case NodeKind::Background:
    case NodeKind::Coprocess:
    case NodeKind::Subshell:
    case NodeKind::CommandSub:
    case NodeKind::Backtick:
    case NodeKind::ProcessSub: {
      State inside = state;
      walk_kids(node, inside);
      return;
    }
    case NodeKind::Redirected: {
      // The redirections come first; when one fails the command does not run.
      RedirectedView redirected(node);
      for (const Node* redirect : redirected.redirects()) walk(redirect, state);
      State ran = state;
      walk(redirected.command(), ran);
      join_into(state, ran);
      return;
    }
    case NodeKind::If:
      walk_if(node, state);
      return;
    case NodeKind::Case:
      walk_case(node, state);
      return;
    case NodeKind::While:
    case NodeKind::Until:
      walk_condition_loop(node, state);
      return;
    case NodeKind::For:
    case NodeKind::Select:
      walk_for(node, state);
      return;
    case NodeKind::ArithFor:
      walk_arith_for(node, state);
      return;
    case NodeKind::TestCommand:
    case NodeKind::Error:
      ++uncertain_;
      walk_kids(node, state);
      --uncertain_;
      return;
    case NodeKind::ParamExp: {
      if (is_identifier(node->text)) record_use(node, state);
      // Operands are expanded only for some values, and `${x:=w}` assigns only then.
      ++uncertain_;
      walk_kids(node, state);
      apply_definitions(node, state, false);
      --uncertain_;
      return;
    }
    case NodeKind::ArithTernary: {
      ArithTernaryView ternary(node);
      walk(ternary.condition(), state);
      ++uncertain_;
      walk(ternary.then_value(), state);
      walk(ternary.else_value(), state);
      --uncertain_;
      return;
    }
    case NodeKind::ArithBinary: {
      ArithBinaryView binary(node);
      bool short_circuit = binary.op() == ArithOperator::LogicalAnd || binary.op() == ArithOperator::LogicalOr;
      walk(binary.left(), state);
      if (short_circuit) ++uncertain_;
      walk(binary.right(), state);
      if (short_circuit) --uncertain_;
      return;
    }
    case NodeKind::ArithAssign:
    case NodeKind::ArithPreIncr:
    case NodeKind::ArithPostIncr:
      walk_kids(node, state);
      apply_definitions(node, state, true);
      return;
    default:
      walk_kids(node, state);
      return;
  }
}

void ReachingDefinitions::walk_command(const Node* command, State& state) {
  walk_kids(command, state);
  if (!has_words(command)) return;
  std::optional<std::string> name = command_name(source_, command);
  if (!name) {
    DynamicCall call = dynamic_call(command, state);
    // Once unseen code has run, the name may be a function it defined.
    if (call == DynamicCall::Unseen || (call != DynamicCall::None && state.unseen_ran)) make_opaque(state);
    if (call == DynamicCall::Function) apply_summary(any_function_, state);
    return;
  }
  if (const Function* function = scopes_.function(*name)) {
    apply_summary(summaries_[static_cast<size_t>(function - scopes_.functions().data())], state);
    apply_definitions(command, state, true);
    return;
  }
  if (runs_unseen_code(*name) || (state.unseen_ran && may_be_unseen_function(*name))) {
    make_opaque(state);
    return;
  }
  if (*name == "command" || *name == "builtin") {
    std::vector<const Node*> words = command_words(command);
    std::optional<std::string> next = words.size() > 1 ? static_word_value(source_, words[1]) : std::nullopt;
    if (words.size() > 1 && (!next || runs_unseen_code(*next))) make_opaque(state);
  }
  // A redirection that fails leaves `read`'s variables as they were.
  apply_definitions(command, state, !has_redirects(command));
  if (*name == "break" || *name == "continue") jump(command, *name == "break", state);
  if (leaves_script(*name)) state.reachable = false;
}

void ReachingDefinitions::walk_if(const Node* node, State& state) {
  IfView view(node);
  walk(view.condition(), state);
  State out = state;
  walk(view.then_branch(), out);
  for (const Node* elif : view.elifs()) {
    ElifView branch(elif);
    walk(branch.condition(), state);
    State taken = state;
    walk(branch.then_branch(), taken);
    join_into(out, taken);
  }
  if (const Node* otherwise = view.else_branch()) walk(ElseView(otherwise).body(), state);
  join_into(out, state);
  state = std::move(out);
}

void ReachingDefinitions::walk_case(const Node* node, State& state) {
  CaseView view(node);
  walk(view.subject(), state);
  const State subject = state;
  State out;
  out.reachable = false;
  State falling;  // the end of an arm that runs on into the next (`;&`, `;;&`)
  falling.reachable = false;
  State no_match = subject;
  bool catch_all = false;
  NodeSpan items = view.items();
  for (size_t i = 0; i < items.size(); ++i) {
    CaseItemView item(items[i]);
    State entry = subject;
    join_into(entry, falling);
    for (const Node* pattern : item.patterns()) {
      walk(pattern, entry);
      NodeSpan parts = WordView(pattern).parts();
      if (parts.size() == 1 && parts[0]->is(NodeKind::Literal) && parts[0]->text == "*") catch_all = true;
    }
    join_into(no_match, entry);
    walk(item.body(), entry);
    std::string_view terminator = item.terminator();
    if (terminator == ";;" || terminator.empty() || i + 1 == items.size()) {
      join_into(out, entry);
      falling.reachable = false;
    } else {
      falling = std::move(entry);
    }
  }
  if (!catch_all) join_into(out, no_match);
  state = std::move(out);
}

void ReachingDefinitions::walk_condition_loop(const Node* node, State& state) {
  const Node* condition = condition_of(node);
  const Node* body = node->is(NodeKind::While) ? WhileView(node).body() : UntilView(node).body();
  const State before = state;
  LoopContext context;
  context.breaks.reachable = context.continues.reachable = false;
  State head = before;
  State tested;
  for (int pass = 0;; ++pass) {
    tested = head;
    walk(condition, tested);
    State end = tested;
    loops_.push_back(&context);
    walk(body, end);
    loops_.pop_back();
    State next = before;
    join_into(next, end);
    join_into(next, context.continues);
    if (pass >= kPassesBeforeWidening) widen(head, next);
    if (converged(next, head) || pass > kMaxPasses) break;
    head = std::move(next);
    // Still growing: one last pass from a state where nothing is known.
    if (pass == kMaxPasses) make_unknown(head);
  }
  state = std::move(tested);
  join_into(state, context.breaks);
}

void ReachingDefinitions::walk_for(const Node* node, State& state) {
  for (const Node* item : for_items(node)) walk(item, state);
  const Node* body = for_body(node);
  const State before = state;
  LoopContext context;
  context.breaks.reachable = context.continues.reachable = false;
  State head = before;
  for (int pass = 0;; ++pass) {
    State end = head;
    apply_definitions(node, end, true);
    loops_.push_back(&context);
    walk(body, end);
    loops_.pop_back();
    State next = before;
    join_into(next, end);
    join_into(next, context.continues);
    if (pass >= kPassesBeforeWidening) widen(head, next);
    bool done = converged(next, head) || pass > kMaxPasses;
    head = std::move(next);
    if (done) break;
    if (pass == kMaxPasses) make_unknown(head);
  }
  state = std::move(head);
  join_into(state, context.breaks);
}

void ReachingDefinitions::walk_arith_for(const Node* node, State& state) {
  ArithForView view(node);
  walk(view.init(), state);
  const State before = state;
  LoopContext context;
  context.breaks.reachable = context.continues.reachable = false;
  State head = before;
  State tested;
  for (int pass = 0;; ++pass) {
    tested = head;
    walk(view.condition(), tested);
    State end = tested;
    loops_.push_back(&context);
    walk(view.body(), end);
    loops_.pop_back();
    join_into(end, context.continues);
    walk(view.step(), end);
    State next = before;
    join_into(next, end);
    if (pass >= kPassesBeforeWidening) widen(head, next);
    if (converged(next, head) || pass > kMaxPasses) break;
    head = std::move(next);
    // Still growing: one last pass from a state where nothing is known.
    if (pass == kMaxPasses) make_unknown(head);
  }
  state = std::move(tested);
  join_into(state, context.breaks);
}

}  // namespace forklift
