// Paths through compound variables and their arrays: `t.l1[k].l2[j].x`
// names the member x of element j of the array t.l1[k].l2, itself a member
// of element k of t.l1. Every element of such a path is the compound
// variable NAME[KEY] (interp/variables/compound.cpp), so a path comes down
// to one flat variable name, each key evaluated for its array and each
// nameref on the way replaced by what it names.
#include <algorithm>

#include <fmt/format.h>

#include "interp/shell.h"

namespace forklift::interp {

namespace {

// The end of the `[...]` that opens at `open`: quotes and nested brackets
// (`a[b[1]]`, `a["]"]`) do not close it.
size_t closing_bracket(std::string_view text, size_t open) {
  int depth = 0;
  char quote = 0;
  for (size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (quote != 0) {
      if (c == '\\' && quote == '"') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\\') {
      ++i;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[') {
      ++depth;
    } else if (c == ']' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::vector<Shell::PathStep> Shell::path_steps(std::string_view text) {
  std::vector<PathStep> steps;
  size_t start = 0;
  for (size_t open = text.find('['); open != std::string_view::npos; open = text.find('[', start)) {
    size_t close = closing_bracket(text, open);
    if (close == std::string_view::npos) break;
    steps.push_back(PathStep{text.substr(start, open - start), text.substr(open + 1, close - open - 1), true});
    start = close + 1;
  }
  steps.push_back(PathStep{text.substr(start), {}, false});
  return steps;
}

bool Shell::is_valid_path(std::string_view text) const {
  std::vector<PathStep> steps = path_steps(text);
  std::string members;
  for (size_t i = 0; i < steps.size(); ++i) {
    std::string_view member = steps[i].member;
    // After a key comes a member (`].x`) or nothing at all.
    bool after_key = i > 0;
    if (after_key && !member.empty() && member[0] != '.') return false;
    if (after_key && member.empty() && i + 1 != steps.size()) return false;
    members += member;
  }
  return is_valid_name(members);
}

bool Shell::root_is_local(std::string_view name) {
  std::string_view root = name.substr(0, name.find_first_of(".["));
  Variable* var = vars_.find_raw(root);
  return var != nullptr && !var->is_nameref() && vars_.scope_containing(root, nullptr) == vars_.depth();
}

std::string Shell::element_key(std::string_view array, const PathKey& key) {
  VarRef ref = vars_.resolve(array);
  bool assoc = ref.var != nullptr && ref.var->is_assoc();
  if (key.node != nullptr) return assoc ? subscript_key(key.node) : std::to_string(subscript_index(key.node));
  return assoc ? std::string(key.text) : std::to_string(eval_arith_int(key.text));
}

std::string Shell::element_name(std::string_view array, const PathKey& key) {
  VarRef ref = vars_.resolve(array);
  std::string_view name = ref.var != nullptr ? std::string_view(ref.name) : array;
  return fmt::format("{}[{}]", name, element_key(array, key));
}

std::string Shell::walk_path(const std::vector<PathStep>& steps, size_t keyed, const std::vector<PathKey>& keys,
                             bool create) {
  std::string name;
  for (size_t i = 0; i < keyed; ++i) {
    std::string array = name + std::string(steps[i].member);
    std::string element = element_name(array, keys[i]);
    if (create) ensure_compound_element(array, element);
    name = std::move(element);
  }
  return name + std::string(steps[keyed].member);
}

std::string Shell::node_path(std::string_view text, NodeSpan subscripts, size_t& used, bool create) {
  std::vector<PathStep> steps = path_steps(text);
  std::vector<PathKey> keys;
  for (const Node* subscript : subscripts) keys.push_back(PathKey{subscript, {}});
  used = std::min(steps.size() - 1, keys.size());
  return walk_path(steps, used, keys, create);
}

std::string Shell::text_path(std::string_view text, std::optional<std::string>& subscript, bool create) {
  std::vector<PathStep> steps = path_steps(text);
  std::vector<PathKey> keys;
  for (const PathStep& step : steps) {
    if (step.has_key) keys.push_back(PathKey{nullptr, step.key});
  }
  subscript.reset();
  size_t keyed = keys.size();
  // A trailing [key] subscripts the variable the path names.
  if (keyed > 0 && steps.back().member.empty()) {
    subscript = std::string(keys.back().text);
    --keyed;
  }
  return walk_path(steps, keyed, keys, create);
}

}  // namespace forklift::interp
