#include "tests/analyzer/exact_test_support.h"

#include <fmt/format.h>

namespace forklift::test {
namespace {

void check(const Node& node, std::string& out) {
  uint32_t previous_end = node.begin;
  for (const Node* kid : node.kids) {
    if (kid->begin > kid->end) out += fmt::format("{}@{}-{} is reversed\n", kind_name(kid->kind), kid->begin, kid->end);
    if (kid->kind == NodeKind::HereDocBody) {
      check(*kid, out);
      continue;
    }
    if (kid->begin < node.begin || kid->end > node.end) {
      out += fmt::format("{}@{}-{} outside {}@{}-{}\n", kind_name(kid->kind), kid->begin, kid->end,
                         kind_name(node.kind), node.begin, node.end);
    }
    if (kid->begin < previous_end) {
      out += fmt::format("{}@{}-{} overlaps its previous sibling in {}@{}-{}\n", kind_name(kid->kind), kid->begin,
                         kid->end, kind_name(node.kind), node.begin, node.end);
    }
    previous_end = kid->end;
    check(*kid, out);
  }
}

}  // namespace

std::string span_violations(const Node& root, uint32_t file_size) {
  std::string out;
  if (root.begin != 0 || root.end != file_size) out += "the root does not span the file\n";
  check(root, out);
  return out;
}

std::string text_violations(const Node& root, std::string_view source) {
  std::string out;
  visit(&root, [&](const Node* node) {
    if (node->text.empty()) return true;
    bool inside = node->text.data() >= source.data() && node->text.data() + node->text.size() <= source.data() + source.size();
    if (!inside) out += fmt::format("{}@{}-{} text {:?} is not a slice of the source\n", kind_name(node->kind), node->begin, node->end, std::string(node->text));
    return true;
  });
  return out;
}

}  // namespace forklift::test
