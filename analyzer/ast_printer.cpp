#include "analyzer/ast_printer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace forklift {
namespace {

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void append_sexp(std::string& out, const Node* node, int depth) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += fmt::format("({}@{}-{}", kind_name(node->kind), node->begin, node->end);
  if (!node->text.empty()) {
    out += ' ';
    append_quoted(out, node->text);
  }
  if (!node->op.empty()) {
    out += " op=";
    append_quoted(out, node->op);
  }
  if (node->flags != 0) out += fmt::format(" flags={:#x}", node->flags);
  for (const Node* kid : node->kids) {
    out += '\n';
    append_sexp(out, kid, depth + 1);
  }
  out += ')';
}

std::string describe(const Node* n) {
  return fmt::format("{}@{}-{} text={:?} op={:?} flags={:#x} kids={}", kind_name(n->kind), n->begin, n->end,
                     std::string(n->text), std::string(n->op), n->flags, n->kids.size());
}

bool same_node(const Node* a, const Node* b) {
  return a->kind == b->kind && a->begin == b->begin && a->end == b->end && a->text == b->text && a->op == b->op &&
         a->flags == b->flags && a->kids.size() == b->kids.size();
}

}  // namespace

std::string to_sexp(const Node* node) {
  std::string out;
  if (node != nullptr) append_sexp(out, node, 0);
  out += '\n';
  return out;
}

nlohmann::json to_json(const Node* node) {
  nlohmann::json j;
  j["kind"] = kind_name(node->kind);
  j["span"] = {node->begin, node->end};
  if (!node->text.empty()) j["text"] = node->text;
  if (!node->op.empty()) j["op"] = node->op;
  if (node->flags != 0) j["flags"] = node->flags;
  if (!node->kids.empty()) {
    j["kids"] = nlohmann::json::array();
    for (const Node* kid : node->kids) j["kids"].push_back(to_json(kid));
  }
  return j;
}

std::string first_difference(const Node* a, const Node* b) {
  if (a == nullptr || b == nullptr) return a == b ? "" : "one tree is missing";
  if (!same_node(a, b)) return fmt::format("{}\n  vs {}", describe(a), describe(b));
  auto b_kid = b->kids.begin();
  for (size_t i = 0; const Node* a_kid : a->kids) {
    std::string diff = first_difference(a_kid, *b_kid++);
    if (!diff.empty()) return fmt::format("{}[{}] > {}", kind_name(a->kind), i, diff);
    ++i;
  }
  return {};
}

}  // namespace forklift
