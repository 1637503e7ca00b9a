// Subshells, pipelines, background jobs and command substitutions: in the
// current process on a saved state wherever ksh93 would not fork either.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/backslash.h"
#include "interp/errors.h"
#include "interp/shell.h"

namespace forklift::interp {

struct Shell::SubshellState {
  VariableStore::Mark vars;
  std::vector<std::string> positional;
  std::string arg0;
  ShellOptions options;
  absl::flat_hash_map<std::string, const Node*> functions;
  absl::flat_hash_map<int, std::string> traps;
  std::string pwd;
  size_t redirection_mark;
  size_t exec_redirection_mark;
  int loop_depth;
  int getopts_char;
  Flow flow;
  int flow_levels;
  const SourceFile* source;
  uint32_t offset;
  size_t limit_mark;
  absl::flat_hash_map<int, rlim_t> hard_limits;
  AliasTable aliases;
  int coprocess_input, coprocess_output;
  pid_t coprocess_pid;
  int coprocess_depth;
  mode_t umask;
};

std::unique_ptr<Shell::SubshellState> Shell::enter_subshell() {
  auto state = std::make_unique<SubshellState>();
  state->vars = vars_.begin_subshell();
  state->positional = positional_;
  state->arg0 = arg0_;
  state->options = options_;
  state->functions = functions_;
  state->traps = traps_;
  traps_.erase(0);
  state->pwd = pwd_;
  state->limit_mark = limit_journal_.size();
  state->hard_limits = subshell_hard_limits_;
  state->aliases = aliases_;
  state->redirection_mark = saved_fds_.size();
  state->exec_redirection_mark = exec_saved_fds_.size();
  state->loop_depth = loop_depth_;
  state->getopts_char = getopts_char_;
  state->flow = flow_;
  state->flow_levels = flow_levels_;
  state->source = source_;
  state->offset = current_offset_;
  state->coprocess_input = coprocess_input_;
  state->coprocess_output = coprocess_output_;
  state->coprocess_pid = coprocess_pid_;
  state->coprocess_depth = coprocess_depth_;
  state->umask = ::umask(0);
  ::umask(state->umask);
  ++subshell_depth_;
  return state;
}

// A coprocess the subshell started ends with it (its descriptors are closed);
// the one of the parent, which the subshell may have used, is back.
void Shell::restore_coprocess(const SubshellState& state) {
  for (int* fd : {&coprocess_input_, &coprocess_output_}) {
    if (*fd >= 0 && *fd != state.coprocess_input && *fd != state.coprocess_output) ::close(*fd);
  }
  coprocess_input_ = state.coprocess_input;
  coprocess_output_ = state.coprocess_output;
  coprocess_pid_ = state.coprocess_pid;
  coprocess_depth_ = state.coprocess_depth;
}

void Shell::leave_subshell(std::unique_ptr<SubshellState> state) {
  if (traps_.contains(0)) run_exit_trap();
  --subshell_depth_;
  undo_redirections(state->redirection_mark);
  while (exec_saved_fds_.size() > state->exec_redirection_mark) {
    saved_fds_.push_back(exec_saved_fds_.back());
    exec_saved_fds_.pop_back();
    undo_redirections(saved_fds_.size() - 1);
  }
  restore_coprocess(*state);
  ::umask(state->umask);
  vars_.end_subshell(state->vars);
  positional_ = std::move(state->positional);
  arg0_ = std::move(state->arg0);
  options_ = state->options;
  functions_ = std::move(state->functions);
  note_functions_changed();
  traps_ = std::move(state->traps);
  if (pwd_ != state->pwd) {
    if (::chdir(state->pwd.c_str()) != 0) error(fmt::format("cd: {}: cannot restore directory", state->pwd));
    pwd_ = std::move(state->pwd);
  }
  while (limit_journal_.size() > state->limit_mark) {
    ::setrlimit(limit_journal_.back().resource, &limit_journal_.back().limit);
    limit_journal_.pop_back();
  }
  subshell_hard_limits_ = std::move(state->hard_limits);
  if (aliases_ != state->aliases) {
    aliases_ = std::move(state->aliases);
    ++alias_generation_;
  }
  loop_depth_ = state->loop_depth;
  getopts_char_ = state->getopts_char;
  flow_ = state->flow;
  flow_levels_ = state->flow_levels;
  source_ = state->source;
  current_offset_ = state->offset;
}

int Shell::exec_subshell(const Node* node) {
  auto state = enter_subshell();
  int status;
  try {
    status = exec(SubshellView(node).body());
  } catch (const ShellExit& e) {
    status = e.status;
  } catch (...) {
    leave_subshell(std::move(state));
    throw;
  }
  last_status_ = status;
  leave_subshell(std::move(state));  // an EXIT trap's `exit N` sets last_status_
  return last_status_;
}

namespace {

// Words that expand without side effects, so a pipeline stage can expand
// them in the parent and spawn the program directly, without a fork.
bool expands_purely(const Node* node) {
  bool pure = true;
  visit(node, [&](const Node* n) {
    switch (n->kind) {
      case NodeKind::CommandSub:
      case NodeKind::BraceSub:
      case NodeKind::Backtick:
      case NodeKind::ArithExp:
      case NodeKind::ArithBracket:
      case NodeKind::ProcessSub:
        pure = false;
        return false;
      case NodeKind::ParamExp:
        if (n->op == "=" || n->op == ":=" || n->op == "?" || n->op == ":?") pure = false;
        return pure;
      default:
        return pure;
    }
  });
  return pure;
}

}  // namespace

bool Shell::spawnable_stage(const Node* stage) {
  if (stage->kind != NodeKind::SimpleCommand) return false;
  const Node* first_word = nullptr;
  for (const Node* kid : stage->kids) {
    bool plain = kid->kind != NodeKind::Assignment && kid->kind != NodeKind::Redirect && kid->kind != NodeKind::Error;
    if (!plain) return false;
    if (kid->kind == NodeKind::Word) {
      if (!expands_purely(kid)) return false;
      if (first_word == nullptr) first_word = kid;
    }
  }
  const Node* name_literal = sole_literal_part(first_word);
  if (name_literal == nullptr) return false;
  std::string name = literal_text(name_literal->text);
  return find_builtin(name) == nullptr && find_function(name) == nullptr && !is_active_alias(name) &&
         !find_command_path(name).empty();
}

pid_t Shell::start_stage(const Node* stage, int in_fd, int out_fd, std::vector<int>& close_in_child) {
  if (out_fd < 0) materialize_capture();
  out_.flush();
  input_.release_all();
  if (spawnable_stage(stage)) {
    std::vector<std::string> argv;
    expand_words(SimpleCommandView(stage).items(), argv);
    if (options_.xtrace) trace_command(argv);
    SpawnPlan plan;
    plan.path = find_command_path(argv[0]);
    plan.argv = std::move(argv);
    plan.env = vars_.environment();
    if (in_fd >= 0) plan.dup2s.emplace_back(in_fd, 0);
    if (out_fd >= 0) plan.dup2s.emplace_back(out_fd, 1);
    pid_t pid = launcher_.spawn(plan);
    if (pid > 0) return pid;
  }
  launcher_.note_fork();
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  // Child: run the stage and leave without unwinding the parent's state.
  if (in_fd >= 0) ::dup2(in_fd, 0);
  if (out_fd >= 0) {
    ::dup2(out_fd, 1);
    out_.set_capture(nullptr);
    // The parent's captures are not this process's: a command substitution
    // ending here must give fd 1 back, not the parent's buffer.
    captures_.clear();
  }
  for (int fd : close_in_child) ::close(fd);
  ++subshell_depth_;
  traps_.erase(0);
  exit_forked_child(stage);
}

namespace {

// ksh93 runs the last command of a forked child in its place, so a signal
// that ends that command ends the child: `wait` and `jobs` see the signal.
// This child ran it as its own child instead, and ends the same way.
[[noreturn]] void die_of(int signal) {
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);  // the command dumped its own core, if any
  ::signal(signal, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal);
  ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
  ::raise(signal);
  ::_exit(128 + signal);
}

}  // namespace

void Shell::exit_forked_child(const Node* body) {
  int status;
  try {
    status = body != nullptr ? exec(body) : 0;
  } catch (const ShellExit& e) {
    status = e.status & 0xff;  // `exit 265` is 9, no signal
  } catch (...) {
    status = 1;
  }
  out_.flush();
  if (status > 256 && status - 256 < NSIG) die_of(status - 256);
  ::_exit(status & 0xff);
}

int Shell::exec_pipeline(const Node* node) {
  current_offset_ = node->begin;
  PipelineView pipeline(node);
  NodeSpan commands = pipeline.commands();
  size_t count = commands.size();
  std::vector<pid_t> pids;
  int previous_read = -1;
  std::vector<int> open_fds;
  for (size_t i = 0; i + 1 < count; ++i) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fatal("cannot create pipe");
    std::vector<int> close_in_child{fds[0], fds[1]};
    if (previous_read >= 0) close_in_child.push_back(previous_read);
    bool stderr_too = pipeline.stderr_linked(i);
    if (stderr_too) {
      // `|&` (bash): stderr goes down the pipe as well.
      save_fd(2);
      ::dup2(fds[1], 2);
    }
    pid_t pid = start_stage(commands[i], previous_read, fds[1], close_in_child);
    if (stderr_too) undo_redirections(saved_fds_.size() - 1);
    if (pid > 0) pids.push_back(pid);
    ::close(fds[1]);
    if (previous_read >= 0) ::close(previous_read);
    previous_read = fds[0];
  }
  // The last stage runs in the current shell, reading the last pipe.
  size_t mark = redirection_mark();
  save_fd(0);
  input_.release(0);
  ::dup2(previous_read, 0);
  ::close(previous_read);
  int status;
  try {
    status = exec(commands.back());
  } catch (...) {
    input_.release(0);
    undo_redirections(mark);
    for (pid_t pid : pids) ProcessLauncher::wait_for(pid);
    throw;
  }
  input_.release(0);
  undo_redirections(mark);
  int failed = 0;
  for (pid_t pid : pids) {
    // ksh93 keeps an earlier stage's status in a byte: one a signal ended is
    // the signal's number (9), not 256 plus it as for the last stage.
    int s = ProcessLauncher::wait_for(pid) & 0xff;
    if (s != 0) failed = s;
  }
  if (options_.pipefail && status == 0) status = failed;
  return last_status_ = status;
}

// Makes way for a new coprocess. One this shell level started and that still
// runs with its input open is an error (as in ksh: once `exec n>&p` moved the
// input away, a new one may start); one borrowed from the parent of a
// subshell is left alone.
void Shell::make_way_for_coprocess() {
  if (coprocess_depth_ != subshell_depth_) {
    coprocess_input_ = coprocess_output_ = -1;
    return;
  }
  bool open = coprocess_input_ >= 0;
  siginfo_t info{};
  if (open && coprocess_pid_ > 0 && ::waitid(P_PID, static_cast<id_t>(coprocess_pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
      info.si_pid == 0) {
    fatal("coprocess is running; cannot create a new coprocess");
  }
  close_coprocess();
}

void Shell::close_coprocess() {
  for (int* fd : {&coprocess_input_, &coprocess_output_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

namespace {

bool has_ended(pid_t pid) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == pid;
}

}  // namespace

// JOBMAX: with that many background jobs running, a new one starts only
// after one of them has ended, and after its CHLD trap.
void Shell::wait_for_job_slot() {
  const std::string* limit = get_scalar("JOBMAX");
  int64_t most = limit != nullptr ? std::strtoll(limit->c_str(), nullptr, 10) : 0;
  if (most <= 0) return;
  auto running = [&] { return std::count_if(jobs_.begin(), jobs_.end(), [](pid_t pid) { return !has_ended(pid); }); };
  if (running() < most) return;
  do {
    ::poll(nullptr, 0, 5);  // a trapped SIGCHLD cuts the nap short
  } while (running() >= most);
  run_pending_traps();
}

int Shell::exec_background(const Node* node) {
  wait_for_job_slot();
  materialize_capture();
  out_.flush();
  input_.release_all();
  bool coprocess = node->kind == NodeKind::Coprocess;
  int to_child[2] = {-1, -1}, from_child[2] = {-1, -1};
  if (coprocess) {
    make_way_for_coprocess();
    if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0) fatal("cannot create pipe");
  }
  launcher_.note_fork();
  pid_t pid = ::fork();
  if (pid == 0) {
    if (coprocess) {
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    }
    out_.set_capture(nullptr);
    captures_.clear();
    ++subshell_depth_;
    traps_.erase(0);
    exit_forked_child(background_command(node));
  }
  if (coprocess) {
    ::close(to_child[0]);
    ::close(from_child[1]);
    // Above the descriptors scripts name (0-9), as ksh keeps them, so that
    // `exec 5>&p` cannot land on the other end.
    coprocess_input_ = ::fcntl(to_child[1], F_DUPFD_CLOEXEC, 10);
    coprocess_output_ = ::fcntl(from_child[0], F_DUPFD_CLOEXEC, 10);
    coprocess_pid_ = pid;
    coprocess_depth_ = subshell_depth_;
    ::close(to_child[1]);
    ::close(from_child[0]);
  }
  if (pid < 0) {
    close_coprocess();
    error("cannot fork");
    return last_status_ = 1;
  }
  last_background_pid_ = pid;
  jobs_.push_back(pid);
  add_background_job(pid);
  return last_status_ = 0;
}

void Shell::add_background_job(pid_t pid) {
  int number = 1;  // the smallest number not in use
  while (std::any_of(background_jobs_.begin(), background_jobs_.end(),
                     [&](const BackgroundJob& job) { return job.number == number; })) {
    ++number;
  }
  background_jobs_.push_back(BackgroundJob{number, pid});
}

void Shell::forget_background_job(pid_t pid) {
  std::erase_if(background_jobs_, [&](const BackgroundJob& job) { return job.pid == pid; });
}

namespace {

// The `<file` or `<&fd` redirect of a substitution whose whole body is it
// (`$(<file)`, `$(<&3)`), or null.
const Node* sole_file_input(const Node* list) {
  if (list == nullptr) return nullptr;
  NodeSpan statements = ListView(list).statements();
  if (statements.size() != 1 || statements[0]->kind != NodeKind::SimpleCommand) return nullptr;
  NodeSpan items = SimpleCommandView(statements[0]).items();
  if (items.size() != 1 || items[0]->kind != NodeKind::Redirect) return nullptr;
  if (items[0]->text != "<" && items[0]->text != "<&") return nullptr;
  return items[0];
}

// `$(<&fd)`: the content of open descriptor `fd` (digits alone: `<&-` closes nothing here).
bool read_descriptor(const std::string& fd, std::string& out) {
  if (fd.empty() || fd.size() > 9 || fd.find_first_not_of("0123456789") != std::string::npos) {
    errno = EBADF;
    return false;
  }
  return InputReader::slurp_descriptor(std::stoi(fd), out);
}

}  // namespace

// The parser read a backquoted body whose backslashes quoted `$`, a
// backquote or a backslash from the text without them, but its literals are
// slices of the file that still hold them: that text runs instead.
int Shell::exec_substitution_body(const Node* node, const Node* list) {
  if (list == nullptr) return 0;
  std::string_view quoted = node->kind == NodeKind::Backtick && (node->flags & kInEscapedBacktick) != 0
                                ? node_text(node)
                                : std::string_view();
  if (quoted.size() < 2 || quoted.front() != '`') return exec(list);
  std::string_view body = quoted.substr(1, quoted.size() - 2);
  bool in_double_quotes = (node->flags & kInEscapedBacktickInDoubleQuotes) != 0;
  return eval_string(unescaped(body, in_double_quotes ? BackslashContext::BacktickInDoubleQuotes : BackslashContext::Backtick),
                     "`", EvalMode::AliasText);
}

std::string Shell::command_substitution(const Node* node, bool brace_form) {
  std::string result;
  const Node* list = inner_list(node);
  // $(<file): the file's content without running anything.
  if (const Node* redirect = sole_file_input(list)) {
    std::string path = expand_to_string(RedirectView(redirect).target());
    bool read = redirect->text == "<" ? InputReader::slurp_file(path, result) : read_descriptor(path, result);
    if (!read) {
      error(fmt::format("{}: cannot open [{}]", path, std::strerror(errno)));
      last_status_ = substitution_status_ = 1;  // x=$(<missing) fails as ksh93's does
      return result;
    }
    while (!result.empty() && result.back() == '\n') result.pop_back();
    last_status_ = substitution_status_ = 0;
    return result;
  }
  begin_capture(result);
  int status = 0;
  if (brace_form) {
    try {
      status = exec_substitution_body(node, list);
    } catch (...) {
      end_capture();
      throw;
    }
  } else {
    auto state = enter_subshell();
    try {
      status = exec_substitution_body(node, list);
    } catch (const ShellExit& e) {
      status = e.status;
    } catch (...) {
      leave_subshell(std::move(state));
      end_capture();
      throw;
    }
    last_status_ = status;
    leave_subshell(std::move(state));
    status = last_status_;  // as an EXIT trap's `exit N` left it
  }
  end_capture();
  last_status_ = substitution_status_ = status;
  while (!result.empty() && result.back() == '\n') result.pop_back();
  return result;
}

}  // namespace forklift::interp
