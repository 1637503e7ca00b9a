// Each subcommand lives in its own file and registers itself here, so adding
// one never touches the others.
#pragma once

#include <functional>
#include <vector>

namespace CLI {
class App;
}

namespace forklift::cli {

// Adds a subcommand to the app; its callback stores the exit status in `status`.
using SubcommandFactory = std::function<void(CLI::App& app, int& status)>;

std::vector<SubcommandFactory>& subcommand_registry();

struct RegisterSubcommand {
  explicit RegisterSubcommand(SubcommandFactory factory) { subcommand_registry().push_back(std::move(factory)); }
};

}  // namespace forklift::cli
