#include "cli/subcommands.h"

namespace forklift::cli {

std::vector<SubcommandFactory>& subcommand_registry() {
  static std::vector<SubcommandFactory> registry;
  return registry;
}

}  // namespace forklift::cli
