#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/bench/process_count.h"
#include "tests/cli/fix_samples.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

using forklift::test::read_file;
using forklift::test::run_forklift;
using forklift::test::TempDir;
using forklift::test::write_file;

namespace fs = std::filesystem;

namespace {

// Five rounds of the seed's run2_slow: each forks bc and expr; its rewrite forks nothing.
const std::string kSeed = std::string(FORKLIFT_SOURCE_DIR) + "/samples/run2_slow.ksh";
const std::string kSeedFixed = std::string(FORKLIFT_SOURCE_DIR) + "/samples/run2_slow.fixed.ksh";

// Where processes cannot be counted the checks of the counts give way to
// those of their absence (a failure under FORKLIFT_REQUIRE_TOOLS=1).
bool counting() {
  std::string why;
  if (forklift::harness::bench::process_counting_available(&why)) return true;
  forklift::test::skip_for_missing_tool("process counting is not available here: " + why);
  return false;
}

nlohmann::json bench_json(std::vector<std::string> extra) {
  std::vector<std::string> args{"bench", kSeed, "--arg", "5", "--runs", "2", "--warmup", "0", "--format", "json"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = run_forklift(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

void check_variant(const nlohmann::json& v, size_t runs) {
  REQUIRE(v.is_object());
  CHECK(v.at("samples_ms").size() == runs);
  double min = v.at("min_ms"), median = v.at("median_ms"), max = v.at("max_ms");
  CHECK(min > 0);
  CHECK(min <= median);
  CHECK(median <= max);
  CHECK(v.at("q1_ms").get<double>() <= v.at("q3_ms").get<double>());
  CHECK(v.at("exit_status") == 0);
  CHECK((v.at("processes").is_number_unsigned() || v.at("processes").is_null()));
}

}  // namespace

TEST_CASE("bench prints a row per shell with timings and the process counts") {
  auto r = run_forklift({"bench", kSeed, "--arg", "5", "--runs", "2"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("median (min-max) of 2 runs after 1 warm-up") != std::string::npos);
  CHECK(std::regex_search(r.out, std::regex(R"(\nforklift +[0-9.]+ ms \([0-9.]+-[0-9.]+\) +[0-9.]+ ms \([0-9.]+-[0-9.]+\) +[0-9.]+x  )")));
  // bc and expr in each of 5 rounds; none in the rewrite.
  CHECK(r.out.find(counting() ? "10 -> 0" : "n/a") != std::string::npos);
  CHECK(r.err.empty());  // no progress bar when stderr is not a terminal
}

TEST_CASE("bench json has the timings of each variant under each shell") {
  nlohmann::json j = bench_json({});
  CHECK(j.at("script") == kSeed);
  CHECK(j.at("rewritten").is_null());
  CHECK(j.at("runs") == 2);
  CHECK(j.at("warmup") == 0);
  REQUIRE(j.at("results").size() == 1);
  const nlohmann::json& result = j.at("results")[0];
  CHECK(result.at("shell") == "forklift");
  CHECK(result.at("speedup").get<double>() > 0);
  check_variant(result.at("original"), 2);
  check_variant(result.at("rewritten"), 2);
  if (counting()) {
    CHECK(result.at("original").at("processes") == 10);
    CHECK(result.at("rewritten").at("processes") == 0);
  }
}

TEST_CASE("bench times every shell asked for in order") {
  if (!forklift::test::installed("ksh93") || !forklift::test::installed("bash")) {
    forklift::test::skip_for_missing_tool("ksh93 or bash is not installed");
    return;
  }
  nlohmann::json j = bench_json({"--shell", "ksh93,forklift,bash,ksh93"});
  REQUIRE(j.at("results").size() == 3);
  CHECK(j.at("results")[0].at("shell") == "ksh93");
  CHECK(j.at("results")[1].at("shell") == "forklift");
  CHECK(j.at("results")[2].at("shell") == "bash");
  for (const auto& result : j.at("results")) {
    check_variant(result.at("original"), 2);
    if (counting()) CHECK(result.at("original").at("processes") == 10);
  }
}

TEST_CASE("bench takes the rewrite from --fixed") {
  nlohmann::json j = bench_json({"--fixed", kSeedFixed});
  CHECK(j.at("rewritten") == kSeedFixed);
  if (counting()) CHECK(j.at("results")[0].at("rewritten").at("processes") == 0);
}

TEST_CASE("bench feeds --stdin and --arg to both scripts") {
  TempDir dir;
  std::string script = dir.path() + "/check.sh";
  // Exits 0 only when stdin's first line is the first argument.
  write_file(script, "#!/bin/sh\nread line\nn=$(expr 1 + 1)\ntest \"$line\" = \"$1\" && test $n = 2\n");
  write_file(dir.path() + "/in", "hello\n");
  auto r = run_forklift({"bench", script, "--stdin", dir.path() + "/in", "--arg", "hello", "--runs", "1",
                         "--warmup", "0", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  nlohmann::json result = nlohmann::json::parse(r.out).at("results")[0];
  CHECK(result.at("original").at("exit_status") == 0);
  CHECK(result.at("rewritten").at("exit_status") == 0);
}

TEST_CASE("bench writes the plot as an svg with a pair of bars per shell") {
  TempDir dir;
  std::string plot = dir.path() + "/seed.svg";
  bench_json({"--plot", plot});
  std::string svg = read_file(plot);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(svg.find("class=\"bar before\"") != std::string::npos);
  CHECK(svg.find("class=\"bar after\"") != std::string::npos);
  CHECK(svg.find("x faster</text>") != std::string::npos);
  CHECK(svg.find("</svg>") != std::string::npos);
  // Only the plot itself: the temporary file it was written to is gone.
  CHECK(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()) == 1);
}

TEST_CASE("bench refuses a missing script") {
  auto r = run_forklift({"bench", "/nonexistent/script.sh", "--runs", "1"});
  CHECK(r.status == 2);
  CHECK(r.err.find("/nonexistent/script.sh") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("bench refuses an unknown shell before running anything") {
  TempDir dir;
  std::string plot = dir.path() + "/never.svg";
  auto r = run_forklift({"bench", kSeed, "--shell", "no-such-shell-xyz", "--plot", plot});
  CHECK(r.status == 2);
  CHECK(r.err.find("unknown shell 'no-such-shell-xyz'") != std::string::npos);
  CHECK_FALSE(fs::exists(plot));
}

TEST_CASE("bench reports where a script does not parse") {
  TempDir dir;
  std::string script = dir.path() + "/broken.sh";
  write_file(script, "#!/bin/sh\necho ok\nif true; then\n  echo x\nfi fi\n");
  auto r = run_forklift({"bench", script, "--runs", "1"});
  CHECK(r.status == 2);
  CHECK(std::regex_search(r.err, std::regex(std::regex_replace(script, std::regex(R"([.^$|()\[\]{}*+?\\])"),
                                                                R"(\$&)") +
                                            R"(:[0-9]+:[0-9]+: )")));
  CHECK(r.out.empty());
}

TEST_CASE("bench refuses a plot it cannot write and writes nothing") {
  TempDir dir;
  auto missing = run_forklift({"bench", kSeed, "--plot", dir.path() + "/no/such/dir/plot.svg"});
  CHECK(missing.status == 2);
  CHECK(missing.err.find("no such directory") != std::string::npos);
  auto directory = run_forklift({"bench", kSeed, "--plot", dir.path()});
  CHECK(directory.status == 2);
  CHECK(directory.err.find("is a directory") != std::string::npos);
  CHECK(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()) == 0);
}

TEST_CASE("bench refuses a script that fails to run") {
  TempDir dir;
  std::string script = dir.path() + "/slow.sh";
  write_file(script, "#!/bin/sh\nn=$(expr 1 + 1)\nsleep 5\n");
  auto r = run_forklift({"bench", script, "--runs", "1", "--warmup", "0", "--timeout", "0.2"});
  CHECK(r.status == 2);
  CHECK(r.err.find("timed out") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("bench where namespaces are refused times without counting") {
  // In a user namespace with no uid mapped, creating another one fails with
  // EPERM, as on a kernel that forbids them; where the machine itself refuses
  // user namespaces, forklift meets that refusal directly. No sandbox can be
  // made either way, hence --no-sandbox.
  std::string command = std::string("sh -c 'if unshare --user true 2>/dev/null; then exec unshare --user \"$@\"; fi; "
                                    "exec \"$@\"' sh ") +
                        FORKLIFT_BINARY + " bench " + kSeed +
                        " --arg 2 --runs 1 --warmup 0 --format json --no-sandbox 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  REQUIRE(pclose(pipe) == 0);
  nlohmann::json result = nlohmann::json::parse(out).at("results")[0];
  CHECK(result.at("original").at("processes").is_null());
  CHECK(result.at("rewritten").at("processes").is_null());
  CHECK(result.at("original").at("samples_ms").size() == 1);
}
