// Redirections: applied to the shell's own descriptors, with the previous
// descriptor saved above fd 10 (close-on-exec) and restored afterwards.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/backslash.h"
#include "analyzer/lex/here_doc_indent.h"
#include "interp/errors.h"
#include "interp/expand/expander.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

int open_temporary_file() {
  char path[] = "/tmp/forklift-XXXXXX";
  int fd = ::mkostemp(path, O_CLOEXEC);
  if (fd >= 0) ::unlink(path);
  return fd;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

void Shell::save_fd(int fd) {
  if (fd == 1) out_.flush();
  input_.release(fd);
  int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
  std::string* capture = nullptr;
  if (fd == 1) capture = out_.set_capture(nullptr);
  saved_fds_.push_back(SavedFd{fd, copy, capture});
}

void Shell::undo_redirections(size_t mark) {
  while (saved_fds_.size() > mark) {
    SavedFd saved = saved_fds_.back();
    saved_fds_.pop_back();
    if (saved.fd == 1) out_.flush();
    input_.release(saved.fd);
    if (saved.copy >= 0) {
      ::dup2(saved.copy, saved.fd);
      ::close(saved.copy);
    } else {
      ::close(saved.fd);
    }
    if (saved.fd == 1) out_.set_capture(saved.capture);
  }
}

void Shell::keep_command_redirections() {
  make_redirections_permanent(command_redirection_mark_);
  // `exec n>&p` moves the coprocess's input to n: the shell's copy goes, so
  // closing n gives the coprocess end of file.
  if (coprocess_input_redirected_ && coprocess_input_ >= 0) {
    ::close(coprocess_input_);
    coprocess_input_ = -1;
  }
  if (coprocess_output_redirected_ && coprocess_output_ >= 0) {
    ::close(coprocess_output_);
    coprocess_output_ = -1;
  }
}

void Shell::make_redirections_permanent(size_t mark) {
  while (saved_fds_.size() > mark) {
    SavedFd saved = saved_fds_.back();
    saved_fds_.pop_back();
    if (subshell_depth_ > 0) {
      exec_saved_fds_.push_back(saved);
    } else if (saved.copy >= 0) {
      ::close(saved.copy);
    }
  }
}

void Shell::begin_capture(std::string& result) {
  captures_.push_back(CaptureFrame{&result});
  out_.set_capture(&result);
}

void Shell::materialize_capture() {
  if (out_.capture() == nullptr || captures_.empty()) return;
  CaptureFrame& frame = captures_.back();
  if (frame.file >= 0 || out_.capture() != frame.result) return;
  frame.file = open_temporary_file();
  if (frame.file < 0) fatal("cannot create temporary file");
  frame.saved_stdout = ::fcntl(1, F_DUPFD_CLOEXEC, 10);
  out_.set_capture(nullptr);
  ::dup2(frame.file, 1);
}

void Shell::end_capture() {
  CaptureFrame frame = captures_.back();
  captures_.pop_back();
  if (frame.file >= 0) {
    out_.flush();
    off_t size = ::lseek(frame.file, 0, SEEK_END);
    if (size > 0) {
      size_t old = frame.result->size();
      frame.result->resize(old + static_cast<size_t>(size));
      ssize_t got = ::pread(frame.file, frame.result->data() + old, static_cast<size_t>(size), 0);
      frame.result->resize(old + static_cast<size_t>(got > 0 ? got : 0));
    }
    if (frame.saved_stdout >= 0) {
      ::dup2(frame.saved_stdout, 1);
      ::close(frame.saved_stdout);
    } else {
      ::close(1);
    }
    ::close(frame.file);
  }
  out_.set_capture(captures_.empty() ? nullptr : captures_.back().file >= 0 ? nullptr : captures_.back().result);
}

bool Shell::apply_redirections(NodeSpan items) {
  for (const Node* item : items) {
    if (item->kind == NodeKind::Error) {  // the parser's stand-in for ksh93's seeks, `>;` and `<>;`
      error(fmt::format("{}: this redirection is not supported", node_text(item)));
      return false;
    }
    if (item->kind != NodeKind::Redirect) continue;
    if (!apply_redirection(item)) return false;
  }
  return true;
}

std::string Shell::here_document_text(const Node* redirect) {
  RedirectView view(redirect);
  const Node* body = view.here_doc();
  if (body == nullptr) return {};
  bool strip_tabs = view.strips_tabs();
  std::string_view source = node_source(body);
  std::string_view raw_body = source.substr(body->begin, body->end - body->begin);
  // `<<#`: at most the first line's indentation, from every line.
  std::optional<uint32_t> indent;
  if (view.strips_indent()) indent = indent_columns(raw_body);
  auto strip = [&](std::string_view raw, bool at_line_start) {
    std::string text;
    for (size_t i = 0; i < raw.size(); ++i) {
      if (at_line_start && strip_tabs) {
        while (i < raw.size() && raw[i] == '\t') ++i;
      } else if (at_line_start && indent) {
        i += indent_bytes(raw.substr(i), *indent);
      }
      if (i >= raw.size()) break;
      text.push_back(raw[i]);
      at_line_start = raw[i] == '\n';
    }
    return text;
  };
  if (view.quoted_here_doc()) return strip(raw_body, true);
  std::string text;
  bool at_line_start = true;
  for (const Node* part : HereDocBodyView(body).parts()) {
    if (part->kind == NodeKind::Literal) {
      append_unescaped(text, strip(part->text, at_line_start), BackslashContext::HereDoc);
      if (!part->text.empty()) at_line_start = part->text.back() == '\n';
    } else {
      text += expand_part_to_string(part);
      at_line_start = false;
    }
  }
  return text;
}

int Shell::open_here_document(std::string_view op, const Node* redirect) {
  std::string text = op == "<<<" ? expand_to_string(RedirectView(redirect).target()) + "\n" : here_document_text(redirect);
  int fd = open_temporary_file();
  if (fd < 0) {
    error("cannot create here-document");
    return -1;
  }
  Output::write_all(fd, text);
  ::lseek(fd, 0, SEEK_SET);
  return fd;
}

bool Shell::find_duplicate_source(std::string_view op, const Node* target, int& dup_from, bool& close_fd) {
  std::string word = expand_to_string(target);
  if (word == "p") {
    dup_from = op == ">&" ? coprocess_input_ : coprocess_output_;
    if (dup_from < 0) {
      error("no query process");
      return false;
    }
    (op == ">&" ? coprocess_input_redirected_ : coprocess_output_redirected_) = true;
  } else if (word == "-") {
    close_fd = true;
  } else if (all_digits(word)) {
    dup_from = std::atoi(word.c_str());
    if (::fcntl(dup_from, F_GETFD) < 0) {
      error(fmt::format("{}: bad file unit number", word));
      return false;
    }
  } else {
    error(fmt::format("{}: bad file unit number", word));
    return false;
  }
  return true;
}

int Shell::open_redirect_file(std::string_view op, const Node* target) {
  std::string path = expand_to_string(target);
  int flags = O_CLOEXEC;
  if (op == "<") flags |= O_RDONLY;
  else if (op == ">" || op == ">|" || op == "&>") flags |= O_WRONLY | O_CREAT | O_TRUNC;
  else if (op == ">>" || op == "&>>") flags |= O_WRONLY | O_CREAT | O_APPEND;
  else if (op == "<>") flags |= O_RDWR | O_CREAT;
  if (op == ">" && options_.noclobber) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      error(fmt::format("{}: file already exists [File exists]", path));
      return -1;
    }
  }
  int fd = ::open(path.c_str(), flags, 0666);
  if (fd < 0) {
    bool reading = op == "<";
    error(fmt::format("{}: cannot {} [{}]", path, reading ? "open" : "create", std::strerror(errno)));
  }
  return fd;
}

bool Shell::apply_redirection(const Node* redirect) {
  RedirectView view(redirect);
  std::string_view op = redirect->text;
  const Node* io_number = view.fd();
  const Node* target = view.target();
  bool input_op = op == "<" || op == "<&" || op.starts_with("<<") || op == "<>";
  int fd = input_op ? 0 : 1;
  std::string fd_variable;
  if (io_number != nullptr) {
    std::string_view text = io_number->text;
    if (!text.empty() && text.front() == '{') {
      fd_variable.assign(text.substr(1, text.size() - 2));
      fd = -1;
    } else {
      fd = std::atoi(std::string(text).c_str());
    }
  }

  int source_fd = -1;   // opened here, moved onto fd
  int dup_from = -1;    // an existing fd to duplicate
  bool close_fd = false;
  if (op.starts_with("<<")) {
    source_fd = open_here_document(op, redirect);
    if (source_fd < 0) return false;
  } else if (op == "<&" || op == ">&") {
    if (!find_duplicate_source(op, target, dup_from, close_fd)) return false;
  } else {
    source_fd = open_redirect_file(op, target);
    if (source_fd < 0) return false;
    if (op == "&>" || op == "&>>") {
      save_fd(2);
      ::dup2(source_fd, 2);
    }
  }

  if (!fd_variable.empty()) {
    // {var}>file: the shell picks a descriptor >= 10 and stores it in var.
    int chosen = ::fcntl(source_fd >= 0 ? source_fd : dup_from, F_DUPFD, 10);
    if (source_fd >= 0) ::close(source_fd);
    set_scalar(fd_variable, std::to_string(chosen));
    return true;
  }
  if (dup_from >= 0 && dup_from == 1 && out_.capture() != nullptr) materialize_capture();
  save_fd(fd);
  if (close_fd) {
    if (fd == 1) out_.flush();
    ::close(fd);
    return true;
  }
  if (dup_from >= 0) {
    if (dup_from == 1) out_.flush();
    if (dup_from != fd) ::dup2(dup_from, fd);
    return true;
  }
  if (source_fd != fd) {
    ::dup2(source_fd, fd);
    ::close(source_fd);
  } else {
    // Already on the right number: keep it across exec.
    ::fcntl(fd, F_SETFD, 0);
  }
  return true;
}

}  // namespace forklift::interp
