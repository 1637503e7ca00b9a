// The scripts in samples/ and what goes with each (see samples/README.md).
#pragma once

#include <string>
#include <vector>

namespace forklift::test {

struct Sample {
  std::string name;        // "run2_slow"
  std::string script;      // "run2_slow.ksh"
  std::string fixed;       // "run2_slow.fixed.ksh"
  std::vector<std::string> args;       // NAME.args, one per line
  std::vector<std::string> fix_flags;  // NAME.fixflags, one per line (e.g. --unsafe-fixes)
  std::string stdin_file;              // "NAME.input" when it exists
  std::vector<std::string> shells;     // the real shells the sample targets
};

std::string samples_dir();
// Every sample, sorted by name.
std::vector<Sample> all_samples();

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);

}  // namespace forklift::test
