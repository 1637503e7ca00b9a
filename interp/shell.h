// The interpreter: runs the AST of the exact parser as ksh93u+m does.
//
// The Shell owns all state of a running script (variables, functions,
// options, traps, positional parameters, open descriptors) and executes
// nodes directly. Work that would be repeated per execution is done once
// and cached per node or per string: parsed arithmetic of variables holding
// expressions, parsed `eval` strings, resolved builtins, unescaped literals.
//
// Subshells and command substitutions run in-process on a saved state
// (VariableStore journal, saved fds), like ksh93's virtual subshells; only
// external commands, background jobs and non-final pipeline stages that are
// not external commands create processes.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <bitset>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"
#include "analyzer/ast_views.h"
#include "analyzer/source_file.h"
#include "interp/arith/arith_code.h"
#include "interp/hash_key.h"
#include "interp/io/input_reader.h"
#include "interp/exec/lowered_command.h"
#include "interp/arith/number.h"
#include "interp/io/output.h"
#include "interp/exec/process_launcher.h"
#include "interp/variables/variable_store.h"

namespace forklift::interp {

class Shell;
struct DeclFlags;  // variables/declaration.cpp

// typeset -L/-R/-Z: the value padded or cut to `width`.
std::string justify_value(const std::string& value, char mode, int width);
// True when a trapped signal arrived and its action has not run yet.
bool signals_pending();

using BuiltinFn = int (*)(Shell& shell, std::vector<std::string>& argv);

struct Builtin {
  BuiltinFn fn = nullptr;
  bool special = false;  // POSIX special builtin: assignments persist, errors are fatal
};

// One expanded word on its way to becoming arguments. When `escaped` is
// set, `text` is in pattern form (quoted characters preceded by '\') so that
// brace expansion and globbing can tell quoted from unquoted characters.
struct Field {
  std::string text;
  bool escaped = false;
  bool has_glob = false;
  bool has_brace = false;  // an unquoted expansion produced a `{`: ksh brace-expands its result
};

// Every ksh93u+m option as the flag ksh keeps (noclobber, not clobber);
// those after `notify` are stored for `set -o`, `[[ -o ]]` and `$-` alone.
struct ShellOptions {
  bool errexit = false;
  bool nounset = false;
  bool xtrace = false;
  bool noglob = false;
  bool noclobber = false;
  bool pipefail = false;
  bool noexec = false;
  bool allexport = false;
  bool verbose = false;
  bool notify = false;
  bool nobackslashctrl = false;
  bool bgnice = false;
  bool braceexpand = true;
  bool emacs = false;
  bool functrace = false;
  bool globcasedetect = false;
  bool globstar = false;
  bool gmacs = false;
  bool histexpand = false;
  bool histreedit = false;
  bool histverify = false;
  bool ignoreeof = false;
  bool interactive = false;
  bool keyword = false;
  bool letoctal = false;
  bool nolog = false;
  bool login_shell = false;
  bool markdirs = false;
  bool monitor = false;
  bool multiline = true;
  bool posix = false;
  bool privileged = false;
  bool rc = false;
  bool restricted = false;
  bool showme = false;
  bool trackall = true;
  bool vi = false;
  bool viraw = true;
};

class Shell {
 public:
  Shell();
  ~Shell();
  Shell(const Shell&) = delete;
  Shell& operator=(const Shell&) = delete;

  // Runs a whole script; returns the exit status. `name` is $0.
  int run_script(std::string name, std::string text, std::vector<std::string> args);
  long processes_spawned() const { return launcher_.spawned(); }

  // ---- used by builtins ------------------------------------------------------
  Output& out() { return out_; }
  void write_fd(int fd, std::string_view data);
  void error(std::string_view message);  // "NAME: line N: message" on stderr
  [[noreturn]] void fatal(std::string_view message, int status = 1);
  const std::string& last_error() const { return last_error_; }  // the message of the latest error()
  // Errors raised while a builtin evaluates its operands (arithmetic in
  // test's -eq) name the builtin: returns the name that was set.
  std::string_view set_error_command(std::string_view name) { return std::exchange(error_command_, name); }
  VariableStore& vars() { return vars_; }
  ShellOptions& options() { return options_; }
  InputReader& input() { return input_; }
  ProcessLauncher& launcher() { return launcher_; }
  std::vector<std::string>& positional() { return positional_; }
  const std::string& script_name() const { return arg0_; }
  int last_status() const { return last_status_; }

  // Variable access by name (namerefs followed, attributes applied).
  const std::string* get_scalar(std::string_view name);
  // The same through a slot of the lowered form: no lookup while the slot is valid.
  const std::string* get_scalar(VarSlot& slot, std::string_view name);
  void assign(VarSlot& slot, std::string_view name, std::string_view value);
  std::string get_value(std::string_view name);  // "" when unset
  void set_scalar(std::string_view name, std::string_view value);
  // Assigns to `name` or `name[sub]` as the shell does (attributes, arrays).
  void assign(std::string_view name, std::string_view value, bool append = false);
  void assign_element(std::string_view name, std::string_view subscript, std::string_view value, bool append = false);
  bool is_valid_name(std::string_view name) const;
  // A name with keyed steps, `a.b[k].c` or `a[1]`.
  bool is_valid_path(std::string_view text) const;
  // Whether the variable that `a.b…` starts from is the running function's own.
  bool root_is_local(std::string_view name);
  bool variable_is_set(std::string_view name);
  bool element_is_set(const std::string& name, const std::string& subscript);  // [[ -v a[k] ]]
  bool plain_variable_is_set(std::string_view name);  // no path walked
  void apply_attributes(Variable& var, std::string& value);
  void export_variable(std::string_view name);
  // LC_ALL, LC_CTYPE or LANG changed: characters may now be bytes or UTF-8.
  void note_variable_change(std::string_view name) {
    if (!name.empty() && name[0] == 'L') follow_locale(name);
  }

  // Arithmetic on strings (let, typeset -i, [[ -eq ]]): parsed once per string.
  Number eval_arith_string(std::string_view expr);
  int64_t eval_arith_int(std::string_view expr) { return eval_arith_string(expr).as_int(); }

  // Runs code (eval, ., trap actions) in the current shell: parsed as one
  // unit as far as aliases are concerned, or as the text of an expanded
  // alias (which takes no new aliases).
  enum class EvalMode : uint8_t { Unit, AliasText };
  int eval_string(std::string_view code, std::string_view origin, EvalMode mode = EvalMode::Unit);
  int source_file(const std::string& path, std::vector<std::string>* args);
  int run_function(std::string_view name, const Node* def, std::vector<std::string>& argv);
  const Node* find_function(std::string_view name) const;
  void unset_function(std::string_view name) {
    functions_.erase(std::string(name));
    ++function_generation_;
  }
  // Bumped whenever the function table changes: lowered commands look up again.
  void note_functions_changed() { ++function_generation_; }
  const absl::flat_hash_map<std::string, const Node*>& functions() const { return functions_; }
  const Builtin* find_builtin(std::string_view name) const;
  std::string find_command_path(std::string_view name);
  int run_command_argv(std::vector<std::string>& argv, bool skip_functions);
  int exec_external(std::vector<std::string>& argv, bool replace_shell);

  // Control flow requested by break/continue/return.
  enum class Flow : uint8_t { None, Break, Continue, Return };
  void request_flow(Flow flow, int levels) {
    flow_ = flow;
    flow_levels_ = levels;
  }
  int loop_depth() const { return loop_depth_; }
  int function_depth() const { return function_depth_; }

  // Traps: action text per signal number (0 = EXIT, kErrTrap = ERR).
  static constexpr int kErrTrap = 65;
  static constexpr int kDebugTrap = 66;
  void set_trap(int signal, std::optional<std::string> action);
  // Removes and returns the action for `signal` (nullopt when none is set).
  std::optional<std::string> take_trap(int signal);
  const std::string* trap_action(int signal) const;
  void run_exit_trap();
  void run_debug_trap();

  // getopts: the index of the next letter inside the current option word (0: not inside one).
  int& getopts_offset() { return getopts_char_; }

  // Pattern matching with ksh patterns (extended globs included).
  static bool pattern_match(std::string_view pattern, std::string_view text);

  // Redirections applied by `exec` persist: forget their saved copies.
  void make_redirections_permanent(size_t mark);
  size_t redirection_mark() const { return saved_fds_.size(); }
  void undo_redirections(size_t mark);

  // Saves and restores the state a subshell may change.
  struct SubshellState;
  std::unique_ptr<SubshellState> enter_subshell();
  void leave_subshell(std::unique_ptr<SubshellState> state);

  // Records `set -x` trace lines.
  void trace_command(const std::vector<std::string>& argv);

  // Current line, for LINENO and messages.
  uint32_t current_line() const;
  std::string_view current_source() const { return source_ != nullptr ? source_->text() : std::string_view(); }

  int background_pid() const { return last_background_pid_; }
  std::vector<pid_t>& jobs() { return jobs_; }  // processes `wait` waits for
  // Background commands as `jobs` numbers and lists them (oldest first).
  struct BackgroundJob {
    int number;
    pid_t pid;
    bool trap_ran = false;  // the CHLD trap has run for its end
  };
  std::vector<BackgroundJob>& background_jobs() { return background_jobs_; }
  void add_background_job(pid_t pid);
  void wait_for_job_slot();
  int exec_substitution_body(const Node* node, const Node* list);
  void forget_background_job(pid_t pid);
  std::string& pwd() { return pwd_; }

  // Expansion entry points for builtins that need them.
  std::string expand_to_string(const Node* word);
  std::string expand_part_to_string(const Node* part);
  std::string expand_assignment_value(const Node* word);
  std::string expand_pattern(const Node* word);  // quoted chars backslash-escaped
  std::string expand_replacement(const Node* word);  // likewise; `\N` names a group
  std::string command_substitution(const Node* node, bool brace_form);
  std::string process_substitution(const Node* node);
  void close_process_substitutions(size_t mark);  // the shell's ends opened since `mark`
  std::string literal_text(std::string_view raw);  // unescaped unquoted literal
  Number eval_arith(const Node* node);
  // A node's source text (its `text`, else its span in the running source).
  std::string_view node_text(const Node* node) const;
  std::string_view node_source(const Node*) const { return current_source(); }
  pid_t shell_pid() const { return shell_pid_; }
  const std::string& last_argument() const { return last_argument_; }
  // ${.sh.NAME}: version, match, subshell, pid, ...
  bool special_sh_variable(std::string_view name, const Node* subscript, char list_subscript, std::string& scalar,
                           std::vector<std::string>& list);

  int exec(const Node* node);

  // typeset and friends: option words, names, NAME=VALUE words, or
  // Assignment nodes of a Declaration.
  struct DeclItem {
    std::string word;
    const Node* assignment;
  };
  // `member_prefix` ("c."): the declarations inside a compound value `c=(typeset -i n=1)`.
  int declare(std::string_view command, const std::vector<DeclItem>& items, std::string_view member_prefix = {});
  int declare_item(std::string_view command, const DeclItem& item, const DeclFlags& flags,
                   std::string_view member_prefix, std::string& listing);
  void declare_nameref(Variable& var, const DeclItem& item, std::string target);
  void bind_nameref(Variable& var, std::string target);  // points a nameref at `target`
  void bind_member_path(Variable& var);
  std::string bound_key(std::string_view array, std::string_view key);
  int run_declaration(const Node* node, std::string_view member_prefix);
  std::string describe_variable(const std::string& name, bool with_value = true);  // typeset -p, +p
  // The value as typeset -p shows it; false when it has none to show.
  bool variable_value_text(const std::string& name, Variable& var, std::string& value);
  std::string list_variables(std::string_view command, const DeclFlags& flags);  // typeset without names
  std::string function_source_text(const Node* def) const;  // typeset -f
  void assign_array(std::string_view name, const Node* literal, bool append);
  // name[sub]=value (a compound value makes the element compound).
  void assign_element_node(std::string_view name, const Node* subscript, const Node* value, bool append);
  void trace_assignment(std::string_view name, const Node* subscript, std::string_view text);  // set -x
  void assign_list(std::string_view name, const Node* literal, bool append);
  // Compound variables: x=( a=1 b=(c=2) ) makes x compound with the members
  // x.a and x.b (itself compound, with x.b.c).
  void assign_compound(std::string_view name, const Node* literal);
  void declare_compound(std::string_view name);
  std::string compound_text(const std::string& name, bool one_line, int indent);  // "$x", typeset -p
  void unset_compound_members(const std::string& name);
  std::string compound_text_at(const std::string& name, bool one_line, int indent, bool at_end);
  std::string array_member_text(const std::string& member, const std::string& short_name, bool one_line, int indent,
                                bool at_end);
  // Arrays of compound variables (a[1]=(x=1), a[1].x=1, ${a[1].x}).
  std::string compound_element_name(std::string_view array, const Node* subscript) {
    return element_name(array, PathKey{subscript, {}});
  }
  // Paths through elements, `t.l1[k].l2[j].x` (interp/variables/member_path.cpp).
  // One `[key]` of a path: its node when parsed, else its text.
  struct PathKey {
    const Node* node;
    std::string_view text;
  };
  // `a.b[k].c` is the steps {a.b, k} {.c}.
  struct PathStep {
    std::string_view member;
    std::string_view key;
    bool has_key;
  };
  static std::vector<PathStep> path_steps(std::string_view text);
  std::string element_key(std::string_view array, const PathKey& key);
  std::string element_name(std::string_view array, const PathKey& key);  // NAME[KEY], the array resolved
  // The variable name of the first `keyed` steps and the member after them;
  // `create` makes each element on the way a compound variable.
  std::string walk_path(const std::vector<PathStep>& steps, size_t keyed, const std::vector<PathKey>& keys,
                        bool create);
  // The name of a ParamExp, Assignment or ArithVariable, `a[1].x`, with its
  // subscripts in order; `used` tells how many the name itself holds (the
  // next one, if any, subscripts the variable named).
  std::string node_path(std::string_view text, NodeSpan subscripts, size_t& used, bool create);
  // A name as a word gives it (typeset, unset, nameref targets, -v): a
  // trailing `[key]` goes to `subscript`.
  std::string text_path(std::string_view text, std::optional<std::string>& subscript, bool create);
  void ensure_compound_element(std::string_view array, const std::string& element);
  void assign_compound_element(std::string_view array, const std::string& element, const Node* literal);
  // A plain value replaces compound elements: a[k]=v drops one, a=(…) all (and -C).
  void drop_compound_element(const std::string& array, std::string_view key);
  void drop_compound_elements(const std::string& array, Variable& var);
  // The text of element `key` of `array` when that element is a compound variable, else null.
  const std::string* compound_element_value(const std::string& array, std::string_view key);

  // Disciplines (interp/discipline.cpp): a variable with kAttrDiscipline is
  // read and assigned through its functions NAME.get/.set/.append/.unset.
  void define_discipline(std::string_view function_name);  // a function was defined
  void run_unset_discipline(std::string_view name);
  bool discipline_applies(std::string_view name) const;  // false inside its own discipline
  const std::string* read_through_discipline(const VarRef& ref, std::string_view name, const std::string* subscript);
  bool assign_through_discipline(const VarRef& ref, const std::string* subscript, std::string_view value, bool append);

  // Aliases. `aliases()` is what alias/unalias change; a command sees the
  // table as it was when ksh would have parsed it: at the start of its line
  // for top-level commands, at the definition for function bodies.
  using AliasTable = absl::flat_hash_map<std::string, std::string>;
  const AliasTable& aliases() const { return aliases_; }
  void set_alias(const std::string& name, const std::string& value);
  bool remove_alias(const std::string& name);
  void clear_aliases();
  bool is_active_alias(std::string_view name) const {
    return parse_aliases_ != nullptr && parse_aliases_->contains(hash_key(name));
  }

  // ulimit in an in-process subshell: the limit to put back when it ends.
  // A hard limit, which could not be raised again, is only noted there
  // (reported, and bounding the soft limit) while the subshell runs.
  bool in_subshell() const { return subshell_depth_ > 0; }
  void note_limit_change(int resource, const struct rlimit& old) {
    if (subshell_depth_ > 0) limit_journal_.push_back({resource, old});
  }
  absl::flat_hash_map<int, rlim_t>& subshell_hard_limits() { return subshell_hard_limits_; }

  bool in_sourced_file() const { return source_depth_ > 0; }
  enum class SignalMode { Default, Ignore, Catch };
  void install_signal_handler(int signal, SignalMode mode);
  void run_pending_traps();
  bool ignored_on_entry(int sig) const { return sig > 0 && sig < kSignalLimit && ignored_on_entry_[static_cast<size_t>(sig)]; }
  void run_child_traps(const std::string& action);
  // `exec` without a command: the command's redirections stay.
  void keep_command_redirections();

  // The coprocess (`cmd |&`): the shell writes its input on coprocess_input()
  // (print -p, >&p) and reads its output on coprocess_output() (read -p,
  // <&p); -1 when there is none or it was moved away by `exec n>&p`.
  int coprocess_input() const { return coprocess_input_; }
  int coprocess_output() const { return coprocess_output_; }

 private:
  friend struct Expander;
  friend class Redirector;

  struct Program {
    std::unique_ptr<SourceFile> file;
    std::unique_ptr<Ast> ast;
  };
  const Program* parse_program(std::string name, std::string text, bool report_errors, int& status);
  const Program* parse_runnable_prefix(const std::string& name, const std::string& text);

  int exec_list(const Node* list, bool top_level = false);
  // The commands of a script (aliases taken line by line), `.` file or
  // eval string (one unit).
  int exec_program(const Node* root, bool line_by_line);
  void refresh_parse_aliases();
  bool starts_new_line(const Node* previous, const Node* statement) const;
  // The rest of a script from `offset`, a line at a time with aliases expanded while parsing.
  // Interactive (-i), each command comes after a prompt, and a syntax error
  // or an error that would end a script ends only that command.
  int run_lines_with_aliases(const std::string& name, const std::string& text, size_t offset);
  void write_prompt();
  void source_env_file();  // -E: the file $ENV names, when it can be read
  int end_script(int status);  // the EXIT trap, then the exit status
  // Thrown when an alias of the main script stands for syntax: the script
  // goes on a line at a time from `offset`.
  struct LineModeSwitch {
    size_t offset;
  };
  const Node* restartable_statement(const Node* node) const;
  const SourceFile* main_source_ = nullptr;
  const Node* main_root_ = nullptr;
  // Runs the simple command with its alias expanded; false when none applies.
  bool run_alias_expansion(const Node* node, int& status);
  // Lines of the script as ksh reads them: the lines a top-level command
  // spans are read before it runs, and `set -v` echoes them to stderr.
  void read_lines_of(const Node* statement);
  void echo_unread_lines();
  uint32_t lines_read_until_ = 0;
  int exec_condition(const Node* node);
  int exec_and_or(const Node* node);
  int exec_pipeline(const Node* node);
  int exec_background(const Node* node);
  int exec_simple(const Node* node);
  int exec_declaration(const Node* node);
  int exec_subshell(const Node* node);
  int exec_if(const Node* node);
  int exec_loop(const Node* node, bool until);
  int exec_for(const Node* node);
  std::vector<std::string> loop_items(const Node* node);
  int exec_select(const Node* node);
  int exec_arith_for(const Node* node);
  int exec_case(const Node* node);
  int exec_function_def(const Node* node);
  int exec_redirected(const Node* node);
  int exec_test(const Node* node);
  int exec_arith_command(const Node* node);
  int exec_time(const Node* node);
  int exec_assignments_only(const Node* node);
  void exec_assignment(const Node* assignment, bool local, bool for_command);
  void assign_node(std::string_view name, const Node* assignment);  // `assignment` with its name replaced
  bool spawnable_stage(const Node* stage);
  pid_t start_stage(const Node* stage, int in_fd, int out_fd, std::vector<int>& close_in_child);
  // In a forked child: runs `body` (none: status 0) and leaves with its status
  // without unwinding into the parent's frames.
  [[noreturn]] void exit_forked_child(const Node* body);
  void check_errexit(int status);
  void follow_locale(std::string_view name);

  // Redirections: apply returns false (after an error message) on failure.
  // Applies the Redirects among `items` (a command's items, or a Redirected's
  // redirects) in order.
  bool apply_redirections(NodeSpan items);
  bool apply_redirection(const Node* redirect);
  // The descriptor a redirection reads or writes, opened or chosen here; each
  // returns false (or -1) after an error message.
  int open_here_document(std::string_view op, const Node* redirect);
  bool find_duplicate_source(std::string_view op, const Node* target, int& dup_from, bool& close_fd);
  int open_redirect_file(std::string_view op, const Node* target);
  void save_fd(int fd);
  std::string here_document_text(const Node* redirect);

  // Expansions.
  // Appends the fields of the Words among `items` to argv.
  void expand_words(NodeSpan items, std::vector<std::string>& argv);
  void expand_general_word(const Node* word, ArgvBuilder& argv);

  // Lowered simple commands (lowered_command.h, lowered_exec.cpp).
  LoweredCommand& lowered_command(const Node* node);
  void expand_lowered_word(LoweredWord& word, ArgvBuilder& argv);
  std::string lowered_value(LoweredWord& word);  // an assignment value
  // expand_to_string and expand_assignment_value: a word's lowered form
  // when it has one that is not General (cached per node).
  LoweredWord* lowered_string_word(const Node* word);
  std::string expand_string_general(const Node* word, bool tilde_after_colon);
  void append_lowered_part(LoweredPart& part, std::string& out);
  std::string joined_parts(LoweredWord& word);  // of a Quoted word
  void run_lowered_assignment(LoweredAssignment& assignment, bool for_command);
  void resolve_command_name(LoweredCommand& command, std::string_view name, const Builtin*& builtin,
                            const Node*& function);
  // The argument vector of the command running at this nesting depth: kept
  // between commands so its buffers are reused (Shell::ArgvLease).
  friend class ArgvLease;
  void begin_capture(std::string& result);
  void end_capture();
 public:
  void materialize_capture();

 private:
  bool eval_test(const Node* node);

 public:
  // Every builtin by name (filled once by the register_*_builtins functions of builtins.h).
  static absl::flat_hash_map<std::string, Builtin>& builtin_table();

  // Arithmetic variable access used by the evaluator.
  // `slot`: the evaluator's slot for the name (ArithOp::slot), or none.
  Number arith_variable(std::string_view name, const Node* subscript, VarSlot* slot = nullptr);
  void arith_assign(std::string_view name, const Node* subscript, const Number& value, VarSlot* slot = nullptr);
  std::string subscript_key(const Node* subscript);
  int64_t subscript_index(const Node* subscript);
  Number value_as_number(std::string_view text, int depth);
  Number arith_binary(ArithBinaryOp op, const Number& a, const Number& b, const Node* where);
  Number arith_call(const Node* node, const std::vector<Number>& args);
  Number run_arith(const ArithCode& code);
  std::string_view arith_error_text(const Node* where) const;  // what an arithmetic error message names

 private:
  VariableStore vars_;
  ShellOptions options_;
  Output out_;
  InputReader input_;
  ProcessLauncher launcher_;
  std::vector<std::string> positional_;
  std::string arg0_;
  std::string last_error_;
  std::string_view error_command_;
  int last_status_ = 0;
  int substitution_status_ = 0;  // of the last command substitution (for `x=$(cmd)`)
  Flow flow_ = Flow::None;
  int flow_levels_ = 0;
  int loop_depth_ = 0;
  int function_depth_ = 0;
  int subshell_depth_ = 0;
  int errexit_suppressed_ = 0;  // inside if/while conditions, && || left sides, !
  int arith_depth_ = 0;
  int arith_value_depth_ = 0;          // > 0 while a variable's value is evaluated as an expression
  std::string_view arith_expression_;  // the expression string under evaluation, if any
  int getopts_char_ = 0;
  pid_t last_background_pid_ = 0;
  std::vector<pid_t> jobs_;
  static constexpr int kSignalLimit = 65;
  std::bitset<kSignalLimit> ignored_on_entry_;  // signals the parent left ignored
  // The shell's ends of process substitutions of the running command: a
  // reader of >(…) sees its end of input only once they are closed.
  std::vector<int> process_substitution_fds_;
  std::vector<BackgroundJob> background_jobs_;
  int coprocess_input_ = -1;
  int coprocess_output_ = -1;
  // `>&p` / `<&p` of the running command: `exec` moves that end away.
  bool coprocess_input_redirected_ = false;
  bool coprocess_output_redirected_ = false;
  pid_t coprocess_pid_ = -1;
  int coprocess_depth_ = 0;  // the subshell depth that started it: inner subshells only borrow it
  void close_coprocess();
  void make_way_for_coprocess();
  void restore_coprocess(const SubshellState& state);
  std::string pwd_;
  const SourceFile* source_ = nullptr;
  uint32_t current_offset_ = 0;
  uint32_t line_base_ = 0;  // lines before an alias's text (current_line)
  std::vector<std::unique_ptr<Program>> programs_;
  absl::flat_hash_map<std::string, const Program*> eval_cache_;
  absl::flat_hash_map<std::string, const Node*> arith_cache_;
  absl::flat_hash_map<const Node*, std::unique_ptr<ArithCode>> arith_code_;
  std::unique_ptr<Ast> arith_ast_;
  std::vector<std::unique_ptr<std::string>> arith_sources_;
  absl::flat_hash_map<std::string, const Node*> functions_;
  absl::flat_hash_map<int, std::string> traps_;
  struct SavedFd {
    int fd;
    int copy;                // -1: fd was closed before
    std::string* capture;    // fd 1: the capture target to restore
  };
  std::vector<SavedFd> saved_fds_;
  std::vector<SavedFd> exec_saved_fds_;  // `exec` redirections inside in-process subshells
  // Command substitutions being captured. Output goes to `result` until
  // something needs a real fd 1 (a spawn, a fork, `2>&1`): then fd 1 becomes
  // a temporary file whose content is appended at the end.
  struct CaptureFrame {
    std::string* result;
    int file = -1;
    int saved_stdout = -1;
  };
  std::vector<CaptureFrame> captures_;
  bool in_exit_trap_ = false;
  bool has_debug_trap_ = false;
  bool in_debug_trap_ = false;
  uint32_t random_state_ = 0;
  int64_t random_last_ = -1;  // RANDOM never repeats its previous value
  int source_depth_ = 0;
  size_t command_redirection_mark_ = 0;
  pid_t shell_pid_ = 0;
  std::string last_argument_;
  struct SavedLimit {
    int resource;
    struct rlimit limit;
  };
  std::vector<SavedLimit> limit_journal_;
  absl::flat_hash_map<int, rlim_t> subshell_hard_limits_;
  AliasTable aliases_;
  uint64_t alias_generation_ = 0;
  std::shared_ptr<const AliasTable> parse_aliases_;  // null: no aliases
  uint64_t parse_alias_generation_ = 0;
  std::vector<std::string> expanding_aliases_;        // not expanded again inside themselves
  absl::flat_hash_map<const Node*, std::shared_ptr<const AliasTable>> function_aliases_;
  std::vector<std::string> sh_match_;  // ${.sh.match[...]} of the last =~
  class DisciplineGuard;
  std::optional<std::string> call_discipline(const Node* function, const std::string& name,
                                             const std::string* subscript, std::optional<std::string> value);
  const std::string* element_value(const std::string& array, const std::string& key);
  std::vector<std::string> disciplines_running_;  // variables whose discipline is running
  std::string discipline_result_;
  absl::flat_hash_map<const Node*, const SourceFile*> function_sources_;
  double start_time_ = 0;
  absl::flat_hash_map<const Node*, std::unique_ptr<LoweredCommand>> lowered_commands_;
  absl::flat_hash_map<const Node*, std::unique_ptr<LoweredWord>> lowered_words_;  // in string context
  uint64_t function_generation_ = 1;
  std::deque<std::vector<std::string>> argv_pool_;  // one per command nesting depth
  std::deque<std::vector<std::string>> positional_pool_;  // one per function call depth
  size_t command_depth_ = 0;
  VarSlot ifs_slot_;
};

}  // namespace forklift::interp
