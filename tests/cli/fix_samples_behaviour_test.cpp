// Each sample and its expected rewrite behave the same under the real shells
// the sample targets: same stdout, stderr and exit status on the same inputs.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/cli/fix_samples.h"
#include "tests/cli/fix_script_runner.h"
#include "tests/rewriter/temp_dir.h"

using namespace forklift::test;

namespace fs = std::filesystem;

TEST_CASE("every sample has an expected rewrite", "[fix][samples]") {
  auto samples = all_samples();
  CHECK(samples.size() >= 8);
  for (const Sample& sample : samples) {
    INFO(sample.name);
    CHECK(fs::exists(samples_dir() + "/" + sample.fixed));
    CHECK(read_file(samples_dir() + "/" + sample.fixed) != read_file(samples_dir() + "/" + sample.script));
  }
}

TEST_CASE("samples and their rewrites behave the same under the real shells", "[fix][samples]") {
  for (const Sample& sample : all_samples()) {
    for (const std::string& shell : sample.shells) {
      // Both versions run in the same directory under the same name, so
      // messages that quote $0 or the working directory match too.
      TempDir dir;
      fs::copy(samples_dir(), dir.path(), fs::copy_options::recursive);
      auto original = run_script(shell, sample.script, sample.args, sample.stdin_file, dir.path());
      fs::copy_file(dir.path() + "/" + sample.fixed, dir.path() + "/" + sample.script,
                    fs::copy_options::overwrite_existing);
      auto fixed = run_script(shell, sample.script, sample.args, sample.stdin_file, dir.path());
      INFO(sample.script << " under " << shell);
      CHECK(fixed.out == original.out);
      CHECK(fixed.err == original.err);
      CHECK(fixed.status == original.status);
      CHECK(original.status == 0);  // every sample runs cleanly on its inputs
    }
  }
}
