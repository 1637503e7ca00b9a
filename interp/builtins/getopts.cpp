// getopts: option parsing as ksh93 does it, long names included.
#include <string_view>

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

int builtin_getopts(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 3) {
    shell.error("getopts: usage: getopts optstring name [arg...]");
    return 2;
  }
  std::string optstring = argv[1];
  std::string name = argv[2];
  std::vector<std::string> args = argv.size() > 3 ? std::vector<std::string>(argv.begin() + 3, argv.end())
                                                  : shell.positional();
  bool silent = !optstring.empty() && optstring[0] == ':';
  if (silent) optstring = optstring.substr(1);
  std::vector<GetoptsOption> options = parse_optstring(optstring);
  int optind = static_cast<int>(shell.eval_arith_int(shell.get_value("OPTIND")));
  if (optind < 1) optind = 1;
  int& offset = shell.getopts_offset();
  if (offset == 0) offset = 1;
  auto finish = [&](int status) {
    shell.set_scalar("OPTIND", std::to_string(optind));
    return status;
  };
  // A bad option: silently `silent_value` with OPTARG the letter, else the
  // message and '?' with OPTARG unset.
  auto bad_option = [&](char silent_value, char letter, const std::string& message) {
    if (silent) {
      shell.set_scalar(name, std::string(1, silent_value));
      shell.set_scalar("OPTARG", std::string(1, letter));
    } else {
      shell.error(message);
      shell.set_scalar(name, "?");
      shell.vars().unset("OPTARG");
    }
    return finish(0);
  };
  if (static_cast<size_t>(optind) > args.size()) {
    shell.set_scalar(name, "?");
    offset = 0;
    return finish(1);
  }
  const std::string& current = args[static_cast<size_t>(optind - 1)];
  if (offset == 1) {
    if (current.size() < 2 || current[0] != '-' ) {
      shell.set_scalar(name, "?");
      offset = 0;
      return finish(1);
    }
    if (current == "--") {
      ++optind;
      shell.set_scalar(name, "?");
      offset = 0;
      return finish(1);
    }
  }
  const GetoptsOption* option = nullptr;
  std::string shown;  // the option as messages name it
  std::string value;
  bool has_value = false;
  bool at_end;
  if (offset == 1 && current.starts_with("--")) {  // --name, --name=value (a unique prefix will do)
    size_t eq = current.find('=');
    std::string word = current.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    for (const GetoptsOption& o : options) {
      if (!o.long_name.empty() && o.long_name.starts_with(word) && (option == nullptr || o.long_name == word)) option = &o;
    }
    if (eq != std::string::npos) {
      value = current.substr(eq + 1);
      has_value = true;
    }
    shown = current.substr(0, eq);
    offset = static_cast<int>(current.size());
    at_end = true;
  } else {
    char c = current[static_cast<size_t>(offset)];
    ++offset;
    at_end = static_cast<size_t>(offset) >= current.size();
    for (const GetoptsOption& o : options) {
      if (o.letter == c && c != ':' && c != '#' && c != '(') option = &o;
    }
    shown = std::string("-") + c;
    if (option == nullptr) {
      if (at_end) {
        ++optind;
        offset = 0;
      }
      return bad_option('?', c, fmt::format("-{}: unknown option", c));
    }
  }
  if (option == nullptr) {
    ++optind;
    offset = 0;
    if (!silent) shell.error(fmt::format("{}: unknown option", shown));
    shell.set_scalar(name, "?");
    shell.vars().unset("OPTARG");
    return finish(0);
  }
  char c = option->letter;
  if (option->argument == 0) {
    if (at_end) {
      ++optind;
      offset = 0;
    }
    shell.vars().unset("OPTARG");
    shell.set_scalar(name, std::string(1, c));
    return finish(0);
  }
  if (has_value) {
    ++optind;
  } else if (!at_end) {
    value = current.substr(static_cast<size_t>(offset));
    ++optind;
  } else if (static_cast<size_t>(optind) < args.size()) {
    value = args[static_cast<size_t>(optind)];
    optind += 2;
  } else {
    ++optind;
    offset = 0;
    return bad_option(':', c, shown + ": argument expected");
  }
  offset = 0;
  if (option->argument == '#' && !parse_number_literal(value)) {
    return bad_option(':', c, shown + ": numeric argument expected");
  }
  shell.set_scalar("OPTARG", value);
  shell.set_scalar(name, std::string(1, c));
  return finish(0);
}

}  // namespace

void register_getopts_builtin(BuiltinTable& table) {
  table["getopts"] = Builtin{builtin_getopts, false};
}

}  // namespace forklift::interp
