#include "fuzz/fuzz_support.h"

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

namespace forklift::fuzz {
namespace {

constexpr Dialect kDialects[] = {Dialect::Sh, Dialect::Bash, Dialect::Ksh, Dialect::Mksh};

bool holds_its_slice(NodeKind kind) {
  return kind == NodeKind::Literal || kind == NodeKind::SingleQuoted || kind == NodeKind::AnsiCQuoted;
}

std::string node_violation(const Node& node, std::string_view source) {
  std::string where = fmt::format("{}@{}-{}", kind_name(node.kind), node.begin, node.end);
  if (node.begin > node.end || node.end > source.size()) return where + ": span outside the source";
  if (holds_its_slice(node.kind) && node.text != source.substr(node.begin, node.end - node.begin)) {
    return fmt::format("{}: text '{}' is not its slice", where, node.text);
  }
  uint32_t previous_end = node.begin;
  for (const Node* kid : node.kids) {
    if (kid == nullptr) return where + ": a null child";
    if (kid->kind == NodeKind::HereDocBody) continue;
    if (kid->begin < node.begin || kid->end > node.end) {
      return fmt::format("{}: child {}@{}-{} outside it", where, kind_name(kid->kind), kid->begin, kid->end);
    }
    if (kid->begin < previous_end) {
      return fmt::format("{}: child {}@{}-{} before its previous sibling's end {}", where, kind_name(kid->kind),
                         kid->begin, kid->end, previous_end);
    }
    previous_end = kid->end;
  }
  return "";
}

}  // namespace

FuzzInput decode(const uint8_t* data, size_t size) {
  FuzzInput input;
  if (size == 0) return input;
  input.dialect = kDialects[data[0] & 3];
  input.options = static_cast<uint8_t>(data[0] >> 2);
  input.text = std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1);
  return input;
}

std::string tree_violation(const Ast& ast, std::string_view source) {
  if (ast.root == nullptr) return "no root";
  if (ast.root->kind != NodeKind::Program || ast.root->begin != 0 || ast.root->end != source.size()) {
    return fmt::format("the root is {}@{}-{}, not Program@0-{}", kind_name(ast.root->kind), ast.root->begin,
                       ast.root->end, source.size());
  }
  std::string violation;
  visit(ast.root, [&](const Node* node) {
    if (violation.empty()) violation = node_violation(*node, source);
    return violation.empty();
  });
  return violation;
}

std::string span_violation(const Ast& ast, std::string_view source) {
  std::string violation;
  visit(ast.root, [&](const Node* node) {
    if (node->begin > node->end || node->end > source.size()) {
      violation = fmt::format("{}@{}-{}: span outside the source", kind_name(node->kind), node->begin, node->end);
    }
    return violation.empty();
  });
  return violation;
}

bool runs_commands(const Node* node) {
  bool found = false;
  visit(node, [&found](const Node* n) {
    found = found || n->kind == NodeKind::CommandSub || n->kind == NodeKind::BraceSub ||
            n->kind == NodeKind::Backtick || n->kind == NodeKind::ProcessSub;
    return !found;
  });
  return found;
}

std::vector<const Node*> colon_command_words(const Ast& ast) {
  const Node* root = ast.root;
  if (root == nullptr || root->kids.size() != 1 || root->kids[0]->kind != NodeKind::SimpleCommand) return {};
  const Node* command = root->kids[0];
  if (runs_commands(command) || command->kids.empty()) return {};
  for (const Node* kid : command->kids) {
    if (kid->kind != NodeKind::Word) return {};
  }
  const Node* name = command->kids[0];
  if (name->kids.size() != 1 || name->kids[0]->kind != NodeKind::Literal || name->kids[0]->text != ":") return {};
  return {command->kids.begin() + 1, command->kids.end()};
}

void fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "fuzz invariant broken: %.*s\n%.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace forklift::fuzz
