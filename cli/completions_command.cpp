// `forklift completions bash|zsh|fish`: prints the shell's completion script.
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/app.h"
#include "cli/command_outline.h"
#include "cli/shell_completions.h"
#include "cli/subcommands.h"

namespace forklift::cli {
namespace {

int run_completions(const std::string& shell, const CLI::App& app) {
  std::optional<std::string> script = completion_script(shell, outline_command(app), outline_subcommands(app));
  if (!script) {
    std::fprintf(stderr, "forklift: no completions for `%s` (bash, zsh or fish)\n", shell.c_str());
    return kExitUsage;
  }
  std::fwrite(script->data(), 1, script->size(), stdout);
  return kExitOk;
}

const RegisterSubcommand kRegisterCompletions([](CLI::App& app, int& status) {
  auto shell = std::make_shared<std::string>();
  CLI::App* completions = app.add_subcommand("completions", "Print the completion script for bash, zsh or fish");
  completions->footer(
      "Install: bash: forklift completions bash > ~/.local/share/bash-completion/completions/forklift; "
      "zsh: forklift completions zsh > ~/.zfunc/_forklift (with fpath+=~/.zfunc before compinit); "
      "fish: forklift completions fish > ~/.config/fish/completions/forklift.fish. "
      "The Debian package and `cmake --install` put them where each shell looks.");
  completions->add_option("shell", *shell, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  completions->callback([shell, &app, &status] { status = run_completions(*shell, app); });
});

}  // namespace
}  // namespace forklift::cli
