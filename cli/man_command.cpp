// `forklift man [SUBCOMMAND]` (hidden): prints a man page in roff, or writes
// every page into --output-dir; the build runs it, so the installed pages say
// what `--help` says.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/command_outline.h"
#include "cli/man_page.h"
#include "cli/subcommands.h"
#include "rewriter/atomic_write.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;

struct ManCommand {
  std::string page, output_dir;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "forklift: %s\n", message.c_str());
  return kExitUsage;
}

int run_man(const ManCommand& command, const CLI::App& app) {
  CommandOutline top = outline_command(app);
  std::vector<CommandOutline> subcommands = outline_subcommands(app);
  if (!command.output_dir.empty()) {
    std::error_code error;
    fs::create_directories(command.output_dir, error);
    if (error) return fail(fmt::format("{}: {}", command.output_dir, error.message()));
    fs::path dir = command.output_dir;
    if (auto error = write_new_file_atomically((dir / "forklift.1").string(), main_man_page(top, subcommands))) {
      return fail(*error);
    }
    for (const CommandOutline& sub : subcommands) {
      fs::path path = dir / fmt::format("forklift-{}.1", sub.name);
      if (auto error = write_new_file_atomically(path.string(), subcommand_man_page(sub))) return fail(*error);
    }
    return kExitOk;
  }
  std::string text;
  if (command.page.empty() || command.page == "forklift") text = main_man_page(top, subcommands);
  for (const CommandOutline& sub : subcommands) {
    if (sub.name == command.page) text = subcommand_man_page(sub);
  }
  if (text.empty()) return fail(fmt::format("no man page `{}`", command.page));
  std::fwrite(text.data(), 1, text.size(), stdout);
  return kExitOk;
}

const RegisterSubcommand kRegisterMan([](CLI::App& app, int& status) {
  auto command = std::make_shared<ManCommand>();
  CLI::App* man = app.add_subcommand("man", "Print a man page in roff (forklift, or a subcommand's)");
  man->group("");
  man->add_option("page", command->page, "forklift (the default) or a subcommand");
  man->add_option("--output-dir", command->output_dir, "Write every page (forklift.1, forklift-lint.1, ...) here");
  man->callback([command, &app, &status] { status = run_man(*command, app); });
});

}  // namespace
}  // namespace forklift::cli
