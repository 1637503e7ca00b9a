// The interpreter's word expansion on any bytes, without running a command:
// the input is the arguments of `:` (option bit 0 clear: fields, split and
// globbed) or a case pattern (bit 0 set), run as a script by the bundled
// interpreter; skipped when it would run a command, redirect, or be more
// than that one command. Parameter operators, quoting, tilde, brace and
// pathname expansion and their errors are reached; a sanitizer report or an
// exception other than the shell's own exit is a bug.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "analyzer/exact_parser.h"
#include "fuzz/fuzz_support.h"
#include "interp/shell.h"

using namespace forklift;

namespace {

// The `case` form runs as `: "$(case…)"` would not (a command substitution):
// its shape is checked on its own.
bool is_one_case_without_commands(const Ast& ast) {
  const Node* root = ast.root;
  if (root == nullptr || root->kids.size() != 1 || root->kids[0]->kind != NodeKind::Case) return false;
  const Node* case_node = root->kids[0];
  if (fuzz::runs_commands(case_node)) return false;
  for (const Node* item : case_node->kids) {
    if (item->kind != NodeKind::CaseItem) continue;
    const Node* body = item->kids.back();
    if (body->kind != NodeKind::List || !body->kids.empty()) return false;
  }
  return true;
}

// `{1..3999999999}` makes four billion words in every shell (ksh93u+m
// runs until it is out of memory): such an input says nothing about
// expansion, only about time and memory. The product of the ranges' lengths
// (numeric, or of single letters as in `{z..a}`) bounds the words they make.
double range_length(std::string_view text, size_t dots) {
  auto is_letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  if (dots > 0 && dots + 2 < text.size() && is_letter(text[dots - 1]) && is_letter(text[dots + 2])) {
    return std::abs(text[dots + 2] - text[dots - 1]) + 1;
  }
  size_t first = dots;
  while (first > 0 && std::isdigit(static_cast<unsigned char>(text[first - 1]))) --first;
  size_t last = dots + 2;
  if (last < text.size() && text[last] == '-') ++last;
  while (last < text.size() && std::isdigit(static_cast<unsigned char>(text[last]))) ++last;
  std::string_view from = text.substr(first, dots - first);
  std::string_view to = text.substr(dots + 2, last - dots - 2);
  if (from.empty() || to.empty()) return 1;
  return std::abs(std::strtod(std::string(to).c_str(), nullptr) - std::strtod(std::string(from).c_str(), nullptr)) + 1;
}

bool makes_too_many_words(std::string_view text) {
  constexpr double kMaxWords = 100000;
  double words = 1;
  for (size_t dots = text.find(".."); dots != std::string_view::npos; dots = text.find("..", dots + 2)) {
    words *= range_length(text, dots);
    if (words > kMaxWords) return true;
  }
  return false;
}

// `{a,b}{a,b}…` doubles the words with every group. Each group counts as
// its commas plus one, nested ones too: an overestimate, which only skips
// more.
bool makes_too_many_alternatives(std::string_view text) {
  constexpr double kMaxWords = 100000;
  double words = 1;
  std::vector<int> alternatives;
  for (char c : text) {
    if (c == '{') {
      alternatives.push_back(1);
    } else if (c == ',' && !alternatives.empty()) {
      ++alternatives.back();
    } else if (c == '}' && !alternatives.empty()) {
      words *= alternatives.back();
      alternatives.pop_back();
      if (words > kMaxWords) return true;
    }
  }
  return false;
}

// Two repeating extended patterns (`*(a|aa)*(a|aa)c`, or one inside another)
// make matching backtrack exponentially in the subject's length, in ksh93
// and bash as here: such an input only measures time.
bool backtracks_exponentially(std::string_view text) {
  int repeating = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] == '(' && std::string_view("*+?!}").find(text[i - 1]) != std::string_view::npos) ++repeating;
  }
  return repeating >= 2;
}

// `/*/*/*/*/*/*` walks the machine's whole file system, which says nothing
// about expansion; a pattern in fewer path components stays quick.
bool walks_the_file_system(std::string_view text) {
  int magic_components = 0;
  size_t begin = 0;
  while (begin <= text.size()) {
    size_t end = std::min(text.find('/', begin), text.size());
    if (text.substr(begin, end - begin).find_first_of("*?[") != std::string_view::npos) ++magic_components;
    begin = end + 1;
  }
  return magic_components >= 4;
}

bool only_measures_time(std::string_view text) {
  return makes_too_many_words(text) || makes_too_many_alternatives(text) || backtracks_exponentially(text) ||
         walks_the_file_system(text);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // No variable from the caller's environment, and no program to find.
  ::clearenv();
  ::setenv("PATH", "/nonexistent", 1);
  ::setenv("HOME", "/nonexistent", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes || only_measures_time(input.text)) return -1;
  bool as_pattern = (input.options & 1) != 0;
  std::string script = as_pattern ? "case ab in " + std::string(input.text) + ") ;; esac\n"
                                  : ": " + std::string(input.text) + "\n";
  SourceFile file("fuzz.sh", script);
  ParseResult parsed = parse_exact(file, Dialect::Ksh);
  if (!parsed.ast) return 0;
  bool runnable = as_pattern ? is_one_case_without_commands(*parsed.ast) : !fuzz::colon_command_words(*parsed.ast).empty();
  if (!runnable) return -1;
  interp::Shell shell;
  shell.run_script("fuzz.sh", script, {});
  return 0;
}
