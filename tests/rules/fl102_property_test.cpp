// FL102's `case` for `expr STR : RE` run for its status, on generated
// values: each pattern, with the operand written as real scripts write it,
// runs before and after the fix under the shells of each dialect. A fix the
// rule calls safe must keep every status; with --unsafe-fixes the status may
// change only where the fix names a missing fact (an operand without a
// literal prefix, a UTF-8 value in dash or mksh).
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "rule_golden_support.h"
#include "shell_runs.h"

namespace forklift::testing {
namespace {

// expr's regular expressions as written in the script.
constexpr const char* kPatterns[] = {
    "'.*[^-+._a-zA-Z0-9]'", "'x--'", "'x-.$'", "'.*='",  "'x.*b$'", "'x[a-c]'", "'x-[^=]*='", "'.*\\.'",
    "'x[0-9]*'",            "'x'",   "'x.'",   "'.*[ ]'", "'x\\*'",  "'.*a.*b'",
};

struct Value {
  const char* text;
  bool ascii;
};

constexpr Value kValues[] = {
    {"", true},       {"abc", true},      {"--with-x=1", true}, {"-n", true},     {"length", true},
    {"(", true},      {"--", true},       {"a\nb", true},       {"b\n", true},    {"\xc3\xa9", false},
    {"a b*", true},   {"0", true},        {"a.b=c", true},      {"back\\slash", true}, {"-x", true},
    {"-\xc3\xa9", false}, {"*", true},
};

struct Form {
  const char* name;
  const char* snippet;  // {p}: the regular expression
  bool literal_prefix;  // the operand starts with text no operator starts with
};

constexpr Form kForms[] = {
    {"if", "if expr \"x$v\" : {p} >/dev/null; then echo yes; else echo no; fi", true},
    {"and-or", "expr \"x$v\" : {p} >/dev/null 2>&1 && echo yes || echo no", true},
    {"status", "expr x\"$v\" : {p} >/dev/null; echo \"status $?\"", true},
    {"bare", "expr \"$v\" : {p} >/dev/null; echo \"status $?\"", false},
};

struct Dialected {
  Dialect dialect;
  std::vector<std::string> shells;
};

std::vector<Dialected> all_dialects() {
  return {Dialected{Dialect::Sh, {"dash", "bash", "ksh", "mksh"}}, Dialected{Dialect::Bash, {"bash"}},
          Dialected{Dialect::Ksh, {"ksh"}}, Dialected{Dialect::Mksh, {"mksh"}}};
}

struct Block {
  std::string label;
  bool facts;  // the facts an unsafe fix names hold for this value
};

// Runs `original` (blocks marked `== N`) and its safe and unsafe FL102 fixes
// under the shells of `d`: every block prints the same after the safe
// fixes, and after the unsafe ones where the facts they name hold.
void check_fixes_keep_output(const std::string& original, const std::vector<Block>& blocks, const Dialected& d,
                             const ScratchDir& dir) {
  RuleRun run = run_rule("FL102", "property.sh", original, d.dialect);
  REQUIRE(run.parse_error.empty());
  std::string safe = apply_fixes(original, run.diagnostics, Applicability::Safe);
  std::string unsafe = apply_fixes(original, run.diagnostics, Applicability::Unsafe);
  REQUIRE(safe != original);
  REQUIRE(unsafe != safe);
  for (const std::string& shell : available_shells(d.shells)) {
    std::map<std::string, std::string> before = split_marked(run_shell(shell, dir.path(), original));
    std::map<std::string, std::string> after_safe = split_marked(run_shell(shell, dir.path(), safe));
    std::map<std::string, std::string> after_unsafe = split_marked(run_shell(shell, dir.path(), unsafe));
    REQUIRE(before.size() == blocks.size());
    for (size_t i = 0; i < blocks.size(); ++i) {
      std::string key = std::to_string(i);
      INFO(shell << " (" << dialect_name(d.dialect) << "): " << blocks[i].label);
      CHECK(after_safe[key] == before[key]);
      if (blocks[i].facts) CHECK(after_unsafe[key] == before[key]);
    }
  }
}

TEST_CASE("FL102 keeps expr's status where its fixes say so", "[fl102][property]") {
  int patterns = std::min<int>(property_case_count(6), static_cast<int>(std::size(kPatterns)));
  ScratchDir dir("fl102-property");
  for (const Dialected& d : all_dialects()) {
    std::string original;
    std::vector<Block> blocks;
    for (int p = 0; p < patterns; ++p) {
      const char* pattern = kPatterns[p];
      for (const Form& form : kForms) {
        std::string snippet = fmt::format(fmt::runtime(form.snippet), fmt::arg("p", pattern));
        for (const Value& value : kValues) {
          original += fmt::format("echo '== {}'\nv={}\n{}\n", blocks.size(), single_quoted(value.text), snippet);
          blocks.push_back({fmt::format("{} | {} | {}", form.name, pattern, single_quoted(value.text)),
                            form.literal_prefix && value.ascii});
        }
      }
    }
    check_fixes_keep_output(original, blocks, d, dir);
  }
}

// expr's regular expressions with one group, without the operand's prefix.
constexpr const char* kCapturePatterns[] = {
    "\\([^=]*\\)=", "[^=]*=\\(.*\\)$", "\\(.*\\)/", "\\(.*\\)\\.", "-*\\([^-]*\\)",
    "\\([^-]*\\)",   "\\([0-9a-z]*\\)", "-[^=]*=\\(.*\\)", ".*\\.\\(.*\\)",
};

constexpr Value kCaptureValues[] = {
    {"x/y/z", true}, {"a\n=b", true}, {"=", true}, {"/", true}, {"a=b\n", true}, {"d/\n", true}, {"0=1", true},
};

constexpr Form kCaptureForms[] = {
    {"captured", "r=$(expr \"x$v\" : 'x{p}')\necho \"[$r]\"", true},
    {"backticks", "r=`expr \"X$v\" : 'X{p}'`\necho \"[$r]\"", true},
    {"bare", "r=$(expr \"$v\" : '{p}')\necho \"[$r]\"", false},
};

bool has_newline(const char* text) { return std::string_view(text).find('\n') != std::string_view::npos; }

TEST_CASE("FL102 keeps what expr's group captures where its fixes say so", "[fl102][property]") {
  std::vector<Value> values(std::begin(kValues), std::end(kValues));
  values.insert(values.end(), std::begin(kCaptureValues), std::end(kCaptureValues));
  ScratchDir dir("fl102-capture");
  for (const Dialected& d : all_dialects()) {
    std::string original;
    std::vector<Block> blocks;
    for (const char* pattern : kCapturePatterns) {
      for (const Form& form : kCaptureForms) {
        std::string snippet = fmt::format(fmt::runtime(form.snippet), fmt::arg("p", pattern));
        for (const Value& value : values) {
          original += fmt::format("echo '== {}'\nv={}\n{}\n", blocks.size(), single_quoted(value.text), snippet);
          blocks.push_back({fmt::format("{} | {} | {}", form.name, pattern, single_quoted(value.text)),
                            form.literal_prefix && value.ascii && !has_newline(value.text)});
        }
      }
    }
    // The last statement's status would be the script's.
    original += "exit 0\n";
    check_fixes_keep_output(original, blocks, d, dir);
  }
}

}  // namespace
}  // namespace forklift::testing
