// FL303's translations on generated values: each sed program, fed a value
// by `printf '%s\n'`, `echo` and `<<<`, inside `$( )` and in an assignment,
// runs before and after the fix under the shells of each dialect. Wherever
// the value has the facts the fix names (one line; for echo, no leading `-`
// and no backslash; for a byte caveat, ASCII), the output must not change.
// The values are literals, so the value facts know them: a fix the rule
// calls safe must keep every output, on every value (traps included).
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <span>

#include "rule_golden_support.h"
#include "shell_runs.h"

namespace forklift::testing {
namespace {

// sed's arguments as written in the script.
constexpr const char* kPrograms[] = {
    "'s/^X//'",        "'s/=.*//'",          "'s/^.//'",          "'s,/[^/]*$,,'",      "'s/^[ ]*//'",
    "'s/ *$//'",       "-e 's/^X//' -e 's/=.*//'", "'s,//*,/,g'", "'s/\\./_/g'",        "'s/a/&&/'",
    "'s,/,\\\\,g'",    "'s/\\*/[&]/g'",      "'s/X/Y/'",          "'s/^X/Y/'",          "'s/b$/E/'",
    "'s/.*\\///'",     "'s/^[^=]*=//'",      "'y/abc/xyz/'",      "-n 's/^X//p'",       "'s/[^a-z]//g'",
    "'s/[[:space:]]*$//'", "-E 's/a+$//'",   "'s/&/and/g'",       "'s/?/Q/'",           "'s/^X.*Y$/Z/'",
    "'s/^/  /'",       "-e 's,^X,<,' -e 's,$,>&,'", "'s/^$/E/'",     "'s/[^.]*//'",        "'s/[-(].*//'",
    "'s/[*?]$//'",     "'s/:/ /g'",          "'s/ /, /g'",        "'s/[-+.]/_/g'",      "'s,<,\\&lt;,g'",
    "'s/./=/g'",       "'s/a/&b/g'",         "-n 's,//*,/,gp'",   "-n 's/[:=]/-/gp'",   "'s/[^a-z]/_/g'",
    "-e \"$prog\"",
    "-n 's,^.*/\\([^/]*\\)$,\\1,p'", "'s,^\\([^/]*\\)/.*$,\\1,'", "'s/^\\([^-]*\\)-\\([^-]*\\)-\\(.*\\)$/<\\2>/'",
    "'s/^\\([^-]*\\)-\\([^-]*\\)-\\(.*\\)$/\\3/'", "'s/\"\\(.*\\)\"/\\1/'", "-n 's/^X\\(.*\\) to:.*$/\\1/p'",
    "'s/\\.\\([^.]*\\)$/.T\\1/'", "'s/(.*)//'", "'s/[^=]*=//'", "'s/a.*b/X/'", "'s/[^:]*:\\(.*\\)$/<\\1>/'",
    "'s,\\([^/]\\)//*$,\\1,'", "-n 's/^X\\([^ ]*\\).*/\\1/p'", "'s/^\\([^-]*\\).*/\\1/'",
    "'s/^a:\\([^ ]*\\).*$/<\\1>/'", "'s/a.*/X/'", "-n 's/^X[^=]*=\\(.*\\)/\\1/p'", "'s/^.*\\.\\(.*\\)/<\\1>/'",
    "'s/\\(.*\\)-e$/\\1/'", "-n 's/^a:\\(.*\\)/\\1/p'", "'s,/*[^/]*$,,'", "'s,^[^/]*/*,,'",
    "'s,^[^:]*:*,<,'", "-e '1s/^X//' -e '$!s/a/b/'", "'s/[-_a-zA-Z0-9]*=//'", "'s/[a-z]*:/<>/'",
    "'s/XX*$//'",      "'s/X\\+$/Y/'",     "'s/^[ \t][ \t]*/>/'", "'s/[ \t]//g'",     "-n 's/  *$//p'",
};

struct Value {
  const char* text;
  bool one_line;
  bool echo_safe;
  bool ascii;
};

// The first few run by default (FORKLIFT_PROPERTY_CASES runs more): they
// hold what tells most translations apart.
constexpr Value kValues[] = {
    {"Xa//b=c*?[d]&.", true, true, true}, {"  lead  trail  ", true, true, true}, {"", true, true, true},
    {"Xa:b c d-e-f", true, true, true},
    {"/usr/lib/x.so", true, true, true}, {"a//b///c/", true, true, true}, {"a*b?[c]&.", true, true, true},
    {"\xc3\xa9/\xc3\xbc=b", true, true, false}, {"-n", true, false, true}, {"back\\slash/X", true, false, true},
    {"X\nY=2", false, true, true},    {"XabcY", true, true, true},       {"/", true, true, true},
    {"aaa", true, true, true},        {"Xb", true, true, true},          {"x y\tz", true, true, true},
    {"-e", true, false, true},        {"a\\tb\\c", true, false, true},     {"X\n", false, true, true},
    {"\nX", false, true, true},        {"a:b c<d>e", true, true, true},  {"x(y)-z+w.v", true, true, true},
    {"ab ba:", true, true, true},       {"a-b-c-d", true, true, true},     {"say \"hi\" to: \"yo\" to:", true, true, true},
    {"X to: y-z/w.v", true, true, true}, {"f(a) (b) c", true, true, true}, {"bab=a:b=c", true, true, true},
    {"a:", true, true, true},            {"X", true, true, true},
};

struct Form {
  const char* name;
  const char* snippet;  // {p}: sed's arguments
  bool via_echo;
  bool needs_here_string;
  bool adds_newline = true;  // without one, an empty value gives sed no line
  bool unquoted = false;     // echo prints `$v` split and globbed
};

// A value an unquoted `$v` leaves as it is: no blank, glob character or
// backslash.
bool one_word(std::string_view text) { return text.find_first_of(" \t\n*?[(\\") == std::string_view::npos; }

constexpr Form kForms[] = {
    {"printf", "r=$(printf '%s\\n' \"$v\" | sed {p})\nprintf '[%s]\\n' \"$r\"", false, false},
    {"echo", "printf '<%s>\\n' \"$(echo \"$v\" | sed {p})\"", true, false},
    {"here", "r=$(sed {p} <<< \"$v\")\nprintf '[%s]\\n' \"$r\"", false, true},
    {"printf-no-newline", "r=$(printf %s \"$v\" | sed {p})\nprintf '[%s]\\n' \"$r\"", false, false, false},
    {"unquoted", "printf '<%s>\\n' $(echo \"$v\" | sed {p})", true, false},
    {"unquoted-echo", "r=$(echo $v | sed {p})\nprintf '[%s]\\n' \"$r\"", true, false, true, true},
    // Printed by the statement itself: `printf` takes the place of the pipeline.
    {"printed", "echo \"$v\" | sed {p}\necho '|'", true, false},
};

struct Dialected {
  Dialect dialect;
  std::vector<std::string> shells;
};

std::vector<Dialected> all_dialects() {
  return {Dialected{Dialect::Sh, {"dash", "bash", "ksh", "mksh"}}, Dialected{Dialect::Bash, {"bash"}},
          Dialected{Dialect::Ksh, {"ksh"}}, Dialected{Dialect::Mksh, {"mksh"}}};
}

TEST_CASE("FL303 translations keep what sed prints on values with the facts they need", "[fl303][property]") {
  int values = std::min<int>(property_case_count(2), static_cast<int>(std::size(kValues)));
  ScratchDir dir("fl303-property");
  for (const Dialected& d : all_dialects()) {
    // The program `-e "$prog"` reads: one literal, so FL303 knows it.
    std::string original = "prog='s,>,\\&gt;,g'\n";
    std::vector<std::pair<std::string, const Value*>> blocks;
    for (const char* program : kPrograms) {
      for (const Form& form : kForms) {
        if (form.needs_here_string && d.dialect == Dialect::Sh) continue;
        std::string snippet = fmt::format(fmt::runtime(form.snippet), fmt::arg("p", program));
        for (int i = 0; i < values; ++i) {
          const Value& value = kValues[i];
          std::string label = fmt::format("{} | {} | {}", form.name, program, single_quoted(value.text));
          original += fmt::format("echo '== {}'\nv={}\n{}\n", blocks.size(), single_quoted(value.text), snippet);
          bool facts = value.one_line && (value.echo_safe || !form.via_echo) && (form.adds_newline || *value.text) &&
                       (!form.unquoted || one_word(value.text));
          blocks.emplace_back(label, facts ? &value : nullptr);
        }
      }
    }
    RuleRun run = run_rule("FL303", "property.sh", original, d.dialect);
    REQUIRE(run.parse_error.empty());
    std::string fixed = apply_fixes(original, run.diagnostics, Applicability::Unsafe);
    REQUIRE(fixed != original);
    for (const std::string& shell : available_shells(d.shells)) {
      std::map<std::string, std::string> before = split_marked(run_shell(shell, dir.path(), original));
      std::map<std::string, std::string> after = split_marked(run_shell(shell, dir.path(), fixed));
      REQUIRE(before.size() == blocks.size());
      bool bytes = shell == "dash" || shell == "mksh";  // `?` and `[…]` match a byte there
      for (size_t i = 0; i < blocks.size(); ++i) {
        if (blocks[i].second == nullptr || (bytes && !blocks[i].second->ascii)) continue;
        std::string key = std::to_string(i);
        INFO(shell << ": " << blocks[i].first);
        CHECK(after[key] == before[key]);
      }
    }
  }
}

// Each block reads its own variable, assigned once: the value facts then
// know its literal value, as they would a value from `for x in a b`.
std::string own_variable(std::string snippet, size_t block) {
  std::string name = fmt::format("$v{}", block);
  for (size_t at = snippet.find("$v"); at != std::string::npos; at = snippet.find("$v", at + name.size())) {
    snippet.replace(at, 2, name);
  }
  return snippet;
}

// Every fix the rule calls safe, on programs × forms × values, each block
// reading its own literal value: the output must not change.
void check_safe_fixes(const std::vector<std::string>& programs, const std::vector<std::string>& values,
                      const char* scratch, std::span<const Form> forms = kForms) {
  ScratchDir dir(scratch);
  for (const Dialected& d : {Dialected{Dialect::Sh, {"dash", "bash", "ksh", "mksh"}}, Dialected{Dialect::Bash, {"bash"}}}) {
    // sed matches characters only in a UTF-8 locale.
    std::string original = "export LC_ALL=C.UTF-8\nprog='s,>,\\&gt;,g'\n";
    std::vector<std::string> labels;
    for (const std::string& program : programs) {
      for (const Form& form : forms) {
        if (form.needs_here_string) continue;
        std::string snippet = fmt::format(fmt::runtime(form.snippet), fmt::arg("p", program));
        for (const std::string& value : values) {
          size_t block = labels.size();
          original += fmt::format("echo '== {}'\nv{}={}\n{}\n", block, block, single_quoted(value),
                                  own_variable(snippet, block));
          labels.push_back(fmt::format("{} | {} | {}", form.name, program, single_quoted(value)));
        }
      }
    }
    RuleRun run = run_rule("FL303", "property.sh", original, d.dialect);
    REQUIRE(run.parse_error.empty());
    std::string fixed = apply_fixes(original, run.diagnostics, Applicability::Safe);
    // Literal one-line values make some fixes safe: the check below sees them.
    REQUIRE(fixed != original);
    for (const std::string& shell : available_shells(d.shells)) {
      std::map<std::string, std::string> before = split_marked(run_shell(shell, dir.path(), original));
      std::map<std::string, std::string> after = split_marked(run_shell(shell, dir.path(), fixed));
      REQUIRE(before.size() == labels.size());
      for (size_t i = 0; i < labels.size(); ++i) {
        std::string key = std::to_string(i);
        INFO(shell << " (" << dialect_name(d.dialect) << "): " << labels[i]);
        CHECK(after[key] == before[key]);
      }
    }
  }
}

TEST_CASE("FL303 fixes it calls safe keep what sed prints on every value", "[fl303][property]") {
  int programs = std::min<int>(property_case_count(2), static_cast<int>(std::size(kPrograms)));
  std::vector<std::string> values;
  for (const Value& value : kValues) values.emplace_back(value.text);
  check_safe_fixes(std::vector<std::string>(std::begin(kPrograms), std::begin(kPrograms) + programs), values,
                   "fl303-safe-property");
}

// dash and mksh match bytes: a bracket of ASCII members takes a UTF-8
// character whole or not at all, and `.` or a negated bracket right before
// `.*` only starts a longest match; `.` alone, `[[:alpha:]]` (which holds `é`
// in sed's UTF-8 locale) and a bracket before text take a byte and are not
// safe there. The UTF-8 values sit where each bracket looks.
TEST_CASE("FL303 safe fixes of brackets keep what sed prints on UTF-8 values", "[fl303][property]") {
  std::vector<std::string> values = {"\xc3\xa9-x", "a\xc3\xa9(b", "12\xc3\xa9" "3", "x\xc3\xa9", "a\xc3\xa9xb",
                                     "\xc3\xa9", "\xc3\xa9x", "ab+c.d"};
  values.resize(std::min<size_t>(property_case_count(5), values.size()));
  check_safe_fixes({"'s/[-(].*//'", "'s/[^0-9].*//'", "'s/[-+.]/_/g'", "'s/.*[^a-z]//'", "'s/^.//'",
                    "'s/[[:alpha:]]/_/'", "'s/^[^a-z].*/X/'", "'s/.$//'", "'s/[^a-z]x//'"},
                   values, "fl303-utf8-property");
}

// A value printed after literal text (`echo "X$v"`, the idiom that keeps
// echo from reading it as an option): the first command drops the text, or
// keeps it where the rest of its pattern does not match.
constexpr Form kPrefixedForms[] = {
    {"echo-X", "r=$(echo \"X$v\" | sed {p})\nprintf '[%s]\\n' \"$r\"", true, false},
    {"printf-X", "printf '<%s>\\n' \"$(printf '%s\\n' X\"$v\" | sed {p})\"", false, false},
    {"echo-x", "r=`echo \"x$v\" | sed {p}`\nprintf '[%s]\\n' \"$r\"", true, false},
};

TEST_CASE("FL303 safe fixes of a value after literal text keep what sed prints", "[fl303][property]") {
  check_safe_fixes({"-e 's/^X//' -e 's/=.*//'", "'s/^X--a=//'", "'s/^X\\([^=]*\\)=.*/\\1/'", "'1s/^X//'",
                    "-n 's/^X-//p'", "'s/^.-L//'", "'s/^X$/E/'", "-e 's/^x//' -e 's,/*[^/]*$,,'"},
                   {"--a=b", "", "-n", "a=b=c", "-Lfoo", "back\\slash=x", "two\nlines=x", "-e", "x/y//z"},
                   "fl303-prefix-property", kPrefixedForms);
}

}  // namespace
}  // namespace forklift::testing
