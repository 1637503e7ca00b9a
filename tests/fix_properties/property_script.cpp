#include "tests/fix_properties/property_script.h"

#include <fmt/format.h>

namespace forklift::test {
namespace {

std::string single_quoted(const std::string& value) {
  std::string quoted = "'";
  for (char c : value) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string with_variable(std::string snippet, const std::string& name) {
  for (size_t at = snippet.find("{{v}}"); at != std::string::npos; at = snippet.find("{{v}}", at + name.size())) {
    snippet.replace(at, 5, name);
  }
  return snippet;
}

}  // namespace

const std::vector<PropertyInput>& property_inputs() {
  static const std::vector<PropertyInput> inputs = {
      {"7", "7"},
      {"-5", "-5"},
      {"0", "0"},
      {"010", "010"},
      {"08", "08"},
      {"2^63-1", "9223372036854775807"},
      {"empty", ""},
      {"spaces", "a b  c"},
      {"glob", "*"},
      {"newline inside", "a\nb"},
      {"newline at end", "ab\n"},
      {"-n", "-n"},
      {"leading dash", "-x-y"},
      {"backslash", "a\\tb"},
      {"utf-8", "\xc3\xa9t\xc3\xa9"},
      {"plain name", "file.txt"},
      {"path", "/usr/lib/x.so"},
      {"trailing slash", "/a/b/"},
      {"repeated slashes", "a//b///c"},
      {"/", "/"},
      {".", "."},
      {"colon", "x:y:z"},
  };
  return inputs;
}

std::string property_script(const std::string& shebang, const std::string& snippet) {
  std::string script = shebang + "\n";
  int block = 0;
  for (const PropertyInput& input : property_inputs()) {
    for (const char* way : {kLiteral, kArgument}) {
      std::string name = fmt::format("v{}", ++block);
      std::string assign = way == kLiteral ? fmt::format("{}={}", name, single_quoted(input.value))
                                           : fmt::format("set -- {}; {}=$1", single_quoted(input.value), name);
      script += fmt::format("echo {}\n( {}\n{}\n) 2>stderr\necho \"status $? stderr $([ -s stderr ] && echo yes || echo no)\"\n",
                            single_quoted(fmt::format("== {} {}", way, input.label)), assign,
                            with_variable(snippet, name));
    }
  }
  return script;
}

namespace {

// Splits `text` at the lines that start with `marker`; the rest of such a
// line (up to `end`, when given) names the block.
std::map<std::string, std::string> split_at(const std::string& text, const std::string& marker, const std::string& end) {
  std::map<std::string, std::string> blocks;
  std::string* current = nullptr;
  size_t start = 0;
  while (start < text.size()) {
    size_t stop = text.find('\n', start);
    if (stop == std::string::npos) stop = text.size();
    std::string line = text.substr(start, stop - start);
    if (line.starts_with(marker)) {
      std::string name = line.substr(marker.size());
      if (!end.empty() && name.ends_with(end)) name.resize(name.size() - end.size());
      current = &blocks[name];
    } else if (current != nullptr) {
      *current += line + "\n";
    }
    start = stop + 1;
  }
  return blocks;
}

}  // namespace

std::map<std::string, std::string> split_blocks(const std::string& output) { return split_at(output, "== ", ""); }

std::map<std::string, std::string> split_script_blocks(const std::string& script) {
  return split_at(script, "echo '== ", "'");
}

}  // namespace forklift::test
