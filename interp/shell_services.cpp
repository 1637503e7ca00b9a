// Sourcing files, process substitution and the ${.sh.*} variables.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/errors.h"
#include "interp/shell.h"

namespace forklift::interp {

int Shell::source_file(const std::string& path, std::vector<std::string>* args) {
  std::string text;
  if (!InputReader::slurp_file(path, text)) {
    fatal(fmt::format("{}: not found", path), 1);
  }
  int status = 0;
  const Program* program = parse_program(path, std::move(text), true, status);
  if (program == nullptr) throw ShellExit{status};
  // `set -v`: the whole file, before it runs (ksh echoes it line by line as it goes).
  if (options_.verbose) write_fd(2, program->file->text());
  std::vector<std::string> saved_positional;
  if (args != nullptr) {
    saved_positional = positional_;
    positional_ = *args;
  }
  const SourceFile* saved_source = source_;
  uint32_t saved_offset = current_offset_;
  uint32_t saved_base = line_base_;
  source_ = program->file.get();
  line_base_ = 0;
  ++source_depth_;
  auto restore = [&] {
    --source_depth_;
    source_ = saved_source;
    current_offset_ = saved_offset;
    line_base_ = saved_base;
    if (args != nullptr) positional_ = std::move(saved_positional);
  };
  try {
    status = exec_program(program->ast->root, false);
  } catch (...) {
    restore();
    throw;
  }
  restore();
  if (flow_ == Flow::Return) {
    flow_ = Flow::None;
    status = last_status_;
  }
  return last_status_ = status;
}

std::string Shell::process_substitution(const Node* node) {
  int fds[2];
  if (::pipe(fds) != 0) fatal("cannot create pipe");
  bool reading = node->text == "<(";
  out_.flush();
  input_.release_all();
  launcher_.note_fork();
  pid_t pid = ::fork();
  if (pid == 0) {
    if (reading) {
      ::dup2(fds[1], 1);
      out_.set_capture(nullptr);
    } else {
      ::dup2(fds[0], 0);
    }
    ::close(fds[0]);
    ::close(fds[1]);
    close_process_substitutions(0);
    ++subshell_depth_;
    exit_forked_child(ProcessSubView(node).body());
  }
  int keep = reading ? fds[0] : fds[1];
  ::close(reading ? fds[1] : fds[0]);
  jobs_.push_back(pid);
  process_substitution_fds_.push_back(keep);
  return fmt::format("/dev/fd/{}", keep);
}

void Shell::close_process_substitutions(size_t mark) {
  while (process_substitution_fds_.size() > mark) {
    ::close(process_substitution_fds_.back());
    process_substitution_fds_.pop_back();
  }
}

bool Shell::special_sh_variable(std::string_view name, const Node* subscript, char list_subscript,
                                std::string& scalar, std::vector<std::string>& list) {
  if (name == "version") {
    scalar = "Version AJM 93u+m/1.0.4 2022-10-22";
    return true;
  }
  if (name == "pid") {
    scalar = std::to_string(getpid());
    return true;
  }
  if (name == "subshell") {
    scalar = std::to_string(subshell_depth_);
    return true;
  }
  if (name == "level") {
    scalar = std::to_string(function_depth_);
    return true;
  }
  if (name == "file") {
    scalar = source_ != nullptr ? source_->path() : arg0_;
    return true;
  }
  if (name == "match") {
    if (list_subscript != 0) {
      list = sh_match_;
      return true;
    }
    size_t index = subscript != nullptr ? static_cast<size_t>(subscript_index(subscript)) : 0;
    if (index >= sh_match_.size()) return false;
    scalar = sh_match_[index];
    return true;
  }
  return false;
}

}  // namespace forklift::interp
