#include "cli/man_page.h"

#include <cctype>

#include <fmt/format.h>

#include "rules/rule.h"

namespace forklift::cli {
namespace {

// Text for roff: backslashes escaped, hyphens made real minus signs (so
// options can be searched and copied), and a line starting with `.` or `'`
// protected from being read as a request.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

// Paragraphs separated by blank lines become .PP paragraphs.
std::string paragraphs(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find("\n\n", start);
    std::string_view paragraph = text.substr(start, end == std::string_view::npos ? text.npos : end - start);
    while (!paragraph.empty() && paragraph.front() == '\n') paragraph.remove_prefix(1);
    if (!paragraph.empty()) out += fmt::format(".PP\n{}\n", roff(paragraph));
    if (end == std::string_view::npos) break;
    start = end + 2;
  }
  return out;
}

std::string header(std::string_view page_name, std::string_view summary) {
  std::string upper;
  for (char c : page_name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return fmt::format(".TH {} 1 \"\" \"forklift {}\" \"User Commands\"\n.SH NAME\n{} \\- {}\n", upper,
                     FORKLIFT_VERSION, roff(page_name), roff(summary));
}

std::string option_term(const OptionOutline& option) {
  std::string term;
  for (const std::string& name : option.short_names) {
    term += fmt::format("{}\\fB\\-{}\\fR", term.empty() ? "" : ", ", roff(name));
  }
  for (const std::string& name : option.long_names) {
    term += fmt::format("{}\\fB\\-\\-{}\\fR", term.empty() ? "" : ", ", roff(name));
  }
  if (!option.value_name.empty()) term += fmt::format(" \\fI{}\\fR", roff(option.value_name));
  return term;
}

std::string options_section(const CommandOutline& command) {
  std::string out = ".SH OPTIONS\n";
  for (const PositionalOutline& positional : command.positionals) {
    out += fmt::format(".TP\n\\fI{}\\fR{}\n{}\n", roff(positional.name), positional.repeated ? "..." : "",
                       roff(positional.description));
  }
  for (const OptionOutline& option : command.options) {
    out += fmt::format(".TP\n{}\n{}\n", option_term(option), roff(option.description));
  }
  return out;
}

std::string synopsis(const CommandOutline& command) {
  std::string out = fmt::format(".SH SYNOPSIS\n.B forklift {}\n[\\fIOPTIONS\\fR]", roff(command.name));
  for (const PositionalOutline& positional : command.positionals) {
    std::string word = fmt::format("\\fI{}\\fR{}", roff(positional.name), positional.repeated ? "..." : "");
    out += positional.required ? " " + word : " [" + word + "]";
  }
  return out + "\n";
}

std::string rules_section() {
  std::string out =
      ".SH RULES\n"
      "Each rule's documentation: \\fBforklift rule\\fR \\fICODE\\fR; all of them: \\fBforklift rule \\-\\-all\\fR.\n";
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    out += fmt::format(".TP\n\\fB{}\\fR {}\n{} (fix: {}{})\n", info.code, roff(info.name), roff(info.summary),
                       fix_availability_name(info.fix),
                       info.shellcheck_code ? fmt::format("; ShellCheck {}", *info.shellcheck_code) : "");
  }
  return out;
}

std::string see_also(const std::vector<CommandOutline>& subcommands) {
  std::string out = ".SH SEE ALSO\n";
  for (size_t i = 0; i < subcommands.size(); ++i) {
    out += fmt::format(".BR forklift\\-{} (1){}\n", roff(subcommands[i].name), i + 1 < subcommands.size() ? "," : "");
  }
  return out;
}

}  // namespace

constexpr std::string_view kDescription =
    "forklift is a static analyzer and rewriter for shell scripts (POSIX sh, bash, ksh93). It finds the places "
    "where a script forks a process for work the shell can do itself (expr, bc, backticks, basename, dirname, "
    "echo | sed, seq, cat file |, wc -l), above all inside loops, and rewrites them to builtins. Each fix says "
    "whether it is safe (it never changes what the script does) or unsafe, and why.\n\n"
    "verify runs a script and its rewrite and compares what they do; bench times them; run is the bundled "
    "ksh93-compatible interpreter; lsp is a language server for editors.";

std::string main_man_page(const CommandOutline& top, const std::vector<CommandOutline>& subcommands) {
  std::string_view summary = top.summary;
  if (summary.starts_with("forklift: ")) summary.remove_prefix(10);  // the help's first line names the program
  std::string out = header("forklift", summary);
  out += ".SH SYNOPSIS\n.B forklift\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGS\\fR...]\n";
  out += ".SH DESCRIPTION\n" + paragraphs(kDescription) + ".SH COMMANDS\n";
  for (const CommandOutline& command : subcommands) {
    out += fmt::format(".TP\n\\fBforklift {0}\\fR\n{1}.\n.br\nSee \\fBforklift\\-{0}\\fR(1).\n", roff(command.name),
                       roff(command.summary));
  }
  out += options_section(top);
  out += rules_section();
  out += ".SH CONFIGURATION\nSettings are read from \\fIforklift.toml\\fR or \\fI.forklift.toml\\fR, found upward "
         "from each file: \\fBselect\\fR, \\fBignore\\fR, \\fBextend\\-select\\fR, \\fBshell\\fR, "
         "\\fBper\\-file\\-ignores\\fR, \\fBunsafe\\-fixes\\fR.\n";
  out += ".SH EXIT STATUS\n0: nothing found; 1: findings (lint) or changes (fix \\-\\-diff); 2: usage or input "
         "error. \\fBverify\\fR also exits 3 when a check could not run.\n";
  return out + see_also(subcommands);
}

std::string subcommand_man_page(const CommandOutline& command) {
  std::string out = header("forklift-" + command.name, command.summary);
  out += synopsis(command);
  out += ".SH DESCRIPTION\n" + paragraphs(command.summary) + paragraphs(command.details);
  out += options_section(command);
  return out + ".SH SEE ALSO\n.BR forklift (1)\n";
}

}  // namespace forklift::cli
