// umask: the file creation mask, in octal or chmod's symbolic form.
#include <sys/stat.h>

#include <optional>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

// umask's symbolic form: chmod clauses ([ugoa]*[+-=][rwx]*, comma
// separated) applied to the permissions the mask leaves; nullopt when bad.
std::optional<mode_t> symbolic_umask(std::string_view spec, mode_t mask) {
  mode_t perms = ~mask & 0777;
  for (size_t i = 0;;) {
    mode_t who = 0;
    for (; i < spec.size() && std::string_view("ugoa").find(spec[i]) != std::string_view::npos; ++i) {
      who |= spec[i] == 'u' ? 0700 : spec[i] == 'g' ? 0070 : spec[i] == 'o' ? 0007 : 0777;
    }
    if (who == 0) who = 0777;
    if (i >= spec.size() || std::string_view("+-=").find(spec[i]) == std::string_view::npos) return std::nullopt;
    while (i < spec.size() && std::string_view("+-=").find(spec[i]) != std::string_view::npos) {
      char op = spec[i++];
      mode_t bits = 0;
      for (; i < spec.size() && std::string_view("rwx").find(spec[i]) != std::string_view::npos; ++i) {
        bits |= spec[i] == 'r' ? 0444 : spec[i] == 'w' ? 0222 : 0111;
      }
      bits &= who;
      perms = op == '+' ? perms | bits : op == '-' ? perms & ~bits : (perms & ~who) | bits;
    }
    if (i == spec.size()) return ~perms & 0777;
    if (spec[i++] != ',') return std::nullopt;
  }
}

std::string symbolic_permissions(mode_t mask) {
  mode_t perms = ~mask & 0777;
  std::string out;
  for (int shift : {6, 3, 0}) {
    out += shift == 6 ? "u=" : shift == 3 ? ",g=" : ",o=";
    if (perms & (04 << shift)) out += 'r';
    if (perms & (02 << shift)) out += 'w';
    if (perms & (01 << shift)) out += 'x';
  }
  return out;
}

int builtin_umask(Shell& shell, std::vector<std::string>& argv) {
  bool symbolic = false;
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] != "-S") {
      shell.error(fmt::format("umask: {}: unknown option", argv[i]));
      return 2;
    }
    symbolic = true;
  }
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (i >= argv.size()) {
    shell.out().write(symbolic ? symbolic_permissions(mask) + "\n" : fmt::format("{:04o}\n", mask));
    return 0;
  }
  const std::string& spec = argv[i];
  std::optional<mode_t> next;
  if (std::isdigit(static_cast<unsigned char>(spec[0]))) {
    if (spec.find_first_not_of("01234567") != std::string::npos) {
      shell.error(fmt::format("umask: {}: bad number", spec));
      return 1;
    }
    next = static_cast<mode_t>(std::strtoul(spec.c_str(), nullptr, 8) & 0777);
  } else if (!(next = symbolic_umask(spec, mask))) {
    shell.error(fmt::format("umask: {}: bad format", spec));
    return 1;
  }
  ::umask(*next);
  return 0;
}

}  // namespace

void register_umask_builtin(BuiltinTable& table) {
  table["umask"] = Builtin{builtin_umask, false};
}

}  // namespace forklift::interp
