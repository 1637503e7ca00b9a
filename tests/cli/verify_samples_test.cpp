// Every sample's rewrite, as `forklift fix` computes it, verifies as
// equivalent under the bundled interpreter on the sample's inputs.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/cli/fix_samples.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;

namespace {

// The sample's flags for `verify`: its fix flags, its arguments, its stdin,
// and as inputs the files of samples/ (the samples run in that folder and may
// name its files, verify runs in a fresh one).
std::vector<std::string> verify_args(const Sample& sample, const std::vector<std::string>& extra) {
  std::vector<std::string> args{"verify", samples_dir() + "/" + sample.script};
  args.insert(args.end(), sample.fix_flags.begin(), sample.fix_flags.end());
  for (const std::string& arg : sample.args) args.push_back("--arg=" + arg);
  for (const auto& entry : std::filesystem::directory_iterator(samples_dir())) {
    args.push_back("--input=" + entry.path().string());
  }
  if (!sample.stdin_file.empty()) args.push_back("--stdin=" + samples_dir() + "/" + sample.stdin_file);
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("verify finds every sample's rewrite equivalent under the bundled interpreter and its shells",
          "[verify][samples]") {
  for (const Sample& sample : all_samples()) {
    std::vector<std::string> shells;
    for (const std::string& shell : sample.shells) {
      if (forklift::test::installed(shell)) {
        shells.push_back(shell);
      } else {
        forklift::test::skip_for_missing_tool(shell + " is not installed");
      }
    }
    std::vector<std::string> extra;
    for (const std::string& shell : shells) extra.insert(extra.end(), {"--shell", shell});
    RunResult r = run_forklift(verify_args(sample, extra));
    INFO(sample.script << "\n" << r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("[forklift]: equivalent") != std::string::npos);
    for (const std::string& shell : shells) CHECK(r.out.find("[" + shell + "]: equivalent") != std::string::npos);
    CHECK(r.out.ends_with("1 file verified: 1 equivalent\n"));
  }
}

TEST_CASE("verify compares a sample with its expected rewrite on real shells too", "[verify][samples]") {
  for (const Sample& sample : all_samples()) {
    if (sample.name != "run2_slow") continue;
    RunResult r = run_forklift(
        verify_args(sample, {"--fixed", samples_dir() + "/" + sample.fixed, "--shell", "ksh,bash", "--runs", "2"}));
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("[forklift]: equivalent (2 runs)") != std::string::npos);
    CHECK(r.out.find("[ksh]: equivalent (2 runs)") != std::string::npos);
    CHECK(r.out.find("[bash]: equivalent (2 runs)") != std::string::npos);
  }
}
