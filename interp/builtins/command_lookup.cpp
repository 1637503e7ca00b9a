// whence, type and command: how a name resolves, and running it
// past functions and aliases.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/errors.h"

namespace forklift::interp {

namespace {

// How whence, type and command -v/-V describe names.
struct DescribeOptions {
  std::string who = "whence";  // for messages
  bool verbose = false;        // "NAME is ..."
  bool path_only = false;      // -p: only the PATH search, as a bare path
  bool all = false;            // -a: every way the name resolves
  bool type_only = false;      // -t: alias, keyword, function, builtin or file
  bool quiet = false;          // -q: the status alone
  bool skip_functions = false; // -f
};

// One way a name resolves: its -t word and its two spellings.
struct Resolution {
  const char* type;
  std::string verbose;
  std::string plain;
};

// The executable files NAME names on PATH (each directory once, however it
// is spelled), or NAME itself when it has a slash.
std::vector<std::string> path_matches(Shell& shell, const std::string& name, bool all) {
  std::vector<std::string> found;
  auto executable = [](const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos || !all) {
    std::string path = shell.find_command_path(name);
    if (!path.empty() && executable(path)) {
      if (path[0] != '/') {
        char buf[4096];
        if (::getcwd(buf, sizeof buf) != nullptr && name.find('/') == std::string::npos) path = std::string(buf) + "/" + path;
      }
      found.push_back(path);
    }
    return found;
  }
  std::vector<std::pair<dev_t, ino_t>> seen;
  std::string dirs = shell.get_value("PATH");
  for (size_t start = 0; start <= dirs.size();) {
    size_t colon = std::min(dirs.find(':', start), dirs.size());
    std::string dir = dirs.substr(start, colon - start);
    start = colon + 1;
    if (dir.empty()) dir = ".";
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0) continue;
    std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    std::string candidate = dir + "/" + name;
    if (executable(candidate)) found.push_back(candidate);
  }
  return found;
}

std::vector<Resolution> resolve_name(Shell& shell, const std::string& name, const DescribeOptions& o) {
  static const char* const kKeywords[] = {"if", "then", "else", "elif", "fi", "case", "esac", "for", "while",
                                          "until", "do", "done", "function", "select", "time", "[[", "]]", "{", "}", "!"};
  std::vector<Resolution> found;
  if (!o.path_only) {
    if (auto alias = shell.aliases().find(name); alias != shell.aliases().end()) {
      found.push_back({"alias", fmt::format("{} is an alias for {}", name, shell_quote(alias->second)), shell_quote(alias->second)});
    }
    if (std::find_if(std::begin(kKeywords), std::end(kKeywords), [&](const char* k) { return name == k; }) != std::end(kKeywords)) {
      found.push_back({"keyword", name + " is a keyword", name});
    }
    if (!o.skip_functions && shell.find_function(name) != nullptr) found.push_back({"function", name + " is a function", name});
    if (const Builtin* b = shell.find_builtin(name)) {
      found.push_back({"builtin", fmt::format("{} is a {}shell builtin", name, b->special ? "special " : ""), name});
    }
  }
  for (const std::string& path : path_matches(shell, name, o.all)) {
    // What would run from PATH is a "tracked alias" in ksh (trackall is always on).
    bool tracked = found.empty() && name.find('/') == std::string::npos;
    found.push_back({"file", tracked ? fmt::format("{} is a tracked alias for {}", name, path) : fmt::format("{} is {}", name, path), path});
  }
  return found;
}

int describe_commands(Shell& shell, const std::vector<std::string>& names, const DescribeOptions& o) {
  int status = 0;
  std::string out;
  for (const std::string& name : names) {
    std::vector<Resolution> found = resolve_name(shell, name, o);
    if (found.empty()) {
      status = 1;
      if (o.verbose && !o.quiet && !o.type_only) {
        shell.out().write(out);
        out.clear();
        shell.error(fmt::format("{}: {}: not found", o.who, name));
      }
      continue;
    }
    if (o.quiet) continue;
    for (const Resolution& r : found) {
      out += o.type_only ? r.type : o.verbose && !o.path_only ? r.verbose : r.plain;
      out += "\n";
      if (!o.all) break;
    }
  }
  shell.out().write(out);
  return status;
}

int builtin_whence(Shell& shell, std::vector<std::string>& argv) {
  DescribeOptions o;
  o.who = argv[0];
  o.verbose = argv[0] == "type";
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    for (size_t k = 1; k < argv[i].size(); ++k) {
      switch (argv[i][k]) {
        case 'v': o.verbose = true; break;
        case 'p': o.path_only = true; break;
        case 'a': o.all = o.verbose = true; break;
        case 't': o.type_only = true; break;
        case 'q': o.quiet = true; break;
        case 'f': o.skip_functions = true; break;
        default:
          shell.error(fmt::format("{}: -{}: unknown option", argv[0], argv[i][k]));
          return 2;
      }
    }
  }
  return describe_commands(shell, std::vector<std::string>(argv.begin() + static_cast<long>(i), argv.end()), o);
}

int builtin_command(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  bool describe = false, verbose = false;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    for (size_t k = 1; k < argv[i].size(); ++k) {
      if (argv[i][k] == 'v') describe = true;
      if (argv[i][k] == 'V') describe = verbose = true;
    }
  }
  std::vector<std::string> rest(argv.begin() + static_cast<long>(i), argv.end());
  if (describe) {
    DescribeOptions o;
    o.who = "command";
    o.verbose = verbose;
    return describe_commands(shell, rest, o);
  }
  if (rest.empty()) return 0;
  const Builtin* builtin = shell.find_builtin(rest[0]);
  if (builtin == nullptr || !builtin->special) return shell.run_command_argv(rest, true);
  // `command` keeps a special builtin's error from ending the shell.
  try {
    return shell.run_command_argv(rest, true);
  } catch (const FatalError& error) {
    return error.status;
  }
}

}  // namespace

void register_command_lookup_builtins(BuiltinTable& table) {
  table["whence"] = Builtin{builtin_whence, false};
  table["type"] = Builtin{builtin_whence, false};
  table["command"] = Builtin{builtin_command, false};
}

}  // namespace forklift::interp
