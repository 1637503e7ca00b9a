#include "lsp/incoming_queue.h"

namespace forklift::lsp {
namespace {

constexpr size_t kExcerptBytes = 80;

// A code action request's context.diagnostics echoes the findings of the range
// back (all of them for the whole document, ~1 MB on a 20,000-line script);
// the server knows its own diagnostics and never reads them.
constexpr std::string_view kUnreadMember[] = {"params", "context", "diagnostics"};

// The id a `$/cancelRequest` notification names, or null for other messages.
json cancelled_id(const json& message) {
  if (classify_message(message) != MessageKind::Notification || message.at("method") != "$/cancelRequest") return nullptr;
  auto params = message.find("params");
  if (params == message.end() || !params->is_object()) return nullptr;
  return params->value("id", json());
}

}  // namespace

void IncomingQueue::push(Incoming incoming) {
  if (auto* body = std::get_if<std::string>(&incoming)) {
    auto message = parse_message(*body, kUnreadMember);
    if (!message) {
      push_message(MalformedJson{body->substr(0, kExcerptBytes)});
      return;
    }
    if (json id = cancelled_id(*message); !id.is_null()) {
      std::lock_guard lock(mutex_);
      if (waiting_ids_.contains(id.dump())) cancelled_ids_.insert(id.dump());
      return;
    }
    push_message(std::move(*message));
    return;
  }
  if (auto* error = std::get_if<FramingError>(&incoming)) {
    push_message(std::move(*error));
    return;
  }
  push_message(EndOfInput{});
}

void IncomingQueue::push_message(QueuedMessage message) {
  {
    std::lock_guard lock(mutex_);
    if (auto* value = std::get_if<json>(&message); value && classify_message(*value) == MessageKind::Request) {
      waiting_ids_.insert((*value)["id"].dump());
    }
    messages_.push_back(std::move(message));
  }
  available_.notify_one();
}

QueuedMessage IncomingQueue::pop() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !messages_.empty(); });
  QueuedMessage message = std::move(messages_.front());
  messages_.pop_front();
  return message;
}

bool IncomingQueue::take_cancellation(const RequestId& id) {
  std::lock_guard lock(mutex_);
  std::string key = id.dump();
  waiting_ids_.erase(key);
  return cancelled_ids_.erase(key) > 0;
}

}  // namespace forklift::lsp
