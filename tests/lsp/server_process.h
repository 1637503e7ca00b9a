// The real `forklift lsp` binary in a child process, spoken to over pipes the
// way an editor does. Every wait has a generous deadline so a broken server
// fails the test instead of hanging it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "lsp/message_framing.h"

namespace forklift::lsp::test {

using nlohmann::json;

class ServerProcess {
 public:
  // Only a guard against a server that hangs: the sanitizer build analyzes
  // the 20,000-line test document many times slower than the default one,
  // on a machine other tests keep busy.
  static constexpr std::chrono::seconds kDeadline{180};

  ServerProcess();
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  void send_raw(const std::string& bytes);
  void send(const json& message);
  int request(const std::string& method, json params);  // returns the id
  void notify(const std::string& method, json params);

  // The response to request `id`; other messages meanwhile are kept.
  json response(int id);
  // The first message (kept or new) that satisfies `wanted`; it is removed.
  json wait_for(const std::function<bool(const json&)>& wanted);
  // The next textDocument/publishDiagnostics for `uri` whose version is `version`.
  json diagnostics(const std::string& uri, int64_t version);

  void close_stdin();
  // The exit status; nullopt if the server did not end before the deadline.
  std::optional<int> wait_exit();

 private:
  std::optional<json> read_message(std::chrono::steady_clock::time_point deadline);

  pid_t pid_ = -1;
  int to_server_ = -1;
  int from_server_ = -1;
  int next_id_ = 1;
  FrameParser parser_;
  std::deque<json> kept_;
};

}  // namespace forklift::lsp::test
