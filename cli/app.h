// The `forklift` command: one subcommand per job (CLI11).
#pragma once

namespace forklift::cli {

// Exit statuses shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;  // lint found something, fix --diff would change
inline constexpr int kExitUsage = 2;     // usage or I/O error

int run(int argc, char** argv);

}  // namespace forklift::cli
