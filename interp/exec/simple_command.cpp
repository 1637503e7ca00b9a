// Simple commands: assignments, builtins, functions and external commands.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/errors.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

// A prefix assignment that is undone after the command (`x=1 cmd`).
struct SavedVariable {
  std::string name;
  bool existed;
  Variable value;
};

// The running forklift binary, which runs scripts that have no `#!` line.
const std::string& own_executable() {
  static const std::string path = [] {
    char buf[4096];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
  }();
  return path;
}

// A command found neither as a function nor in PATH is looked for in FPATH,
// as ksh93 does: the first file of that name there is sourced, and the
// function it defines runs. Null when there is none.
const Node* autoload_function(Shell& shell, const std::string& name) {
  if (name.find('/') != std::string::npos) return nullptr;
  std::string fpath = shell.get_value("FPATH");
  for (size_t start = 0; start < fpath.size();) {
    size_t colon = std::min(fpath.find(':', start), fpath.size());
    std::string dir = fpath.substr(start, colon - start);
    start = colon + 1;
    if (dir.empty()) continue;
    std::string file = dir + "/" + name;
    struct stat st;
    if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || ::access(file.c_str(), R_OK) != 0) continue;
    shell.source_file(file, nullptr);
    return shell.find_function(name);
  }
  return nullptr;
}

// ksh refuses to run a file as a script when its first line holds a NUL byte.
bool looks_binary(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[256];
  ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  for (ssize_t i = 0; i < n && buf[i] != '\n'; ++i) {
    if (buf[i] == '\0') return true;
  }
  return false;
}

// A file the kernel cannot execute (no `#!`) runs as a ksh script, as ksh
// does on ENOEXEC: here by this binary's `run`, with $0 the name as typed.
bool as_script(SpawnPlan& plan, const std::string& typed_name) {
  if (own_executable().empty() || looks_binary(plan.path)) return false;
  std::vector<std::string> argv{own_executable(), "run", "--arg0", typed_name, plan.path};
  argv.insert(argv.end(), plan.argv.begin() + 1, plan.argv.end());
  plan.argv = std::move(argv);
  plan.path = own_executable();
  return true;
}

// Returns only when execve fails (errno set).
void execve_plan(SpawnPlan& plan) {
  std::vector<char*> args;
  for (auto& a : plan.argv) args.push_back(a.data());
  args.push_back(nullptr);
  std::vector<char*> env;
  for (auto& e : plan.env) env.push_back(e.data());
  env.push_back(nullptr);
  ::execve(plan.path.c_str(), args.data(), env.data());
}

}  // namespace

// Hands out the argument vector of the current command nesting depth
// (a builtin or function running commands nests): cleared between commands
// but not freed, so a loop's commands allocate no new vectors or buffers.
class ArgvLease {
 public:
  ArgvLease(std::deque<std::vector<std::string>>& pool, size_t& depth) : depth_(depth) {
    if (pool.size() <= depth_) pool.emplace_back();
    argv_ = &pool[depth_++];
  }
  ~ArgvLease() { --depth_; }
  ArgvLease(const ArgvLease&) = delete;
  ArgvLease& operator=(const ArgvLease&) = delete;
  std::vector<std::string>& argv() { return *argv_; }

 private:
  size_t& depth_;
  std::vector<std::string>* argv_;
};

int Shell::exec_assignments_only(const Node* node) {
  substitution_status_ = 0;
  for (LoweredAssignment& assignment : lowered_command(node).assignments) run_lowered_assignment(assignment, false);
  int substitution_status = substitution_status_;
  size_t mark = redirection_mark();
  bool ok = apply_redirections(SimpleCommandView(node).items());
  undo_redirections(mark);
  if (!ok) return last_status_ = 1;
  return last_status_ = substitution_status;
}

int Shell::exec_simple(const Node* node) {
  current_offset_ = node->begin;
  coprocess_input_redirected_ = coprocess_output_redirected_ = false;
  if (parse_aliases_ != nullptr) {
    int status = 0;
    if (run_alias_expansion(node, status)) return last_status_ = status;
  }
  LoweredCommand& command = lowered_command(node);
  if (command.words.empty()) return exec_assignments_only(node);

  size_t substitutions = process_substitution_fds_.size();
  ArgvLease lease(argv_pool_, command_depth_);
  std::vector<std::string>& argv = lease.argv();
  {
    ArgvBuilder builder(argv, 0);
    for (LoweredWord& word : command.words) expand_lowered_word(word, builder);
    builder.finish();
  }
  if (argv.empty()) return exec_assignments_only(node);
  if (options_.xtrace) trace_command(argv);
  last_argument_ = argv.back();

  const Builtin* builtin = nullptr;
  const Node* function = nullptr;
  resolve_command_name(command, argv[0], builtin, function);

  // Prefix assignments: permanent for special builtins, temporary otherwise.
  std::vector<SavedVariable> saved;
  std::vector<std::string> env_overrides;
  if (!command.assignments.empty()) {
    bool external = builtin == nullptr && function == nullptr;
    bool permanent = builtin != nullptr && builtin->special;
    bool posix_function = function != nullptr && !(function->flags & kKshFunction);
    for (LoweredAssignment& assignment : command.assignments) {
      std::string name(assignment.name);
      if (!permanent && !posix_function) {
        Variable* old = vars_.find_raw(name);
        saved.push_back(SavedVariable{name, old != nullptr, old != nullptr ? *old : Variable{}});
      }
      run_lowered_assignment(assignment, true);
      if (external || function != nullptr) {
        const std::string* value = get_scalar(name);
        if (external) env_overrides.push_back(name + "=" + (value != nullptr ? *value : std::string()));
        else export_variable(name);
      }
    }
  }

  size_t mark = redirection_mark();
  int status = 0;
  auto restore = [&] {
    undo_redirections(mark);
    close_process_substitutions(substitutions);
    for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
      if (it->existed) {
        VarRef ref = vars_.resolve_for_write(it->name);
        *ref.var = std::move(it->value);
      } else {
        vars_.unset(it->name);
      }
      note_variable_change(it->name);
    }
  };
  try {
    command_redirection_mark_ = mark;
    if (!apply_redirections(SimpleCommandView(node).items())) {
      restore();
      if (builtin != nullptr && builtin->special) throw ShellExit{1};
      return last_status_ = 1;
    }
    if (builtin != nullptr) {
      status = builtin->fn(*this, argv);
      // A builtin whose redirected output cannot be written fails, as in ksh.
      if (saved_fds_.size() > mark && out_.capture() == nullptr && !out_.flush() && status == 0) status = 1;
    } else if (function != nullptr) {
      status = run_function(argv[0], function, argv);
    } else if (env_overrides.empty()) {
      status = exec_external(argv, false);
    } else {
      // Temporarily exported for this command only: the child sees them.
      for (const std::string& entry : env_overrides) export_variable(entry.substr(0, entry.find('=')));
      status = exec_external(argv, false);
    }
  } catch (...) {
    restore();
    throw;
  }
  restore();
  return last_status_ = status;
}

int Shell::run_command_argv(std::vector<std::string>& argv, bool skip_functions) {
  if (argv.empty()) return 0;
  const Builtin* builtin = find_builtin(argv[0]);
  if (!skip_functions && !(builtin != nullptr && builtin->special)) {
    // Functions come before regular builtins, as in ksh.
    if (const Node* function = find_function(argv[0])) return run_function(argv[0], function, argv);
  }
  if (builtin != nullptr) return builtin->fn(*this, argv);
  return exec_external(argv, false);
}

int Shell::run_function(std::string_view name, const Node* def, std::vector<std::string>& argv) {
  constexpr int kMaxFunctionDepth = 4096;
  if (function_depth_ >= kMaxFunctionDepth) fatal(fmt::format("{}: recursion too deep", name));
  bool ksh_function = (def->flags & kKshFunction) != 0;
  // The callee's parameters go into a vector kept per call depth, whose
  // string buffers the next call at this depth reuses; the caller's wait in it.
  if (positional_pool_.size() <= static_cast<size_t>(function_depth_)) positional_pool_.emplace_back();
  std::vector<std::string>& saved_positional = positional_pool_[static_cast<size_t>(function_depth_)];
  {
    ArgvBuilder parameters(saved_positional, 0);
    for (size_t i = 1; i < argv.size(); ++i) parameters.add(std::string_view(argv[i]));
    parameters.finish();
  }
  saved_positional.swap(positional_);
  std::string saved_arg0;
  // A ksh `function` starts its getopts at OPTIND=1 and gives the caller's
  // OPTIND back when it returns.
  std::string saved_optind = "1";
  if (ksh_function) {
    saved_arg0 = arg0_;
    arg0_ = std::string(name);
    if (const Variable* optind = vars_.find_raw("OPTIND"); optind != nullptr && optind->value != "1") {
      saved_optind = optind->value;
      set_scalar("OPTIND", "1");
    }
    vars_.push_scope();
  }
  ++function_depth_;
  int saved_getopts = getopts_char_;
  getopts_char_ = 0;
  const SourceFile* saved_source = source_;
  uint32_t saved_offset = current_offset_;
  uint32_t saved_base = line_base_;
  if (auto it = function_sources_.find(def); it != function_sources_.end()) {
    source_ = it->second;
    line_base_ = 0;
  }
  // The body runs with the aliases of its definition.
  std::shared_ptr<const AliasTable> saved_aliases;
  std::vector<std::string> saved_expanding;
  bool swap_aliases = alias_generation_ != 0;
  if (swap_aliases) {
    saved_aliases = parse_aliases_;
    auto it = function_aliases_.find(def);
    parse_aliases_ = it != function_aliases_.end() ? it->second : nullptr;
    saved_expanding.swap(expanding_aliases_);
  }
  auto leave = [&] {
    if (swap_aliases) {
      parse_aliases_ = std::move(saved_aliases);
      expanding_aliases_.swap(saved_expanding);
    }
    --function_depth_;
    if (ksh_function) {
      vars_.pop_scope();
      arg0_ = std::move(saved_arg0);
      if (const Variable* optind = vars_.find_raw("OPTIND"); optind != nullptr && optind->value != saved_optind) {
        set_scalar("OPTIND", saved_optind);
      }
    }
    positional_.swap(saved_positional);
    getopts_char_ = saved_getopts;
    source_ = saved_source;
    current_offset_ = saved_offset;
    line_base_ = saved_base;
  };
  // A ksh `function` has an EXIT trap of its own, run when it returns (or
  // when the shell exits inside it) after its locals are gone.
  std::optional<std::string> outer_exit_trap;
  if (ksh_function && !traps_.empty()) outer_exit_trap = take_trap(0);
  auto end_function_trap = [&] {
    if (!ksh_function) return;
    if (!traps_.empty()) run_exit_trap();
    if (outer_exit_trap) traps_[0] = std::move(*outer_exit_trap);
  };
  int status;
  try {
    status = exec(FunctionDefView(def).body());
  } catch (...) {
    leave();
    end_function_trap();
    throw;
  }
  leave();
  end_function_trap();
  if (flow_ == Flow::Return) {
    flow_ = Flow::None;
    status = last_status_;
  } else if (flow_ != Flow::None) {
    flow_ = Flow::None;
  }
  return last_status_ = status;
}

std::string Shell::find_command_path(std::string_view name) {
  return launcher_.resolve(name, get_value("PATH"));
}

int Shell::exec_external(std::vector<std::string>& argv, bool replace_shell) {
  SpawnPlan plan;
  plan.path = find_command_path(argv[0]);
  if (plan.path.empty()) {
    if (const Node* function = autoload_function(*this, argv[0])) return run_function(argv[0], function, argv);
    error(fmt::format("{}: not found", argv[0]));
    return last_status_ = 127;
  }
  struct stat st;
  if (::stat(plan.path.c_str(), &st) != 0) {
    error(fmt::format("{}: not found", argv[0]));
    return last_status_ = 127;
  }
  if (S_ISDIR(st.st_mode) || ::access(plan.path.c_str(), X_OK) != 0) {
    error(fmt::format("{}: cannot execute [{}]", argv[0], S_ISDIR(st.st_mode) ? "Is a directory" : "Permission denied"));
    return last_status_ = 126;
  }
  plan.argv = argv;
  plan.env = vars_.environment();
  out_.flush();
  input_.release_all();
  if (replace_shell) {
    execve_plan(plan);
    if (errno == ENOEXEC && as_script(plan, argv[0])) execve_plan(plan);
    fatal(fmt::format("{}: cannot execute [{}]", argv[0], std::strerror(errno)), 126);
  }
  materialize_capture();
  pid_t pid = launcher_.spawn(plan);
  if (pid == -ENOEXEC && as_script(plan, argv[0])) pid = launcher_.spawn(plan);
  if (pid < 0) {
    int err = -pid;
    error(fmt::format("{}: cannot execute [{}]", argv[0], std::strerror(err)));
    return last_status_ = err == ENOENT ? 127 : 126;
  }
  return last_status_ = ProcessLauncher::wait_for(pid);
}

void Shell::trace_command(const std::vector<std::string>& argv) {
  std::string line = get_value("PS4");
  if (get_scalar("PS4") == nullptr) line = "+ ";
  for (size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) line += ' ';
    line += argv[i];
  }
  line += '\n';
  write_fd(2, line);
}

}  // namespace forklift::interp
