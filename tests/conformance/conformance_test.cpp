// Runs every snippet of tests/conformance/snippets/*.txt with `forklift run`
// and compares its stdout and exit status with what ksh93u+m gives, as
// recorded next to the snippet (snippet_file.h); a second case checks the
// recordings against the installed ksh93u+m.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "snippet_file.h"

namespace {

namespace fs = std::filesystem;
using forklift::test::Expectation;
using forklift::test::Snippet;

struct Outcome {
  int status = -1;
  std::string out;
  bool timed_out = false;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs argv in `dir` with a fixed environment, stdin from /dev/null, stdout
// captured; kills it after `timeout`.
Outcome run(const std::vector<std::string>& args, const std::string& dir, const std::string& out_path) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::string home = "HOME=" + dir;
  std::vector<std::string> env_storage{"PATH=/usr/local/bin:/usr/bin:/bin", home, "LC_ALL=C", "TZ=UTC", "TERM=dumb"};
  std::vector<char*> envp;
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  pid_t pid = 0;
  Outcome outcome;
  if (posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), envp.data()) != 0) return outcome;
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  int wstatus = 0;
  for (;;) {
    pid_t done = waitpid(pid, &wstatus, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      outcome.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  outcome.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  outcome.out = slurp(out_path);
  return outcome;
}

std::string make_sandbox(const std::string& tag) {
  std::string dir = (fs::temp_directory_path() / ("forklift-conformance-" + std::to_string(getpid()) + "-" + tag)).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The snippet run once in a fresh directory by `shell` (forklift or ksh).
Outcome run_snippet(const std::vector<std::string>& shell, const Snippet& s, const std::string& tag) {
  std::string dir = make_sandbox(tag);
  std::vector<std::string> args = shell;
  args.insert(args.end(), {"-c", s.script, "snippet"});
  Outcome outcome = run(args, dir, dir + ".out");
  fs::remove_all(dir);
  std::remove((dir + ".out").c_str());
  return outcome;
}

std::string label(const Snippet& s) { return fs::path(s.file).filename().string() + ": " + s.name; }

std::string describe(const char* who, int status, const std::string& out) {
  return fmt::format("\n  {:<9} status {}, stdout {}", who, status, forklift::test::escape_output(out));
}

bool tools_required() {
  const char* required = std::getenv("FORKLIFT_REQUIRE_TOOLS");
  return required != nullptr && std::string(required) == "1";
}

std::vector<Snippet> snippets() { return forklift::test::load_snippets(FORKLIFT_SOURCE_DIR "/tests/conformance/snippets"); }

}  // namespace

TEST_CASE("conformance snippets behave as ksh93u+m's recorded runs") {
  std::vector<Snippet> all = snippets();
  REQUIRE(all.size() >= 200);
  size_t passed = 0;
  std::vector<std::string> unexpected, known_failures, known_passing;
  for (const Snippet& s : all) {
    if (!s.recorded) {
      unexpected.push_back(label(s) + ": nothing recorded (FORKLIFT_UPDATE_GOLDEN=1 records ksh93u+m's run)");
      continue;
    }
    Outcome actual = run_snippet({FORKLIFT_BINARY, "run"}, s, "forklift");
    bool same = !actual.timed_out && s.recorded->status == actual.status && s.recorded->out == actual.out;
    if (same) {
      ++passed;
      if (!s.known.empty()) known_passing.push_back(label(s));
    } else if (!s.known.empty()) {
      known_failures.push_back(label(s) + " (" + s.known + ")");
    } else {
      unexpected.push_back(label(s) + describe("ksh:", s.recorded->status, s.recorded->out) +
                           describe("forklift:", actual.status, actual.out) + (actual.timed_out ? " (timed out)" : ""));
    }
  }
  double rate = 100.0 * static_cast<double>(passed) / static_cast<double>(all.size());
  std::string report = fmt::format("conformance: {}/{} snippets match ksh93u+m ({:.1f}%)\n", passed, all.size(), rate);
  for (const auto& k : known_failures) report += "  known difference: " + k + "\n";
  for (const auto& k : known_passing) report += "  marked known but now matching: " + k + "\n";
  for (const auto& u : unexpected) report += "  UNEXPECTED: " + u + "\n";
  std::fputs(report.c_str(), stderr);
  CHECK(unexpected.empty());
}

TEST_CASE("the recorded runs are what the installed ksh93u+m gives") {
  const char* ksh = "/usr/bin/ksh93";
  if (access(ksh, X_OK) != 0) {
    if (tools_required()) FAIL("ksh93u+m (/usr/bin/ksh93) is not installed");
    WARN("ksh93u+m is not installed: the recordings are not checked");
    return;
  }
  const char* update = std::getenv("FORKLIFT_UPDATE_GOLDEN");
  bool updating = update != nullptr && std::string(update) == "1";
  std::vector<Snippet> all = snippets();
  std::vector<std::string> stale;
  std::map<std::string, std::vector<Expectation>> by_file;
  for (const Snippet& s : all) {
    Outcome o = run_snippet({ksh}, s, "ksh");
    by_file[s.file].push_back(Expectation{o.status, o.out});
    if (o.timed_out) stale.push_back(label(s) + ": ksh93u+m timed out");
    else if (!s.recorded || s.recorded->status != o.status || s.recorded->out != o.out)
      stale.push_back(label(s) + (s.recorded ? describe("recorded:", s.recorded->status, s.recorded->out) : "") +
                      describe("ksh:", o.status, o.out));
  }
  if (updating) {
    for (const auto& [file, expectations] : by_file) forklift::test::record_expectations(file, expectations);
    return;
  }
  for (const auto& s : stale) UNSCOPED_INFO(s);
  CHECK(stale.empty());
}
