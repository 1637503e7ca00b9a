#include "tests/lsp/server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace forklift::lsp::test {

ServerProcess::ServerProcess() {
  int in_pipe[2];
  int out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  std::string binary = FORKLIFT_BINARY;
  std::array<char*, 3> argv{binary.data(), const_cast<char*>("lsp"), nullptr};
  int rc = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_server_ = in_pipe[1];
  from_server_ = out_pipe[0];
  if (rc != 0) throw std::runtime_error("cannot spawn " + binary);
  signal(SIGPIPE, SIG_IGN);
}

ServerProcess::~ServerProcess() {
  close_stdin();
  if (from_server_ >= 0) close(from_server_);
  if (pid_ > 0 && !wait_exit()) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void ServerProcess::send_raw(const std::string& bytes) {
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = write(to_server_, bytes.data() + written, bytes.size() - written);
    if (n <= 0) throw std::runtime_error("the server closed its input");
    written += static_cast<size_t>(n);
  }
}

void ServerProcess::send(const json& message) { send_raw(frame_message(message.dump())); }

int ServerProcess::request(const std::string& method, json params) {
  int id = next_id_++;
  send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  return id;
}

void ServerProcess::notify(const std::string& method, json params) {
  send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

json ServerProcess::response(int id) {
  return wait_for([id](const json& m) { return m.contains("id") && m["id"] == id && !m.contains("method"); });
}

json ServerProcess::diagnostics(const std::string& uri, int64_t version) {
  return wait_for([&](const json& m) {
    return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri &&
           m["params"].value("version", int64_t{-1}) == version;
  });
}

json ServerProcess::wait_for(const std::function<bool(const json&)>& wanted) {
  for (auto it = kept_.begin(); it != kept_.end(); ++it) {
    if (wanted(*it)) {
      json found = std::move(*it);
      kept_.erase(it);
      return found;
    }
  }
  auto deadline = std::chrono::steady_clock::now() + kDeadline;
  while (auto message = read_message(deadline)) {
    if (wanted(*message)) return *message;
    kept_.push_back(std::move(*message));
  }
  throw std::runtime_error("the server did not send the expected message");
}

std::optional<json> ServerProcess::read_message(std::chrono::steady_clock::time_point deadline) {
  std::array<char, 65536> chunk{};
  while (true) {
    if (auto frame = parser_.next()) {
      if (auto* body = std::get_if<std::string>(&*frame)) return json::parse(*body);
      throw std::runtime_error("the server wrote a malformed header");
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd fd{from_server_, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) continue;
    ssize_t n = read(from_server_, chunk.data(), chunk.size());
    if (n <= 0) return std::nullopt;
    parser_.feed(std::string_view(chunk.data(), static_cast<size_t>(n)));
  }
}

void ServerProcess::close_stdin() {
  if (to_server_ >= 0) close(to_server_);
  to_server_ = -1;
}

std::optional<int> ServerProcess::wait_exit() {
  auto deadline = std::chrono::steady_clock::now() + kDeadline;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

}  // namespace forklift::lsp::test
