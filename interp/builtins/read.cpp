// read: one record from a descriptor, split with IFS into variables.
#include <poll.h>

#include <cstdlib>
#include <variant>

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

struct ReadOptions {
  bool raw = false;      // -r: backslashes are data
  bool array = false;    // -a/-A NAME: the fields into an array
  std::string array_name;
  char delim = '\n';     // -d
  size_t limit = 0;      // -n/-N: at most this many characters
  bool exact = false;    // -N: exactly that many, delimiters included
  bool csv = false;      // -S: fields of a CSV file
  int fd = 0;            // -u, -p
  double timeout = -1;   // -t
};

// The options of `read` into `o`; the index of the first name, or the
// status to return (after its message) for a bad option.
std::variant<size_t, int> parse_read_options(Shell& shell, const std::vector<std::string>& argv, ReadOptions& o) {
  size_t i = 1;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") return i + 1;
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
        case 'r': o.raw = true; break;
        case 's': break;
        case 'S': o.csv = true; break;
        case 'a':
        case 'A':
          // The array's name is the first operand when it does not follow
          // the option in the same word (`read -A -S arr`).
          o.array = true;
          o.array_name = a.substr(k + 1);
          k = a.size();
          break;
        case 'd': {
          std::string d = value();
          o.delim = d.empty() ? '\0' : d[0];
          break;
        }
        case 'n': o.limit = static_cast<size_t>(std::atol(value().c_str())); break;
        case 'N':
          o.limit = static_cast<size_t>(std::atol(value().c_str()));
          o.exact = true;
          break;
        case 'u': o.fd = std::atoi(value().c_str()); break;
        case 't': o.timeout = std::atof(value().c_str()); break;
        case 'p':
          o.fd = shell.coprocess_output();
          if (o.fd < 0) {
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
  return i;
}

// One record as read sees it: backslash escapes removed unless raw (their
// characters marked `literal`), continued lines joined.
struct Record {
  std::string line;
  std::vector<bool> literal;
  bool got_any = false;
  bool complete = false;  // ended by its delimiter, not by end of file
};

Record read_record(Shell& shell, const ReadOptions& o) {
  Record r;
  InputReader::Result result;
  shell.out().flush();
  for (;;) {
    std::string chunk;
    size_t wanted = o.limit > 0 ? o.limit - text::char_count(r.line) : 0;
    result = shell.input().read_record(o.fd, o.exact ? '\0' : o.delim, chunk, wanted);
    if (o.exact && result == InputReader::Result::Record && text::char_count(chunk) < wanted) {
      // -N ignores delimiters: keep reading until the count is reached.
      r.line += chunk;
      r.line.push_back('\0');
      r.literal.resize(r.line.size(), true);
      continue;
    }
    if (result == InputReader::Result::Eof || result == InputReader::Result::Error) break;
    r.got_any = true;
    std::erase(chunk, '\0');  // ksh drops NUL bytes from what it reads
    if (o.raw) {
      r.line += chunk;
      r.literal.resize(r.line.size(), false);
      break;
    }
    bool continued = false;
    for (size_t k = 0; k < chunk.size(); ++k) {
      if (chunk[k] == '\\') {
        if (k + 1 < chunk.size()) {
          r.line.push_back(chunk[++k]);
          r.literal.push_back(true);
        } else if (result == InputReader::Result::Record && o.delim == '\n') {
          continued = true;
        }
        continue;
      }
      r.line.push_back(chunk[k]);
      r.literal.push_back(false);
    }
    if (!continued) break;
  }
  r.complete = result == InputReader::Result::Record;
  return r;
}

// The fields of a CSV record (read -S), marked as read_record marks a line:
// a field that starts with `"` is quoted up to the next lone `"` (`""` is one
// quote), separators and delimiters included, and what follows it up to the
// next separator is dropped; a `"` later in a field ends the field's text the
// same way. Backslashes escape outside quotes only.
class CsvRecordReader {
 public:
  CsvRecordReader(const ReadOptions& o, std::string ifs) : o_(o), ifs_(std::move(ifs)) {}

  Record read(Shell& shell) {
    InputReader::Result result;
    shell.out().flush();
    for (;;) {
      std::string chunk;
      result = shell.input().read_record(o_.fd, o_.delim, chunk, 0);
      if (result == InputReader::Result::Eof || result == InputReader::Result::Error) break;
      r_.got_any = true;
      std::erase(chunk, '\0');
      for (size_t k = 0; k < chunk.size(); ++k) k = take(chunk, k);
      if (!in_quotes_ || result != InputReader::Result::Record) break;
      keep(o_.delim, true);
    }
    r_.complete = result == InputReader::Result::Record;
    return std::move(r_);
  }

 private:
  void keep(char c, bool literal) {
    if (dropping_) return;
    r_.line.push_back(c);
    r_.literal.push_back(literal);
  }

  // Reads chunk[k] (and what it escapes or doubles); the index of the last byte read.
  size_t take(const std::string& chunk, size_t k) {
    char c = chunk[k];
    if (in_quotes_) {
      if (c != '"') {
        keep(c, true);
      } else if (k + 1 < chunk.size() && chunk[k + 1] == '"') {
        keep('"', true);
        ++k;
      } else {
        in_quotes_ = false;
        dropping_ = true;
      }
      return k;
    }
    if (ifs_.find(c) != std::string::npos) {
      dropping_ = false;
      field_start_ = true;
      keep(c, false);
      return k;
    }
    bool opening = field_start_;
    field_start_ = false;
    if (c == '"') {
      // A `"` inside a field quotes only when another one closes it.
      in_quotes_ = opening || chunk.find('"', k + 1) != std::string::npos;
      dropping_ = !opening;
      return k;
    }
    if (c == '\\' && !o_.raw && k + 1 < chunk.size()) {
      keep(chunk[++k], true);
      return k;
    }
    keep(c, false);
    return k;
  }

  const ReadOptions& o_;
  std::string ifs_;
  Record r_;
  bool in_quotes_ = false;
  bool field_start_ = true;
  bool dropping_ = false;
};

std::string read_ifs(Shell& shell) {
  const std::string* ifs_value = shell.get_scalar("IFS");
  return ifs_value != nullptr ? *ifs_value : std::string(" \t\n");
}

void assign_fields(Shell& shell, const ReadOptions& o, const std::vector<std::string>& names, const Record& r) {
  std::string ifs = read_ifs(shell);
  if (o.array) {
    std::vector<std::string> fields = split_for_read(r.line, r.literal, ifs, 0);
    shell.vars().unset(o.array_name);
    for (size_t k = 0; k < fields.size(); ++k) shell.assign_element(o.array_name, std::to_string(k), fields[k]);
    return;
  }
  if (names.size() == 1) {
    // Common case: the whole line, trimmed of IFS white space.
    size_t start = 0, end = r.line.size();
    while (start < end && !r.literal[start] && is_ifs_white(r.line[start], ifs)) ++start;
    while (end > start && !r.literal[end - 1] && is_ifs_white(r.line[end - 1], ifs)) --end;
    shell.assign(names[0], std::string_view(r.line).substr(start, end - start));
    return;
  }
  std::vector<std::string> fields = split_for_read(r.line, r.literal, ifs, names.size());
  for (size_t k = 0; k < names.size(); ++k) shell.assign(names[k], k < fields.size() ? fields[k] : std::string());
}

int builtin_read(Shell& shell, std::vector<std::string>& argv) {
  ReadOptions o;
  auto parsed = parse_read_options(shell, argv, o);
  if (const int* status = std::get_if<int>(&parsed)) return *status;
  std::vector<std::string> names(argv.begin() + static_cast<long>(std::get<size_t>(parsed)), argv.end());
  if (!names.empty()) {
    size_t q = names[0].find('?');
    if (q != std::string::npos) {
      if (::isatty(o.fd)) shell.write_fd(2, names[0].substr(q + 1));  // only a terminal is prompted, as in ksh
      names[0].resize(q);
    }
  }
  if (o.array && o.array_name.empty()) {
    o.array = !names.empty();  // without a name, the line goes to REPLY
    if (o.array) o.array_name = names[0];
  }
  if (names.empty() && !o.array) names.push_back("REPLY");
  if (o.timeout >= 0) {
    struct pollfd p{o.fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(o.timeout * 1000)) <= 0) return 1;
  }
  Record r = o.csv ? CsvRecordReader(o, read_ifs(shell)).read(shell) : read_record(shell, o);
  assign_fields(shell, o, names, r);
  return r.got_any && r.complete ? 0 : 1;
}

}  // namespace

void register_read_builtin(BuiltinTable& table) { table["read"] = Builtin{builtin_read, false}; }

}  // namespace forklift::interp
