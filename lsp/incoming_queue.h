// Messages read but not yet handled. A reader thread fills it while the main
// thread handles one message at a time, so a `$/cancelRequest` can overtake
// the request it names while that request still waits here.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <variant>

#include "lsp/json_rpc.h"
#include "lsp/transport.h"

namespace forklift::lsp {

// A body that is not JSON.
struct MalformedJson {
  std::string excerpt;
};

using QueuedMessage = std::variant<json, MalformedJson, FramingError, EndOfInput>;

class IncomingQueue {
 public:
  // Decodes one read from the transport and queues it; a cancellation of a
  // queued request is recorded instead of queued.
  void push(Incoming incoming);
  // Blocks until a message is available.
  QueuedMessage pop();
  // True (once) when the request `id` was cancelled while it waited.
  bool take_cancellation(const RequestId& id);

 private:
  void push_message(QueuedMessage message);

  std::mutex mutex_;
  std::condition_variable available_;
  std::deque<QueuedMessage> messages_;
  std::set<std::string> waiting_ids_;    // ids (as JSON text) of queued requests
  std::set<std::string> cancelled_ids_;  // a subset of waiting_ids_
};

}  // namespace forklift::lsp
