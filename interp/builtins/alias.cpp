// Aliases as ksh93 expands them in scripts, and the alias, unalias and hash
// builtins.
//
// A script that does not parse as a whole because an alias stands for syntax
// (`alias forever='while true; do'`) runs its parsable prefix, then the rest
// one complete command line at a time with the aliases expanded while
// parsing (analyzer/exact/alias_expansion.cpp), which is how ksh reads every
// script. Scripts that parse run as below.
//
// ksh expands aliases while parsing, and it parses a script one line at a
// time (eval strings and `.` files in one go): an alias defined on a line
// applies from the next line on, and a function body keeps the aliases of
// its definition. The whole script is
// parsed up front here, so a simple command whose first word is an alias is
// expanded when it runs, against the alias table of the moment ksh would
// have parsed it, by running the source text with the alias replaced.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "interp/builtins/builtins.h"
#include "interp/errors.h"
#include "interp/hash_key.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

bool unquoted_plain_word(const Node* word) {
  const Node* literal = word != nullptr && word->kind == NodeKind::Word ? sole_literal_part(word) : nullptr;
  return literal != nullptr && literal->text.find_first_of("\\'\"$`") == std::string_view::npos;
}

bool ends_with_blank(const std::string& value) {
  return !value.empty() && (value.back() == ' ' || value.back() == '\t');
}

}  // namespace

void Shell::set_alias(const std::string& name, const std::string& value) {
  aliases_[name] = value;
  ++alias_generation_;
}

bool Shell::remove_alias(const std::string& name) {
  ++alias_generation_;
  return aliases_.erase(name) > 0;
}

void Shell::clear_aliases() {
  aliases_.clear();
  ++alias_generation_;
}

void Shell::refresh_parse_aliases() {
  if (alias_generation_ == parse_alias_generation_) return;
  parse_alias_generation_ = alias_generation_;
  parse_aliases_ = aliases_.empty() ? nullptr : std::make_shared<const AliasTable>(aliases_);
}

bool Shell::starts_new_line(const Node* previous, const Node* statement) const {
  if (previous == nullptr) return true;
  std::string_view text = current_source();
  if (statement->begin > text.size() || previous->end > statement->begin) return true;
  return text.substr(previous->end, statement->begin - previous->end).find('\n') != std::string_view::npos;
}

int Shell::exec_program(const Node* root, bool line_by_line) {
  bool is_list = root->kind == NodeKind::List || root->kind == NodeKind::Program;
  if (line_by_line) {
    refresh_parse_aliases();
    return is_list ? exec_list(root, true) : exec(root);
  }
  // Parsed as one unit (eval, `.`): the aliases of its start, and the
  // command that ran it keeps its own afterwards.
  std::shared_ptr<const AliasTable> saved = parse_aliases_;
  uint64_t saved_generation = parse_alias_generation_;
  auto restore = [&] {
    parse_aliases_ = std::move(saved);
    parse_alias_generation_ = saved_generation;
  };
  refresh_parse_aliases();
  int status = 0;
  try {
    status = exec(root);
  } catch (...) {
    restore();
    throw;
  }
  restore();
  return status;
}

int Shell::run_lines_with_aliases(const std::string& name, const std::string& text, size_t offset) {
  AliasLookup lookup = [this](std::string_view alias) -> const std::string* {
    auto it = aliases_.find(hash_key(alias));
    return it == aliases_.end() ? nullptr : &it->second;
  };
  // Newlines in front keep line numbers (LINENO, messages) those of the script.
  size_t lines_before = static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
  int status = last_status_;
  while (offset < text.size()) {
    if (options_.interactive) write_prompt();
    std::string line = text.substr(offset);
    AliasedLine parsed = expand_aliases_in_first_line(line, Dialect::Ksh, lookup);
    std::string source(lines_before, '\n');
    int parse_status = 0;
    if (!parsed.errors.empty()) {
      parse_program(name, source + line, true, parse_status);  // reports the error
      if (!options_.interactive) return 3;
      size_t newline = text.find('\n', offset);
      offset = newline == std::string::npos ? text.size() : newline + 1;
      ++lines_before;
      status = last_status_ = 3;
      continue;
    }
    source.append(line, 0, parsed.end);
    const Program* program = parse_program(name, std::move(source), true, parse_status);
    if (program == nullptr) return 3;
    size_t consumed = static_cast<size_t>(static_cast<int64_t>(parsed.end) - parsed.growth);
    auto first = text.begin() + static_cast<long>(offset);
    lines_before += static_cast<size_t>(std::count(first, first + static_cast<long>(consumed), '\n'));
    offset += consumed;
    source_ = program->file.get();
    // The aliases are expanded already: none again when the commands run
    // (eval and . still expand theirs).
    parse_aliases_ = nullptr;
    parse_alias_generation_ = alias_generation_ - 1;
    try {
      status = exec(program->ast->root);
    } catch (const FatalError& e) {
      if (!options_.interactive) throw;
      status = last_status_ = e.status;
      flow_ = Flow::None;
    }
  }
  return status;
}

// The top-level statement of the main script that holds `node`, when the
// script can go on from there a line at a time (not inside a function, a
// subshell, a substitution, eval or `.`).
const Node* Shell::restartable_statement(const Node* node) const {
  if (main_root_ == nullptr || source_ != main_source_ || function_depth_ > 0 || subshell_depth_ > 0 ||
      !captures_.empty() || source_depth_ > 0) {
    return nullptr;
  }
  for (const Node* statement : main_root_->kids) {
    if (statement->begin <= node->begin && node->end <= statement->end) return statement;
  }
  return nullptr;
}

bool Shell::run_alias_expansion(const Node* node, int& status) {
  std::vector<const Node*> words;
  for (const Node* kid : node->kids) {
    if (kid->kind == NodeKind::Word) words.push_back(kid);
  }
  std::string_view source = current_source();
  if (words.empty() || !unquoted_plain_word(words[0]) || node->end > source.size()) return false;
  // The command text with its first word replaced, and the next words too
  // while an alias value ends with a blank.
  std::string text(source.substr(node->begin, words[0]->begin - node->begin));
  std::vector<std::string> expanded;
  uint32_t rest = node->begin;
  for (size_t i = 0; i < words.size() && unquoted_plain_word(words[i]); ++i) {
    std::string name(sole_literal_part(words[i])->text);
    auto it = parse_aliases_->find(name);
    bool busy = std::find(expanding_aliases_.begin(), expanding_aliases_.end(), name) != expanding_aliases_.end();
    if (it == parse_aliases_->end() || busy) break;
    if (i > 0) text.append(source.substr(rest, words[i]->begin - rest));
    text += it->second;
    rest = words[i]->end;
    expanded.push_back(std::move(name));
    if (!ends_with_blank(it->second)) break;
  }
  if (expanded.empty()) return false;
  text.append(source.substr(rest, node->end - rest));
  if (!eval_cache_.contains(hash_key(text))) {
    int parse_status = 0;
    const Program* program = parse_program(arg0_, text, false, parse_status);
    if (program != nullptr) {
      eval_cache_.emplace(text, program);
    } else if (const Node* statement = restartable_statement(node)) {
      // The alias stands for syntax: ksh would have parsed the script with it.
      throw LineModeSwitch{statement->begin};
    }
  }
  size_t depth = expanding_aliases_.size();
  expanding_aliases_.insert(expanding_aliases_.end(), expanded.begin(), expanded.end());
  try {
    status = eval_string(text, "alias", EvalMode::AliasText);
  } catch (...) {
    expanding_aliases_.resize(depth);
    throw;
  }
  expanding_aliases_.resize(depth);
  return true;
}

namespace {

std::string alias_line(const std::string& name, const std::string& value, bool with_command) {
  return fmt::format("{}{}={}\n", with_command ? "alias " : "", name, shell_quote(value));
}

int print_aliases(Shell& shell, bool with_command) {
  std::vector<std::pair<std::string, std::string>> sorted(shell.aliases().begin(), shell.aliases().end());
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const auto& [name, value] : sorted) out += alias_line(name, value, with_command);
  shell.out().write(out);
  return 0;
}

// hash and alias -t: the commands found on PATH so far, or look some up.
int track_commands(Shell& shell, const std::vector<std::string>& names) {
  if (names.empty()) {
    std::vector<std::pair<std::string, std::string>> sorted(shell.launcher().tracked().begin(),
                                                            shell.launcher().tracked().end());
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (const auto& [name, path] : sorted) out += fmt::format("{}={}\n", name, path);
    shell.out().write(out);
    return 0;
  }
  for (const std::string& name : names) shell.find_command_path(name);
  return 0;
}

// alias -pt: `alias -t NAME` for each command found on PATH so far, or for
// those named; a name not tracked is reported, and counted in the status.
int print_tracked(Shell& shell, const std::vector<std::string>& names) {
  const auto& tracked = shell.launcher().tracked();
  std::vector<std::string> listed = names;
  if (names.empty()) {
    for (const auto& entry : tracked) listed.push_back(entry.first);
    std::sort(listed.begin(), listed.end());
  }
  int missing = 0;
  for (const std::string& name : listed) {
    if (tracked.contains(name)) {
      shell.out().write(fmt::format("alias -t {}\n", name));
    } else {
      shell.write_fd(2, fmt::format("{}: tracked alias not found\n", name));
      missing = std::min(missing + 1, 255);
    }
  }
  return missing;
}

int builtin_alias(Shell& shell, std::vector<std::string>& argv) {
  bool with_command = false, tracked = false, exported = false;
  std::optional<size_t> first = scan_option_letters(argv, [&](char opt) {
    if (opt == 'p') with_command = true;
    else if (opt == 't') tracked = true;
    else if (opt == 'x') exported = true;
    else {
      shell.error(fmt::format("alias: -{}: unknown option", opt));
      return false;
    }
    return true;
  });
  if (!first) return 2;
  size_t i = *first;
  std::vector<std::string> operands(argv.begin() + static_cast<long>(i), argv.end());
  if (tracked) {
    // -x (exported to scripts ksh runs) lists nothing of tracked aliases.
    if (exported) return 0;
    return with_command ? print_tracked(shell, operands) : track_commands(shell, operands);
  }
  if (operands.empty()) return print_aliases(shell, with_command);
  int status = 0;
  for (const std::string& operand : operands) {
    size_t eq = operand.find('=');
    if (eq != std::string::npos) {
      shell.set_alias(operand.substr(0, eq), operand.substr(eq + 1));
      continue;
    }
    auto it = shell.aliases().find(operand);
    if (it == shell.aliases().end()) {
      // ksh93 names the operand alone, and counts the misses in the status.
      shell.write_fd(2, fmt::format("{}: alias not found\n", operand));
      status = std::min(status + 1, 255);
      continue;
    }
    shell.out().write(alias_line(operand, it->second, with_command));
  }
  return status;
}

int builtin_unalias(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-a") {
      shell.clear_aliases();
      continue;
    }
    shell.error(fmt::format("unalias: {}: unknown option", argv[i]));
    return 2;
  }
  int status = 0;
  for (; i < argv.size(); ++i) {
    if (!shell.remove_alias(argv[i])) {
      shell.error(fmt::format("unalias: {}: alias not found", argv[i]));
      status = 1;
    }
  }
  return status;
}

int builtin_hash(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-r") {
      shell.launcher().forget_paths();
      continue;
    }
    shell.error(fmt::format("hash: {}: unknown option", argv[i]));
    return 2;
  }
  return track_commands(shell, std::vector<std::string>(argv.begin() + static_cast<long>(i), argv.end()));
}

}  // namespace

void register_alias_builtins(BuiltinTable& table) {
  table["alias"] = Builtin{builtin_alias, false};
  table["unalias"] = Builtin{builtin_unalias, false};
  table["hash"] = Builtin{builtin_hash, false};
}

}  // namespace forklift::interp
