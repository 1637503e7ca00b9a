// read: one record from a descriptor, split with IFS into variables.
#include <poll.h>

#include <cstdlib>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/text/locale_text.h"

namespace forklift::interp {

namespace {

bool is_ifs_white(char c, const std::string& ifs) {
  return (c == ' ' || c == '\t' || c == '\n') && ifs.find(c) != std::string::npos;
}

// Splits `line` into at most `count` fields; the last one keeps the rest of
// the line (minus surrounding IFS white space). `literal` marks bytes that
// were backslash-escaped (never separators).
std::vector<std::string> split_for_read(const std::string& line, const std::vector<bool>& literal, const std::string& ifs,
                                        size_t count) {
  std::vector<std::string> fields;
  size_t n = line.size();
  size_t i = 0;
  auto is_sep = [&](size_t k) { return !literal[k] && ifs.find(line[k]) != std::string::npos; };
  while (i < n && is_sep(i) && is_ifs_white(line[i], ifs)) ++i;
  while (i < n) {
    if (count > 0 && fields.size() + 1 == count) {
      size_t end = n;
      while (end > i && is_sep(end - 1) && is_ifs_white(line[end - 1], ifs)) --end;
      fields.push_back(line.substr(i, end - i));
      return fields;
    }
    size_t start = i;
    while (i < n && !is_sep(i)) ++i;
    fields.push_back(line.substr(start, i - start));
    if (i >= n) break;
    // Skip one separator with its surrounding white space.
    while (i < n && is_sep(i) && is_ifs_white(line[i], ifs)) ++i;
    if (i < n && is_sep(i) && !is_ifs_white(line[i], ifs)) {
      ++i;
      while (i < n && is_sep(i) && is_ifs_white(line[i], ifs)) ++i;
    }
  }
  return fields;
}

int builtin_read(Shell& shell, std::vector<std::string>& argv) {
  bool raw = false, array = false;
  char delim = '\n';
  size_t limit = 0;
  bool exact = false;
  int fd = 0;
  double timeout = -1;
  std::string array_name;
  size_t i = 1;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a.size() < 2 || a[0] != '-') break;
    for (size_t k = 1; k < a.size(); ++k) {
      char opt = a[k];
      auto value = [&]() {
        std::string rest = a.substr(k + 1);
        k = a.size();
        if (rest.empty() && i + 1 < argv.size()) rest = argv[++i];
        return rest;
      };
      switch (opt) {
        case 'r': raw = true; break;
        case 's': break;
        case 'a':
        case 'A':
          array = true;
          array_name = value();
          break;
        case 'd': {
          std::string d = value();
          delim = d.empty() ? '\0' : d[0];
          break;
        }
        case 'n': limit = static_cast<size_t>(std::atol(value().c_str())); break;
        case 'N':
          limit = static_cast<size_t>(std::atol(value().c_str()));
          exact = true;
          break;
        case 'u': fd = std::atoi(value().c_str()); break;
        case 't': timeout = std::atof(value().c_str()); break;
        case 'p':
          fd = shell.coprocess_output();
          if (fd < 0) {
            shell.error("read: no query process [Bad file descriptor]");
            return 1;
          }
          break;
        default:
          shell.error(fmt::format("read: -{}: unknown option", opt));
          return 2;
      }
    }
  }
  std::vector<std::string> names(argv.begin() + static_cast<long>(i), argv.end());
  if (!names.empty()) {
    size_t q = names[0].find('?');
    if (q != std::string::npos) {
      if (::isatty(fd)) shell.write_fd(2, names[0].substr(q + 1));  // only a terminal is prompted, as in ksh
      names[0].resize(q);
    }
  }
  if (names.empty() && !array) names.push_back("REPLY");

  if (timeout >= 0) {
    struct pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout * 1000)) <= 0) return 1;
  }

  std::string line;
  std::vector<bool> literal;
  bool got_any = false;
  InputReader::Result result;
  shell.out().flush();
  for (;;) {
    std::string chunk;
    size_t wanted = limit > 0 ? limit - text::char_count(line) : 0;
    result = shell.input().read_record(fd, exact ? '\0' : delim, chunk, wanted);
    if (exact && result == InputReader::Result::Record && text::char_count(chunk) < wanted) {
      // -N ignores delimiters: keep reading until the count is reached.
      line += chunk;
      line.push_back('\0');
      literal.resize(line.size(), true);
      continue;
    }
    if (result == InputReader::Result::Eof || result == InputReader::Result::Error) break;
    got_any = true;
    std::erase(chunk, '\0');  // ksh drops NUL bytes from what it reads
    if (raw) {
      line += chunk;
      literal.resize(line.size(), false);
      break;
    }
    bool continued = false;
    for (size_t k = 0; k < chunk.size(); ++k) {
      if (chunk[k] == '\\') {
        if (k + 1 < chunk.size()) {
          line.push_back(chunk[++k]);
          literal.push_back(true);
        } else if (result == InputReader::Result::Record && delim == '\n') {
          continued = true;
        }
        continue;
      }
      line.push_back(chunk[k]);
      literal.push_back(false);
    }
    if (!continued) break;
  }
  bool complete = result == InputReader::Result::Record;

  const std::string* ifs_value = shell.get_scalar("IFS");
  std::string ifs = ifs_value != nullptr ? *ifs_value : std::string(" \t\n");
  if (array) {
    std::vector<std::string> fields = split_for_read(line, literal, ifs, 0);
    shell.vars().unset(array_name);
    for (size_t k = 0; k < fields.size(); ++k) shell.assign_element(array_name, std::to_string(k), fields[k]);
    return got_any && complete ? 0 : 1;
  }
  if (names.size() == 1) {
    // Common case: the whole line, trimmed of IFS white space.
    size_t start = 0, end = line.size();
    while (start < end && !literal[start] && is_ifs_white(line[start], ifs)) ++start;
    while (end > start && !literal[end - 1] && is_ifs_white(line[end - 1], ifs)) --end;
    shell.assign(names[0], std::string_view(line).substr(start, end - start));
  } else {
    std::vector<std::string> fields = split_for_read(line, literal, ifs, names.size());
    for (size_t k = 0; k < names.size(); ++k) shell.assign(names[k], k < fields.size() ? fields[k] : std::string());
  }
  return got_any && complete ? 0 : 1;
}

}  // namespace

void register_read_builtin(BuiltinTable& table) { table["read"] = Builtin{builtin_read, false}; }

}  // namespace forklift::interp
