#include "analyzer/dialect.h"

#include <array>
#include <utility>

namespace forklift {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view next_token(std::string_view& rest) {
  rest = trim(rest);
  size_t end = rest.find_first_of(" \t");
  std::string_view token = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
  return token;
}

std::string_view basename_of(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::optional<Dialect> from_shebang(std::string_view text) {
  if (!text.starts_with("#!")) return std::nullopt;
  std::string_view line = text.substr(2, text.find('\n') - 2);
  std::string_view program = basename_of(next_token(line));
  if (program == "env") {
    std::string_view token = next_token(line);
    while (token.starts_with("-")) token = next_token(line);  // env -S, -i, ...
    program = basename_of(token);
  }
  return dialect_from_name(program);
}

// `# forklift: shell=ksh` in the leading comment block.
std::optional<Dialect> from_directive(std::string_view text) {
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = trim(text.substr(0, eol));
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.empty()) continue;
    if (!line.starts_with("#")) break;
    line = trim(line.substr(1));
    if (!line.starts_with("forklift:")) continue;
    line = trim(line.substr(9));
    if (!line.starts_with("shell=")) continue;
    std::string_view value = line.substr(6);
    return dialect_from_name(value.substr(0, value.find_first_of(" \t,")));
  }
  return std::nullopt;
}

std::optional<Dialect> from_extension(std::string_view path) {
  std::string_view name = basename_of(path);
  size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  return dialect_from_name(name.substr(dot + 1));
}

}  // namespace

std::string_view dialect_name(Dialect dialect) {
  switch (dialect) {
    case Dialect::Sh: return "sh";
    case Dialect::Bash: return "bash";
    case Dialect::Ksh: return "ksh";
    case Dialect::Mksh: return "mksh";
  }
  return "?";
}

std::optional<Dialect> dialect_from_name(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Dialect>, 14> kNames{{
      {"sh", Dialect::Sh}, {"dash", Dialect::Sh}, {"ash", Dialect::Sh}, {"busybox", Dialect::Sh},
      {"posix", Dialect::Sh}, {"yash", Dialect::Sh}, {"bash", Dialect::Bash}, {"ksh", Dialect::Ksh},
      {"ksh93", Dialect::Ksh}, {"ksh2020", Dialect::Ksh}, {"pdksh", Dialect::Mksh}, {"mksh", Dialect::Mksh},
      {"lksh", Dialect::Mksh}, {"oksh", Dialect::Mksh},
  }};
  for (const auto& [key, dialect] : kNames) {
    if (key == name) return dialect;
  }
  return std::nullopt;
}

DialectChoice detect_dialect(std::string_view path, std::string_view text, std::optional<Dialect> override_dialect) {
  if (override_dialect) return {*override_dialect, DialectSource::Override};
  if (auto d = from_directive(text)) return {*d, DialectSource::Directive};
  if (auto d = from_shebang(text)) return {*d, DialectSource::Shebang};
  if (auto d = from_extension(path)) return {*d, DialectSource::Extension};
  return {Dialect::Bash, DialectSource::Default};
}

}  // namespace forklift
