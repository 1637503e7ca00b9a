#include "tests/fix_properties/generated_program.h"

#include <array>
#include <string_view>

namespace forklift::test {
namespace {

// splitmix64: fully specified, unlike the standard library's distributions,
// so a seed names the same program everywhere.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
  bool chance(size_t percent) { return below(100) < percent; }
  template <typename List>
  const auto& pick(const List& list) {
    return list[below(std::size(list))];
  }

 private:
  uint64_t state_;
};

constexpr std::string_view kStrings[] = {
    "", "abc", "a b  c", "-n", "-e", "-", "--", "a\\b", "a\\nb", "*", "a*", "[ab]", "?", "multi\nline", "two\n\nblank",
    " lead", "trail ", "x:y:z", "a.b.c", "A-Z", "h\xc3\xa9llo", "100%", "$x", "`echo q`", "a'b", "tab\there", "aaa",
    "-x:y", "\\", "end\n",
};
constexpr std::string_view kPaths[] = {
    "/usr/lib/", "dir/file.sh", "file", "/", ".", "..", "//", "a//b", "/a/b/", "-x/y", "dir/sub/", "", " sp/x y",
    "a\nb/c", "x.sh", "/a/b.sh", "-", "*/x", "a\\b/c",
};
constexpr std::string_view kIntegers[] = {
    "0", "1", "7", "-3", "010", "08", "42", "1073741823", "-0", " 5", "", "x", "1+2", "+4",
};

// Integers stay below 2^30, so that sums and doubles fit in mksh's 32-bit
// arithmetic as well as in the 64 bits the arithmetic rules' safe fixes
// assume (beyond them, expr and bc report an overflow or print the exact
// result where $(( )) wraps).

// Statements that compute {x}: each has a fork site some rule rewrites.
// {s} a string, {p} a path, {n} {m} integers, {f} the data file.
constexpr std::string_view kComputations[] = {
    R"~({x}=$(expr {n} + 1))~",
    R"~({x}=`expr "{n}" \* 2`)~",
    R"~({x}=$(expr {n} - {m}))~",
    R"~({x}=$(expr "{n}" + "{m}"))~",
    R"~({x}=$(expr "{s}" : '.*'))~",
    R"~({x}=$(expr length "{s}"))~",
    R"~({x}=$(expr "{s}" : 'a\(.*\)'))~",
    R"~({x}=$(( {n} + 1 )))~",
    R"~({x}=$(( {n} * 2 )))~",
    R"~({x}=$(echo "{n} + 1" | bc))~",
    R"~({x}=$(basename "{p}"))~",
    R"~({x}=$(basename "{p}" .sh))~",
    R"~({x}=`basename {p}`)~",
    R"~({x}=$(dirname "{p}"))~",
    R"~({x}="$(dirname -- "{p}")")~",
    R"~({x}=$(echo "{s}" | sed 's/a/b/'))~",
    R"~({x}=$(echo "{s}" | sed 's/a/b/g'))~",
    R"~({x}=$(printf '%s\n' "{s}" | sed -e 's/^-//'))~",
    R"~({x}=$(echo "{p}" | sed 's/\/$//'))~",
    R"~({x}=$(echo {s} | sed 's/ *$//'))~",
    R"~({x}=`echo "{s}" | sed 's/.*://'`)~",
    R"~({x}=$(echo "{s}" | sed 's/:/ /g'))~",
    R"~({x}=`echo "{s}" | sed -e 's/ /, /g'`)~",
    R"~({x}=$(echo "{s}" | sed 's/[^.]*//'))~",
    R"~({x}=$(echo "{p}" | sed -e 's,^/,<,' -e 's,$,>,'))~",
    R"~({x}=$(echo "{s}" | sed 's/[-(].*//'))~",
    R"~({x}=$(printf '%s\n' "{s}" | sed -e "$sed_gt"))~",
    R"~({x}=$(echo "{s}" | sed -n 's/^\([^:]*\):\(.*\)$/[\2]/p'))~",
    R"~({x}=$(echo "{p}" | sed 's,^.*/\([^/]*\)$,<\1>,'))~",
    R"~({x}=$(echo "{s}" | tr a-z A-Z))~",
    R"~({x}=$(echo "{s}" | tr -d ' '))~",
    R"~({x}=$(printf '%s' "{s}" | tr '\n' ' '))~",
    R"~({x}=$(echo "{s}" | tr -d ab))~",
    R"~({x}=$(echo "{s}" | cut -d: -f2))~",
    R"~({x}=$(echo "{s}" | cut -c1-2))~",
    R"~({x}=$(echo "{s}" | wc -c))~",
    R"~({x}=$(printf %s "{s}" | wc -c))~",
    R"~({x}=$(echo "{s}" | wc -l))~",
    R"~({x}=$(pwd))~",
    R"~({x}=`pwd`)~",
    R"~({x}=$(echo "{s}" | grep -c a))~",
    R"~({x}=$(echo "{s}" | grep -v b))~",
    R"~({x}=$(echo "{s}" | awk '{print $2}'))~",
    R"~({x}=$(echo "{s}" | awk -F: '{print $1}'))~",
    R"~({x}=$(echo "{s}" | head -n 1))~",
    R"~({x}=$(echo "{s}" | sed -n 1p))~",
    R"~({x}=$(echo {s}))~",
    R"~({x}=$(echo "{s}"))~",
    R"~({x}=`echo "{s}"`)~",
    R"~({x}="`echo {s}`")~",
    R"~({x}="v=`echo "{s}"`")~",
    R"~({x}="$`echo {n}`")~",
    R"~({x}="cost $`echo 5`")~",
    R"~({x}=`echo 'a\\b'`)~",
    R"~({x}=`printf '%s\n' "{s}"`)~",
    R"~({x}="`echo \"{s}\"`")~",
    R"~({x}=`echo \`echo inner\``)~",
    R"~({x}=`echo "\$HOME" | wc -c`)~",
    R"~({x}=$(cat {f}))~",
    R"~({x}=$(cat "{f}" | grep a))~",
    R"~({x}=$(cat {f} | wc -l))~",
};

// Statements that print as they go: loops, conditions, reads.
constexpr std::string_view kLoops[] = {
    R"~(for i in $(seq 1 3); do echo "i=$i"; done)~",
    R"~(for i in `seq 2 4`; do echo "i=$i"; done)~",
    R"~(for i in $(seq 0 2); do {x}=$(expr $i \* 2); echo "$i:{X}"; done)~",
    R"~(for w in $(echo {s}); do echo "[$w]"; done)~",
    R"~(for w in `echo "{s}"`; do echo "[$w]"; done)~",
    R"~(for i in 1 2; do {x}=$(basename "{p}"); echo "$i {X}"; done)~",
    R"~(for i in a b; do {x}=$(echo "{s}" | tr a-z A-Z); echo "$i {X}"; done)~",
    R"~(while read -r line; do echo "<$line>"; done < {f})~",
    R"~(cat {f} | while read -r line; do echo "<$line>"; done)~",
    R"~(while IFS= read -r line; do {x}=$(echo "$line" | tr a-z A-Z); echo "{X}"; done < {f})~",
    R"~(while read line; do {x}=`echo $line | cut -d: -f1`; echo "{X}"; done < {f})~",
    R"~(i=0; while [ $i -lt 2 ]; do i=$(expr $i + 1); echo "i=$i"; done)~",
    R"~(if [ $(expr {n} + 0) -gt 3 ] 2>/dev/null; then echo big; else echo small; fi)~",
    R"~(if echo "{s}" | grep -q a; then echo has-a; else echo no-a; fi)~",
    R"~(if [ "$(basename "{p}")" = file ]; then echo named-file; fi)~",
    R"~(case $(echo "{s}" | cut -c1) in -) echo dash;; *) echo other;; esac)~",
};

// Only where `let` exists.
constexpr std::string_view kLets[] = {R"~(let {x}={n}+1)~", R"~(let "{x} = {n} * 2")~"};

// How a computed value is shown.
constexpr std::string_view kShows[] = {
    R"~(printf '%s|\n' "{X}")~",
    R"~(echo "x=[{X}] st=$?")~",
    R"~(echo {X})~",
    R"~(printf '%s\n' "${#{x}}")~",
};

std::string single_quoted(std::string_view value) {
  std::string quoted = "'";
  for (char c : value) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// A value in a command word: literal, when it needs no quoting, or a variable.
struct Names {
  Random& random;
  int result = 0;
  std::string integer() {
    if (random.chance(25)) return std::string(random.pick(std::array{"3", "0", "12", "-2", "010"}));
    return random.chance(50) ? "$n1" : "$n2";
  }
  std::string string() { return random.chance(50) ? "$s1" : "$s2"; }
  std::string path() { return random.chance(80) ? "$p1" : "$s1"; }
};

std::string render(std::string_view pattern, Names& names) {
  std::string x = "r" + std::to_string(++names.result);
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}') {
      char key = pattern[i + 1];
      std::string with;
      if (key == 'x') with = x;
      if (key == 'X') with = "$" + x;
      if (key == 's') with = names.string();
      if (key == 'p') with = names.path();
      if (key == 'n' || key == 'm') with = names.integer();
      if (key == 'f') with = "data.txt";
      if (!with.empty()) {
        out += with;
        i += 2;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}

// The variables, from literals or from the positional parameters (whose
// values the rules cannot know), and the data file.
std::string prelude(Random& random) {
  std::string_view values[] = {random.pick(kStrings), random.pick(kStrings), random.pick(kPaths),
                               random.pick(kIntegers), random.pick(kIntegers)};
  const char* names[] = {"s1", "s2", "p1", "n1", "n2"};
  std::string text = "set --";
  for (std::string_view value : values) text += " " + single_quoted(value);
  text += "\n";
  for (size_t i = 0; i < std::size(names); ++i) {
    text += names[i];
    text += random.chance(50) ? "=" + single_quoted(values[i]) : "=$" + std::to_string(i + 1);
    text += "\n";
  }
  return text + "sed_gt='s,>,\\&gt;,g'\nprintf '%s\\n' \"$s1\" \"$s2\" 'k:v' > data.txt\n";
}

std::string statement(Random& random, Names& names, const std::string& dialect) {
  size_t kind = random.below(10);
  if (kind < 6 || (kind == 9 && dialect == "sh")) {
    std::string text = render(random.pick(kComputations), names);
    std::string x = "r" + std::to_string(names.result);
    std::string show(random.pick(kShows));
    for (size_t at; (at = show.find("{X}")) != std::string::npos;) show.replace(at, 3, "$" + x);
    for (size_t at; (at = show.find("{x}")) != std::string::npos;) show.replace(at, 3, x);
    // Sometimes inside a function or a loop, where the fork repeats.
    if (random.chance(15)) return "f" + x + "() { " + text + "; " + show + "; }\nf" + x + "\n";
    if (random.chance(10)) return "for j in 1 2; do " + text + "; " + show + "; done\n";
    return text + "\n" + show + "\n";
  }
  if (kind < 9) return render(random.pick(kLoops), names) + "\n";
  std::string text = render(random.pick(kLets), names);
  return text + "\necho \"let=$r" + std::to_string(names.result) + " st=$?\"\n";
}

}  // namespace

GeneratedProgram generate_program(uint64_t seed) {
  Random random(seed);
  static constexpr std::array<const char*, 4> kDialects{"sh", "bash", "ksh", "mksh"};
  // Mostly POSIX sh, which all four shells run.
  std::string dialect = random.chance(55) ? "sh" : kDialects[1 + random.below(3)];
  GeneratedProgram program{dialect, "#!/bin/" + dialect + "\n" + prelude(random)};
  Names names{random};
  size_t statements = 3 + random.below(3);
  for (size_t i = 0; i < statements; ++i) program.text += statement(random, names, dialect);
  program.text += "echo \"end $?\"\n";
  return program;
}

std::vector<std::string> shells_for_dialect(const std::string& dialect) {
  if (dialect == "sh") return {"dash", "bash", "ksh93", "mksh"};
  if (dialect == "ksh") return {"ksh93"};
  return {dialect};
}

}  // namespace forklift::test
