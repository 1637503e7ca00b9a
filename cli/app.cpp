#include "cli/app.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/shell_invocation.h"
#include "cli/subcommands.h"

namespace forklift::cli {

int run(int argc, char** argv) {
  CLI::App app{"forklift: find and remove needless forks in shell scripts"};
  app.name("forklift");
  app.set_version_flag("-V,--version", fmt::format("forklift {}", FORKLIFT_VERSION));
  app.require_subcommand(1);
  app.fallthrough(false);

  int status = kExitOk;
  for (const auto& add : subcommand_registry()) add(app, status);

  std::vector<std::string> args(argv + 1, argv + argc);
  take_shell_arguments(args);
  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, like other linters: the help is one `--help` away.
    std::fprintf(stderr, "forklift: %s\nRun 'forklift --help' for usage.\n", e.what());
    return kExitUsage;
  }
  return status;
}

}  // namespace forklift::cli
