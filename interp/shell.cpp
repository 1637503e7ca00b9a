#include "interp/shell.h"
#include "interp/hash_key.h"

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "analyzer/exact_parser.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/front_end.h"
#include "interp/errors.h"
#include "interp/text/locale_text.h"

extern char** environ;

namespace forklift::interp {

namespace {

double now_seconds() {
  struct timeval tv;
  gettimeofday(&tv, nullptr);
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

// glibc's rand_r: ksh93u+m draws RANDOM from it, so a seeded RANDOM gives
// the same numbers as in ksh.
uint32_t rand_r_step(uint32_t& seed) {
  uint32_t next = seed;
  next = next * 1103515245u + 12345u;
  uint32_t result = (next / 65536) % 2048;
  next = next * 1103515245u + 12345u;
  result = (result << 10) ^ ((next / 65536) % 1024);
  next = next * 1103515245u + 12345u;
  result = (result << 10) ^ ((next / 65536) % 1024);
  seed = next;
  return result;
}

}  // namespace

std::string justify_value(const std::string& value, char mode, int width) {
  if (width <= 0) return value;
  size_t w = static_cast<size_t>(width);
  if (mode == 'L' || mode == 'z') {
    size_t first = value.find_first_not_of(mode == 'z' ? " 0" : " ");
    std::string v = first == std::string::npos ? std::string() : value.substr(first);
    size_t chars = text::char_count(v);
    if (chars > w) v.resize(text::byte_offset(v, w));
    else v.append(w - chars, ' ');
    return v;
  }
  std::string v = value;
  while (!v.empty() && v.back() == ' ') v.pop_back();
  size_t chars = text::char_count(v);
  if (chars >= w) return v.substr(text::byte_offset(v, chars - w));
  char fill = mode == 'Z' && !v.empty() && std::isdigit(static_cast<unsigned char>(v[0])) ? '0' : ' ';
  return std::string(w - chars, fill) + v;
}

Shell::Shell() : arith_ast_(std::make_unique<Ast>()) {
  start_time_ = now_seconds();
  shell_pid_ = getpid();
  random_state_ = static_cast<uint32_t>(getpid()) ^ static_cast<uint32_t>(start_time_);
  // Pinned by verify and bench for reproducible runs, as `RANDOM=N` would.
  if (const char* seed = std::getenv("FORKLIFT_RANDOM_SEED"); seed != nullptr && *seed != '\0') {
    random_state_ = static_cast<uint32_t>(std::strtoll(seed, nullptr, 10));
  }
  for (char** env = environ; env != nullptr && *env != nullptr; ++env) {
    std::string_view entry(*env);
    size_t eq = entry.find('=');
    if (eq == std::string_view::npos || !is_valid_name(entry.substr(0, eq))) continue;
    Variable& var = vars_.global()[std::string(entry.substr(0, eq))];
    var.value.assign(entry.substr(eq + 1));
    var.is_set = true;
    var.attrs |= kAttrExport;
  }
  if (const std::string* pwd = get_scalar("PWD"); pwd != nullptr && !pwd->empty() && (*pwd)[0] == '/') {
    pwd_ = *pwd;
  }
  char buf[4096];
  if (::getcwd(buf, sizeof buf) != nullptr) {
    std::string real(buf);
    if (pwd_.empty() || realpath(pwd_.c_str(), buf) == nullptr || real != buf) pwd_ = real;
  }
  set_scalar("PWD", pwd_);
  if (get_scalar("IFS") == nullptr) set_scalar("IFS", " \t\n");
  if (get_scalar("PATH") == nullptr) set_scalar("PATH", "/usr/local/bin:/usr/bin:/bin");
  set_scalar("PPID", std::to_string(getppid()));
  set_scalar("OPTIND", "1");
  for (const char* name : {"RANDOM", "SECONDS", "LINENO"}) {
    Variable& var = vars_.global()[name];
    var.attrs |= kAttrDynamic;
    var.is_set = true;
  }
  follow_locale("LANG");
  for (int sig = 1; sig < kSignalLimit; ++sig) {
    struct sigaction current {};
    if (sig != SIGPIPE && ::sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) {
      ignored_on_entry_.set(static_cast<size_t>(sig));
    }
  }
  signal(SIGPIPE, SIG_DFL);
}

void Shell::follow_locale(std::string_view name) {
  if (name != "LC_ALL" && name != "LC_CTYPE" && name != "LANG") return;
  text::select_locale(get_value("LC_ALL"), get_value("LC_CTYPE"), get_value("LANG"));
}

Shell::~Shell() { out_.flush(); }

uint32_t Shell::current_line() const {
  if (source_ == nullptr) return 0;
  return line_base_ + source_->position(std::min(current_offset_, source_->size())).line;
}

void Shell::error(std::string_view message) {
  out_.flush();
  std::string named;
  if (!error_command_.empty()) {
    named = fmt::format("{}: {}", error_command_, message);
    message = named;
  }
  last_error_ = message;
  std::string line = function_depth_ > 0 || source_ == nullptr
                         ? fmt::format("{}: {}\n", arg0_, message)
                         : fmt::format("{}: line {}: {}\n", arg0_, current_line(), message);
  Output::write_all(2, line);
}

void Shell::fatal(std::string_view message, int status) {
  error(message);
  throw FatalError{{status}};
}

void Shell::write_fd(int fd, std::string_view data) {
  if (fd == 1) {
    out_.write(data);
    return;
  }
  out_.flush();
  Output::write_all(fd, data);
}

const Shell::Program* Shell::parse_program(std::string name, std::string text, bool report_errors, int& status) {
  auto program = std::make_unique<Program>();
  program->file = std::make_unique<SourceFile>(std::move(name), std::move(text));
  ParseResult result = parse_exact(*program->file, Dialect::Ksh);
  // With a tree, what the parser reports are warnings (a here-document ended
  // by the end of the text), which ksh93 runs without a word.
  if (result.ast == nullptr) {
    if (report_errors) {
      out_.flush();
      for (const ParseError& e : result.errors) {
        Position pos = program->file->position(e.offset);
        // ksh's spelling: "NAME: syntax error at line N: `x' unexpected".
        std::string_view message = e.message;
        std::string_view prefix = "syntax error";
        std::string line = message.substr(0, prefix.size()) == prefix
                               ? fmt::format("{}: syntax error at line {}{}\n", program->file->path(), pos.line,
                                             message.substr(prefix.size()))
                               : fmt::format("{}: {} at line {}\n", program->file->path(), message, pos.line);
        Output::write_all(2, line);
        break;
      }
    }
    status = 3;
    return nullptr;
  }
  program->ast = std::move(result.ast);
  programs_.push_back(std::move(program));
  status = 0;
  return programs_.back().get();
}

const Shell::Program* Shell::parse_runnable_prefix(const std::string& name, const std::string& text) {
  // ksh reads and runs a script one command at a time, so the commands before
  // a syntax error run. Find the longest prefix of whole lines that parses.
  SourceFile whole(name, text);
  ParseResult result = parse_exact(whole, Dialect::Ksh);
  if (result.ast != nullptr || result.errors.empty()) return nullptr;
  uint32_t error_line = whole.position(result.errors.front().offset).line;
  constexpr uint32_t kMaxLinesBack = 200;
  for (uint32_t line = error_line; line > 1 && error_line - line < kMaxLinesBack; --line) {
    uint32_t end = whole.line_start(line);
    int status = 0;
    const Program* prefix = parse_program(name, text.substr(0, end), false, status);
    if (prefix != nullptr) return prefix;
  }
  return nullptr;
}

int Shell::run_script(std::string name, std::string text, std::vector<std::string> args) {
  arg0_ = name;
  positional_ = std::move(args);
  int status = 0;
  if (options_.interactive) {
    // The aliases an interactive ksh93 starts with.
    set_alias("history", "hist -l");
    set_alias("r", "hist -s");
  }
  try {
    if (options_.rc) source_env_file();
    if (options_.interactive) return end_script(run_lines_with_aliases(name, text, 0));
  } catch (const ShellExit& e) {
    return end_script(e.status);
  }
  const Program* program = parse_program(name, text, false, status);
  bool syntax_error = program == nullptr;
  if (syntax_error) program = parse_runnable_prefix(name, text);
  if (program != nullptr) {
    source_ = program->file.get();
    main_source_ = source_;
    main_root_ = program->ast->root;
    try {
      try {
        status = exec_program(program->ast->root, true);
        if (syntax_error && !aliases_.empty()) {
          syntax_error = false;
          status = run_lines_with_aliases(name, text, program->file->text().size());
        }
      } catch (const LineModeSwitch& restart) {
        syntax_error = false;
        main_root_ = nullptr;
        status = run_lines_with_aliases(name, text, restart.offset);
      }
    } catch (const ShellExit& e) {
      status = e.status;
      syntax_error = false;
    }
  }
  if (syntax_error) {
    int ignored = 0;
    parse_program(name, text, true, ignored);
    status = 3;
  }
  return end_script(status);
}

int Shell::end_script(int status) {
  last_status_ = status;
  echo_unread_lines();
  run_exit_trap();
  out_.flush();
  return last_status_ & 0xff;
}

// ksh93 expands $ENV as it would a double-quoted word; unset, it is ~/.kshrc.
void Shell::source_env_file() {
  const std::string* env = get_scalar("ENV");
  std::string word = env != nullptr ? *env : "$HOME/.kshrc";
  if (word.empty()) return;
  std::string quoted;
  for (char c : word) {
    if (c == '"' || c == '\\' || c == '`') quoted.push_back('\\');
    quoted.push_back(c);
  }
  eval_string(fmt::format("[[ -f \"{0}\" && -r \"{0}\" ]] && \\. \"{0}\"", quoted), "ENV");
}

void Shell::write_prompt() {
  const std::string* ps1 = get_scalar("PS1");
  out_.flush();
  Output::write_all(2, ps1 != nullptr ? *ps1 : ::geteuid() == 0 ? "# " : "$ ");
}

void Shell::run_exit_trap() {
  if (in_exit_trap_ || options_.noexec) return;
  auto it = traps_.find(0);
  if (it == traps_.end()) return;
  in_exit_trap_ = true;
  std::string action = it->second;
  traps_.erase(it);
  int saved = last_status_;
  // The trap runs whole even when a `return` or `break` is what ends the
  // function or subshell; that flow resumes after it.
  Flow saved_flow = std::exchange(flow_, Flow::None);
  int saved_levels = flow_levels_;
  try {
    eval_string(action, "trap");
  } catch (const ShellExit& e) {
    saved = e.status;
  }
  flow_ = saved_flow;
  flow_levels_ = saved_levels;
  last_status_ = saved;
  in_exit_trap_ = false;
}

int Shell::eval_string(std::string_view code, std::string_view origin, EvalMode mode) {
  const Program* program = nullptr;
  auto it = eval_cache_.find(hash_key(code));
  if (it != eval_cache_.end()) {
    program = it->second;
  } else {
    int status = 0;
    std::string name = source_ != nullptr ? arg0_ : std::string(origin);
    program = parse_program(name, std::string(code), true, status);
    if (program == nullptr) return 3;
    eval_cache_.emplace(std::string(code), program);
  }
  // `set -v` echoes what eval and trap actions read, as it is (no newline added).
  if (mode == EvalMode::Unit && options_.verbose) write_fd(2, code);
  const SourceFile* saved_source = source_;
  uint32_t saved_offset = current_offset_;
  uint32_t saved_base = line_base_;
  // An alias's text counts from the line where it is used (LINENO, messages);
  // eval's text from its own first line, as in ksh.
  line_base_ = mode == EvalMode::AliasText && source_ != nullptr ? current_line() - 1 : 0;
  source_ = program->file.get();
  int status = 0;
  try {
    status = mode == EvalMode::Unit ? exec_program(program->ast->root, false) : exec(program->ast->root);
  } catch (...) {
    source_ = saved_source;
    current_offset_ = saved_offset;
    line_base_ = saved_base;
    throw;
  }
  source_ = saved_source;
  current_offset_ = saved_offset;
  line_base_ = saved_base;
  return status;
}

// ---- variables ------------------------------------------------------------------

bool Shell::is_valid_name(std::string_view name) const {
  if (name.empty()) return false;
  bool first = true;
  for (char c : name) {
    bool alpha = is_name_start(c);
    bool digit = is_digit(c);
    if (c == '.' && !first) continue;
    if (c == '.' && first && name.size() > 1) {
      first = false;
      continue;
    }
    if (!(alpha || (digit && !first))) return false;
    first = false;
  }
  return true;
}

const std::string* Shell::get_scalar(std::string_view name) {
  static thread_local std::string dynamic;
  VarRef ref = vars_.resolve(name);
  Variable* var = ref.var;
  if (var == nullptr) return nullptr;
  if ((var->attrs & kAttrDiscipline) && discipline_applies(ref.name)) {
    return read_through_discipline(ref, name, ref.has_subscript ? &ref.subscript : nullptr);
  }
  if (var->attrs & (kAttrDynamic | kAttrCompound)) {
    if (var->attrs & kAttrCompound) {
      dynamic = compound_text(ref.name, false, 0);
    } else if (ref.name == "RANDOM") {
      // ksh93u+m: (rand_r() >> 3) & 0x7fff, never the same number twice in a row.
      uint32_t value = 0;
      do {
        value = (rand_r_step(random_state_) >> 3) & 0x7fff;
      } while (static_cast<int64_t>(value) == random_last_);
      random_last_ = value;
      dynamic = std::to_string(value);
    } else if (ref.name == "SECONDS") {
      dynamic = fmt::format("{:.3f}", now_seconds() - start_time_);
    } else if (ref.name == "LINENO") {
      dynamic = std::to_string(current_line());
    }
    return &dynamic;
  }
  if (ref.has_subscript) {
    if (!var->array) return var->is_set && (ref.subscript == "0") ? &var->value : nullptr;
    if (var->is_assoc()) {
      auto it = var->array->assoc.find(ref.subscript);
      return it == var->array->assoc.end() ? nullptr : &it->second;
    }
    auto it = var->array->indexed.find(eval_arith_int(ref.subscript));
    return it == var->array->indexed.end() ? nullptr : &it->second;
  }
  if (var->is_array()) {
    if (!var->array) return nullptr;
    if (var->is_assoc()) {
      auto it = var->array->assoc.find("0");
      return it == var->array->assoc.end() ? nullptr : &it->second;
    }
    auto it = var->array->indexed.find(0);
    return it == var->array->indexed.end() ? nullptr : &it->second;
  }
  return var->is_set ? &var->value : nullptr;
}

std::string Shell::get_value(std::string_view name) {
  const std::string* v = get_scalar(name);
  return v != nullptr ? *v : std::string();
}

bool Shell::variable_is_set(std::string_view name) {
  if (name.find('[') != std::string_view::npos && is_valid_path(name)) {
    std::optional<std::string> subscript;
    std::string path = text_path(name, subscript, false);
    if (subscript) return element_is_set(path, *subscript);
    return plain_variable_is_set(path);
  }
  return plain_variable_is_set(name);
}

bool Shell::plain_variable_is_set(std::string_view name) {
  VarRef ref = vars_.resolve(name);
  if (ref.var == nullptr) return false;
  if (ref.var->is_array() && !ref.has_subscript) return ref.var->element_count() > 0;
  return get_scalar(name) != nullptr;
}

bool Shell::element_is_set(const std::string& name, const std::string& subscript) {
  VarRef ref = vars_.resolve(name);
  if (ref.var == nullptr) return false;
  if (subscript == "@" || subscript == "*") return ref.var->element_count() > 0;
  if (!ref.var->is_array()) return subscript == "0" && get_scalar(name) != nullptr;
  if (!ref.var->array) return false;
  if (ref.var->is_assoc()) return ref.var->array->assoc.contains(subscript);
  int64_t index = eval_arith_int(subscript);
  auto& items = ref.var->array->indexed;
  if (index < 0 && !items.empty()) index += items.rbegin()->first + 1;
  return items.contains(index);
}

void Shell::apply_attributes(Variable& var, std::string& value) {
  if (var.attrs & kAttrInteger) {
    Number n = eval_arith_string(value);
    int64_t v = n.as_int();
    if (var.precision > 1 && var.precision != 10) {
      std::string digits;
      bool negative = v < 0;
      uint64_t u = negative ? 0ULL - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
      const char* symbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_";
      do {
        digits.insert(digits.begin(), symbols[u % static_cast<uint64_t>(var.precision)]);
        u /= static_cast<uint64_t>(var.precision);
      } while (u != 0);
      value = fmt::format("{}{}#{}", negative ? "-" : "", var.precision, digits);
    } else {
      value = std::to_string(v);
    }
  } else if (var.attrs & kAttrFloat) {
    Number n = eval_arith_string(value);
    int precision = var.precision >= 0 ? var.precision : 10;
    long double f = n.as_float();
    char buf[128];
    if (var.attrs & kAttrFloatX) {
      // ksh shows 32 hexadecimal digits unless told otherwise.
      std::snprintf(buf, sizeof buf, "%.*a", var.precision >= 0 ? var.precision : 32, static_cast<double>(f));
    } else if (var.attrs & kAttrFloatF) {
      std::snprintf(buf, sizeof buf, "%.*Lf", precision, f);
    } else {
      std::snprintf(buf, sizeof buf, "%.*Lg", precision, f);
    }
    value = buf;
  }
  if (var.justify != 0) {
    // -L/-R/-Z without a width take the length of the first value.
    if (var.width <= 0) var.width = static_cast<int>(text::char_count(value));
    value = justify_value(value, var.justify, var.width);
  }
  if (var.attrs & kAttrUpper) {
    for (char& c : value) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  } else if (var.attrs & kAttrLower) {
    for (char& c : value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
}

void Shell::set_scalar(std::string_view name, std::string_view value) { assign(name, value, false); }

void Shell::assign(std::string_view name, std::string_view value, bool append) {
  VarRef ref = vars_.resolve_for_write(name);
  if (ref.has_subscript) {
    assign_element(ref.name, ref.subscript, value, append);
    return;
  }
  Variable& var = *ref.var;
  if (var.attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", name));
  if ((var.attrs & kAttrDiscipline) && discipline_applies(ref.name) &&
      assign_through_discipline(ref, nullptr, value, append)) {
    return;
  }
  if (var.attrs & kAttrDynamic) {
    if (ref.name == "SECONDS") start_time_ = now_seconds() - std::strtod(std::string(value).c_str(), nullptr);
    if (ref.name == "RANDOM") {
      random_state_ = static_cast<uint32_t>(eval_arith_int(value));
      random_last_ = -1;
    }
    return;
  }
  var.attrs &= ~kAttrCompound;  // x=value replaces a compound variable
  std::string text;
  if (append) {
    if (var.attrs & kAttrNumeric) {
      text = fmt::format("{}+({})", get_value(ref.name), value);
    } else {
      const std::string* old = get_scalar(ref.name);
      text = old != nullptr ? *old : std::string();
      text.append(value);
    }
  } else {
    text.assign(value);
  }
  if ((var.attrs & (kAttrNumeric | kAttrUpper | kAttrLower)) || var.justify != 0) apply_attributes(var, text);
  if (options_.allexport) var.attrs |= kAttrExport;
  if (var.is_array()) {
    if (var.is_assoc()) {
      var.elements().assoc["0"] = std::move(text);
    } else {
      var.elements().indexed[0] = std::move(text);
    }
  } else {
    var.value = std::move(text);
    var.is_set = true;
  }
  note_variable_change(ref.name);
}

void Shell::assign_element(std::string_view name, std::string_view subscript, std::string_view value, bool append) {
  VarRef ref = vars_.resolve_for_write(name);
  Variable& var = *ref.var;
  if (var.attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", name));
  if ((var.attrs & kAttrDiscipline) && discipline_applies(ref.name)) {
    std::string key(subscript);
    if (assign_through_discipline(ref, &key, value, append)) return;
  }
  if (!var.is_array()) {
    var.attrs = (var.attrs & ~kAttrCompound) | kAttrIndexed;
    if (var.is_set) var.elements().indexed[0] = std::move(var.value);
    var.value.clear();
    var.is_set = false;
  }
  std::string* slot = nullptr;
  if (var.is_assoc()) {
    if (var.attrs & kAttrCompoundElements) drop_compound_element(ref.name, subscript);
    slot = &var.elements().assoc[std::string(subscript)];
  } else {
    int64_t index = eval_arith_int(subscript);
    if (index < 0) {
      auto& items = var.elements().indexed;
      int64_t size = items.empty() ? 0 : items.rbegin()->first + 1;
      index += size;
      if (index < 0) fatal(fmt::format("{}: subscript out of range", name));
    }
    if (var.attrs & kAttrCompoundElements) drop_compound_element(ref.name, std::to_string(index));
    slot = &var.elements().indexed[index];
  }
  std::string text;
  if (append) {
    text = (var.attrs & kAttrNumeric) ? fmt::format("{}+({})", slot->empty() ? "0" : *slot, value)
                                      : *slot + std::string(value);
  } else {
    text.assign(value);
  }
  if ((var.attrs & (kAttrNumeric | kAttrUpper | kAttrLower)) || var.justify != 0) apply_attributes(var, text);
  *slot = std::move(text);
}

void Shell::export_variable(std::string_view name) {
  VarRef ref = vars_.resolve_for_write(name);
  ref.var->attrs |= kAttrExport;
}

// ---- traps ------------------------------------------------------------------------

std::optional<std::string> Shell::take_trap(int signal) {
  auto it = traps_.find(signal);
  if (it == traps_.end()) return std::nullopt;
  std::string action = std::move(it->second);
  traps_.erase(it);
  return action;
}

void Shell::set_trap(int signal, std::optional<std::string> action) {
  if (!action) {
    traps_.erase(signal);
  } else {
    traps_[signal] = *action;
  }
  has_debug_trap_ = traps_.contains(kDebugTrap);
}

void Shell::run_debug_trap() {
  const std::string* action = trap_action(kDebugTrap);
  if (action == nullptr || action->empty()) return;
  in_debug_trap_ = true;
  std::string copy = *action;
  int saved = last_status_;
  try {
    eval_string(copy, "trap");
  } catch (...) {
    in_debug_trap_ = false;
    throw;
  }
  last_status_ = saved;
  in_debug_trap_ = false;
}

const std::string* Shell::trap_action(int signal) const {
  auto it = traps_.find(signal);
  return it == traps_.end() ? nullptr : &it->second;
}

// ---- functions --------------------------------------------------------------------

const Node* Shell::find_function(std::string_view name) const {
  auto it = functions_.find(hash_key(name));
  return it == functions_.end() ? nullptr : it->second;
}

}  // namespace forklift::interp
