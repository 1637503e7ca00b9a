// Lists, and-or lists and the compound commands.
#include <sys/resource.h>
#include <sys/time.h>

#include <cstdio>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/errors.h"
#include "interp/shell.h"
#include "interp/exec/time_format.h"

namespace forklift::interp {
namespace {

// Keeps a counter raised for a scope, also when the scope is left by an
// exception (exit, return, a fatal error): loop depth for break/continue,
// the errexit suppression of conditions.
class ScopedCount {
 public:
  explicit ScopedCount(int& count) : count_(count) { ++count_; }
  ~ScopedCount() { --count_; }
  ScopedCount(const ScopedCount&) = delete;
  ScopedCount& operator=(const ScopedCount&) = delete;

 private:
  int& count_;
};

}  // namespace

int Shell::exec(const Node* node) {
  // `set -n` (or `run -n`): commands are still parsed, for their syntax
  // errors, but none runs any more, not even the EXIT trap.
  if (options_.noexec) return 0;
  switch (node->kind) {
    case NodeKind::Program:
    case NodeKind::List: return exec_list(node);
    case NodeKind::AndIf:
    case NodeKind::OrIf: return exec_and_or(node);
    case NodeKind::Pipeline: {
      int status = exec_pipeline(node);
      check_errexit(status);
      return status;
    }
    case NodeKind::Negated: return last_status_ = exec_condition(NegatedView(node).pipeline()) == 0 ? 1 : 0;
    case NodeKind::Background:
    case NodeKind::Coprocess: return exec_background(node);
    case NodeKind::Time: return exec_time(node);
    case NodeKind::SimpleCommand: {
      int status = exec_simple(node);
      check_errexit(status);
      return status;
    }
    case NodeKind::Declaration: {
      int status = exec_declaration(node);
      check_errexit(status);
      return status;
    }
    case NodeKind::Subshell: {
      int status = exec_subshell(node);
      check_errexit(status);
      return status;
    }
    case NodeKind::BraceGroup: return exec(BraceGroupView(node).body());
    case NodeKind::If: return exec_if(node);
    case NodeKind::While: return exec_loop(node, false);
    case NodeKind::Until: return exec_loop(node, true);
    case NodeKind::For: return exec_for(node);
    case NodeKind::Select: return exec_select(node);
    case NodeKind::ArithFor: return exec_arith_for(node);
    case NodeKind::Case: return exec_case(node);
    case NodeKind::FunctionDef: return exec_function_def(node);
    case NodeKind::Redirected: return exec_redirected(node);
    case NodeKind::TestCommand: {
      int status = exec_test(node);
      check_errexit(status);
      return status;
    }
    case NodeKind::ArithCommand: return exec_arith_command(node);
    default:
      fatal(fmt::format("cannot execute {}", kind_name(node->kind)), 2);
  }
}

void Shell::check_errexit(int status) {
  if (status != 0) {
    if (const std::string* action = trap_action(kErrTrap); action != nullptr && errexit_suppressed_ == 0) {
      std::string copy = *action;
      int saved = last_status_;
      eval_string(copy, "trap");
      last_status_ = saved;
    }
    if (options_.errexit && errexit_suppressed_ == 0) throw ShellExit{status};
  }
}

int Shell::exec_list(const Node* list, bool top_level) {
  int status = 0;
  const Node* previous = nullptr;
  for (const Node* statement : list->kids) {
    if (top_level && alias_generation_ != parse_alias_generation_ && starts_new_line(previous, statement)) {
      refresh_parse_aliases();
    }
    previous = statement;
    current_offset_ = statement->begin;
    if (top_level) read_lines_of(statement);
    if (has_debug_trap_ && !in_debug_trap_ && function_depth_ == 0) run_debug_trap();
    status = exec(statement);
    last_status_ = status;
    if (signals_pending()) run_pending_traps();
    if (flow_ != Flow::None) break;
  }
  return last_status_ = status;
}

// `set -e` does not apply inside if/while conditions, the left side of && and ||, and after `!`.
int Shell::exec_condition(const Node* node) {
  ScopedCount suppressed(errexit_suppressed_);
  return exec(node);
}

int Shell::exec_and_or(const Node* node) {
  bool and_if = node->kind == NodeKind::AndIf;
  int status = exec_condition(and_or_left(node));
  last_status_ = status;
  if (flow_ != Flow::None) return status;
  bool run_right = and_if ? status == 0 : status != 0;
  if (!run_right) return status;
  const Node* right = and_if ? AndIfView(node).right() : OrIfView(node).right();
  current_offset_ = right->begin;
  return last_status_ = exec(right);
}

int Shell::exec_if(const Node* node) {
  IfView if_node(node);
  if (exec_condition(if_node.condition()) == 0) return exec(if_node.then_branch());
  if (flow_ != Flow::None) return last_status_;
  for (const Node* branch : if_node.elifs()) {
    ElifView elif(branch);
    if (exec_condition(elif.condition()) == 0) return exec(elif.then_branch());
    if (flow_ != Flow::None) return last_status_;
  }
  if (const Node* else_branch = if_node.else_branch()) return exec(ElseView(else_branch).body());
  return last_status_ = 0;
}

// After a loop body: leave the loop for break (and for continue N>1 or
// return), else go on.
#define FORKLIFT_LOOP_FLOW()                          \
  if (flow_ == Flow::Break) {                         \
    if (--flow_levels_ <= 0) flow_ = Flow::None;      \
    break;                                            \
  }                                                   \
  if (flow_ == Flow::Continue) {                      \
    if (--flow_levels_ > 0) break;                    \
    flow_ = Flow::None;                               \
  }                                                   \
  if (flow_ == Flow::Return) break;

int Shell::exec_loop(const Node* node, bool until) {
  const Node* body = until ? UntilView(node).body() : WhileView(node).body();
  int status = 0;
  ScopedCount depth(loop_depth_);
  for (;;) {
    int cond = exec_condition(condition_of(node));
    if (flow_ != Flow::None) {
      status = cond;  // `while return` returns what return did
      FORKLIFT_LOOP_FLOW()
    }
    if ((cond == 0) == until) break;
    status = exec(body);
    FORKLIFT_LOOP_FLOW()
  }
  return last_status_ = status;
}

// The words after `in` expanded, or "$@" when a for/select has no `in`.
std::vector<std::string> Shell::loop_items(const Node* node) {
  if (!(node->flags & kForHasIn)) return positional_;
  std::vector<std::string> items;
  expand_words(for_items(node), items);
  return items;
}

int Shell::exec_for(const Node* node) {
  std::vector<std::string> items = loop_items(node);
  std::string_view name = node->text;
  const Node* body = ForView(node).body();
  int status = 0;
  ScopedCount depth(loop_depth_);
  VarSlot slot;  // the loop variable, looked up once unless the body changes what it names
  // A nameref loop variable refers to each word in turn (ksh93).
  const Variable* named = vars_.find_raw(name);
  bool rebinds = named != nullptr && named->is_nameref();
  for (const std::string& item : items) {
    Variable* ref = rebinds ? vars_.find_raw(name) : nullptr;
    if (ref != nullptr && ref->is_nameref()) bind_nameref(*ref, item);
    else assign(slot, name, item);
    status = exec(body);
    FORKLIFT_LOOP_FLOW()
  }
  return last_status_ = status;
}

int Shell::exec_select(const Node* node) {
  std::vector<std::string> items = loop_items(node);
  int status = 0;
  ScopedCount depth(loop_depth_);
  for (;;) {
    std::string menu;
    for (size_t i = 0; i < items.size(); ++i) menu += fmt::format("{}) {}\n", i + 1, items[i]);
    const std::string* ps3 = get_scalar("PS3");
    menu += ps3 != nullptr ? *ps3 : "#? ";
    write_fd(2, menu);
    std::string reply;
    if (input_.read_record(0, '\n', reply) == InputReader::Result::Eof) {
      status = 1;
      break;
    }
    set_scalar("REPLY", reply);
    char* end = nullptr;
    long choice = std::strtol(reply.c_str(), &end, 10);
    bool valid = end != reply.c_str() && *end == '\0' && choice >= 1 && static_cast<size_t>(choice) <= items.size();
    assign(node->text, valid ? items[static_cast<size_t>(choice - 1)] : "");
    status = exec(SelectView(node).body());
    FORKLIFT_LOOP_FLOW()
  }
  return last_status_ = status;
}

int Shell::exec_arith_for(const Node* node) {
  ArithForView loop(node);
  const Node* init = loop.init();
  const Node* cond = loop.condition();
  const Node* step = loop.step();
  const Node* body = loop.body();
  int status = 0;
  if (init->kind != NodeKind::Empty) eval_arith(init);
  ScopedCount depth(loop_depth_);
  for (;;) {
    if (cond->kind != NodeKind::Empty && !eval_arith(cond).truthy()) break;
    status = exec(body);
    FORKLIFT_LOOP_FLOW()
    if (step->kind != NodeKind::Empty) eval_arith(step);
  }
  return last_status_ = status;
}

#undef FORKLIFT_LOOP_FLOW

int Shell::exec_case(const Node* node) {
  CaseView case_node(node);
  std::string subject = expand_to_string(case_node.subject());
  bool fall_through = false;
  for (const Node* item_node : case_node.items()) {
    CaseItemView item(item_node);
    bool matched = fall_through;
    for (const Node* pattern : item.patterns()) {
      if (matched) break;
      matched = pattern_match(expand_pattern(pattern), subject);
    }
    if (!matched) continue;
    int status = exec(item.body());
    if (flow_ != Flow::None) return status;
    if (item.terminator() == ";&") {
      fall_through = true;
      continue;
    }
    fall_through = false;
    if (item.terminator() == ";;&") continue;
    return last_status_ = status;
  }
  return fall_through ? last_status_ : (last_status_ = 0);
}

int Shell::exec_function_def(const Node* node) {
  functions_[std::string(node->text)] = node;
  note_functions_changed();
  define_discipline(node->text);
  function_sources_[node] = source_;
  if (alias_generation_ != 0) function_aliases_[node] = parse_aliases_;
  return last_status_ = 0;
}

int Shell::exec_redirected(const Node* node) {
  size_t mark = redirection_mark();
  RedirectedView redirected(node);
  if (!apply_redirections(redirected.redirects())) {
    undo_redirections(mark);
    return last_status_ = 1;
  }
  int status;
  try {
    status = exec(redirected.command());
  } catch (...) {
    undo_redirections(mark);
    throw;
  }
  undo_redirections(mark);
  return last_status_ = status;
}

int Shell::exec_test(const Node* node) {
  current_offset_ = node->begin;
  return last_status_ = eval_test(TestCommandView(node).expression()) ? 0 : 1;
}

int Shell::exec_arith_command(const Node* node) {
  current_offset_ = node->begin;
  return last_status_ = eval_arith(ArithCommandView(node).expression()).truthy() ? 0 : 1;
}

int Shell::exec_time(const Node* node) {
  struct timeval start, end;
  gettimeofday(&start, nullptr);
  struct rusage self_before, child_before, self_after, child_after;
  getrusage(RUSAGE_SELF, &self_before);
  getrusage(RUSAGE_CHILDREN, &child_before);
  const Node* pipeline = TimeView(node).pipeline();
  int status = pipeline == nullptr ? 0 : exec(pipeline);
  gettimeofday(&end, nullptr);
  getrusage(RUSAGE_SELF, &self_after);
  getrusage(RUSAGE_CHILDREN, &child_after);
  auto us = [](const timeval& a, const timeval& b) { return (b.tv_sec - a.tv_sec) * 1000000LL + (b.tv_usec - a.tv_usec); };
  TimeValues times{us(start, end), us(self_before.ru_utime, self_after.ru_utime) + us(child_before.ru_utime, child_after.ru_utime),
                   us(self_before.ru_stime, self_after.ru_stime) + us(child_before.ru_stime, child_after.ru_stime)};
  const std::string* format = get_scalar("TIMEFORMAT");
  TimeReport report = format_time_report(format != nullptr ? *format : kDefaultTimeFormat, times);
  if (report.bad) error(fmt::format("{}: bad format character in time format", *report.bad));
  else if (format == nullptr || !format->empty()) write_fd(2, report.text);
  return last_status_ = status;
}

}  // namespace forklift::interp
