// `forklift fix` turns each sample into exactly its expected rewrite, and
// leaves the rewrite as it is.
#include <catch2/catch.hpp>

#include "tests/cli/fix_samples.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;

namespace {

RunResult fix_text(const Sample& sample, const std::string& text) {
  std::vector<std::string> args{"fix"};
  args.insert(args.end(), sample.fix_flags.begin(), sample.fix_flags.end());
  args.insert(args.end(), {"--isolated", "--stdin-filename", sample.script, "-"});
  return run_forklift(args, text);
}

}  // namespace

TEST_CASE("fixing each sample gives exactly its expected rewrite", "[fix][samples]") {
  for (const Sample& sample : all_samples()) {
    INFO(sample.script);
    auto r = fix_text(sample, read_file(samples_dir() + "/" + sample.script));
    CHECK(r.status == 0);
    CHECK(r.out == read_file(samples_dir() + "/" + sample.fixed));
  }
}

TEST_CASE("fixing a fixed sample changes nothing", "[fix][samples]") {
  for (const Sample& sample : all_samples()) {
    INFO(sample.fixed);
    std::string fixed = read_file(samples_dir() + "/" + sample.fixed);
    auto r = fix_text(sample, fixed);
    CHECK(r.status == 0);
    CHECK(r.out == fixed);
    CHECK(r.err.find("No fixes applied.") != std::string::npos);
  }
}
