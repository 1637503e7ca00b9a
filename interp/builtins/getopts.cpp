// getopts: option parsing as ksh93 does it, long names included.
#include <algorithm>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

// One option of a getopts optstring: `c`, `c:` (with an argument), `c#`
// (with a numeric argument), each optionally followed by `(long-name)`.
struct GetoptsOption {
  char letter = 0;
  char argument = 0;  // 0, ':' or '#'
  std::string long_name;
};

std::vector<GetoptsOption> parse_optstring(std::string_view spec) {
  std::vector<GetoptsOption> options;
  for (size_t i = 0; i < spec.size(); ++i) {
    GetoptsOption o{spec[i]};
    if (i + 1 < spec.size() && (spec[i + 1] == ':' || spec[i + 1] == '#')) o.argument = spec[++i];
    if (i + 1 < spec.size() && spec[i + 1] == '(') {
      size_t close = spec.find(')', i + 2);
      if (close == std::string_view::npos) close = spec.size();
      o.long_name = std::string(spec.substr(i + 2, close - i - 2));
      i = close;
    }
    options.push_back(o);
  }
  return options;
}

// One call of getopts: where it is in the arguments (OPTIND and the offset
// inside the current word), and how it reports.
class GetoptsCall {
 public:
  GetoptsCall(Shell& shell, std::string name, std::string optstring, std::vector<std::string> args, std::string program)
      : shell_(shell), name_(std::move(name)), program_(std::move(program)), args_(std::move(args)),
        offset_(shell.getopts_offset()) {
    silent_ = !optstring.empty() && optstring[0] == ':';
    options_ = parse_optstring(silent_ ? optstring.substr(1) : optstring);
    optind_ = std::max(1, static_cast<int>(shell.eval_arith_int(shell.get_value("OPTIND"))));
    if (offset_ == 0) offset_ = 1;
  }

  int next() {
    if (static_cast<size_t>(optind_) > args_.size()) return end_of_options();
    const std::string& current = args_[static_cast<size_t>(optind_ - 1)];
    if (offset_ == 1 && (current.size() < 2 || current[0] != '-')) return end_of_options();
    if (offset_ == 1 && current == "--") {
      ++optind_;
      return end_of_options();
    }
    Match m = offset_ == 1 && current.starts_with("--") ? long_option(current) : short_option(current);
    if (m.option == nullptr) return unknown(m);
    if (m.option->argument == 0) {
      if (m.at_end) next_word();
      shell_.vars().unset("OPTARG");
      shell_.set_scalar(name_, std::string(1, m.option->letter));
      return finish(0);
    }
    return with_argument(current, m);
  }

 private:
  struct Match {
    const GetoptsOption* option = nullptr;
    std::string shown;  // the option as messages name it
    std::string value;
    bool has_value = false;
    bool at_end = false;  // the option ends its word
    char letter = 0;      // the letter read, for a short option
  };

  // --name, --name=value (a unique prefix will do).
  Match long_option(const std::string& current) {
    Match m;
    size_t eq = current.find('=');
    std::string word = current.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    for (const GetoptsOption& o : options_) {
      if (!o.long_name.empty() && o.long_name.starts_with(word) && (m.option == nullptr || o.long_name == word)) {
        m.option = &o;
      }
    }
    if (eq != std::string::npos) {
      m.value = current.substr(eq + 1);
      m.has_value = true;
    }
    m.shown = current.substr(0, eq);
    offset_ = static_cast<int>(current.size());
    m.at_end = true;
    return m;
  }

  Match short_option(const std::string& current) {
    Match m;
    m.letter = current[static_cast<size_t>(offset_)];
    ++offset_;
    m.at_end = static_cast<size_t>(offset_) >= current.size();
    for (const GetoptsOption& o : options_) {
      if (o.letter == m.letter && m.letter != ':' && m.letter != '#' && m.letter != '(') m.option = &o;
    }
    m.shown = std::string("-") + m.letter;
    return m;
  }

  int unknown(const Match& m) {
    if (m.letter != 0) {
      if (m.at_end) next_word();
      return bad_option('?', m.letter, fmt::format("-{}: unknown option", m.letter));
    }
    next_word();
    if (!silent_) report(fmt::format("{}: unknown option", m.shown));
    shell_.set_scalar(name_, "?");
    shell_.vars().unset("OPTARG");
    return finish(0);
  }

  int with_argument(const std::string& current, Match& m) {
    char c = m.option->letter;
    if (m.has_value) {
      ++optind_;
    } else if (!m.at_end) {
      m.value = current.substr(static_cast<size_t>(offset_));
      ++optind_;
    } else if (static_cast<size_t>(optind_) < args_.size()) {
      m.value = args_[static_cast<size_t>(optind_)];
      optind_ += 2;
    } else {
      next_word();
      return bad_option(':', c, m.shown + ": argument expected");
    }
    offset_ = 0;
    if (m.option->argument == '#' && !parse_number_literal(m.value)) {
      return bad_option(':', c, m.shown + ": numeric argument expected");
    }
    shell_.set_scalar("OPTARG", m.value);
    shell_.set_scalar(name_, std::string(1, c));
    return finish(0);
  }

  void next_word() {
    ++optind_;
    offset_ = 0;
  }

  int end_of_options() {
    shell_.set_scalar(name_, "?");
    offset_ = 0;
    return finish(1);
  }

  int finish(int status) {
    shell_.set_scalar("OPTIND", std::to_string(optind_));
    return status;
  }

  // A bad option: silently `silent_value` with OPTARG the letter, else the
  // message and '?' with OPTARG unset.
  int bad_option(char silent_value, char letter, const std::string& message) {
    if (silent_) {
      shell_.set_scalar(name_, std::string(1, silent_value));
      shell_.set_scalar("OPTARG", std::string(1, letter));
    } else {
      report(message);
      shell_.set_scalar(name_, "?");
      shell_.vars().unset("OPTARG");
    }
    return finish(0);
  }

  // A message: "PROGRAM: MESSAGE" under -a PROGRAM, else as the shell's errors.
  void report(const std::string& message) {
    if (program_.empty()) shell_.error(message);
    else shell_.write_fd(2, fmt::format("{}: {}\n", program_, message));
  }

  Shell& shell_;
  std::string name_;
  std::string program_;
  std::vector<std::string> args_;
  int& offset_;
  bool silent_ = false;
  std::vector<GetoptsOption> options_;
  int optind_ = 1;
};

// getopts [-a NAME] [--] OPTSTRING NAME [ARG...]: -a names the command in
// its messages.
int builtin_getopts(Shell& shell, std::vector<std::string>& argv) {
  size_t first = 1;
  std::string program;
  if (first + 1 < argv.size() && argv[first] == "-a") {
    program = argv[first + 1];
    first += 2;
  } else if (first < argv.size() && argv[first].starts_with("-a") && argv[first].size() > 2) {
    program = argv[first].substr(2);
    ++first;
  }
  if (first < argv.size() && argv[first] == "--") ++first;
  if (argv.size() < first + 2) {
    shell.error("getopts: usage: getopts [-a name] optstring name [args...]");
    return 2;
  }
  std::vector<std::string> args = argv.size() > first + 2
                                      ? std::vector<std::string>(argv.begin() + static_cast<long>(first) + 2, argv.end())
                                      : shell.positional();
  return GetoptsCall(shell, argv[first + 1], argv[first], std::move(args), std::move(program)).next();
}

}  // namespace

void register_getopts_builtin(BuiltinTable& table) {
  table["getopts"] = Builtin{builtin_getopts, false};
}

}  // namespace forklift::interp
