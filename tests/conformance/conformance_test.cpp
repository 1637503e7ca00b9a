// Runs every snippet of tests/conformance/snippets/*.txt with `forklift run`
// and with the installed ksh93u+m, and compares stdout and exit status.
//
// Snippet files: each snippet starts with a line `### name`; the lines up to
// the next `###` are the script. A line `#! known: REASON` inside a snippet
// marks a knowingly different behaviour (reported, not failed).
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
#include <iomanip>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/support/required_tools.h"

namespace {

namespace fs = std::filesystem;

struct Snippet {
  std::string file;
  std::string name;
  std::string script;
  std::string known;  // reason, when knowingly different
};

struct Outcome {
  int status = -1;
  std::string out;
  bool timed_out = false;
};

std::vector<Snippet> load_snippets() {
  std::vector<Snippet> snippets;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(FORKLIFT_SOURCE_DIR "/tests/conformance/snippets")) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string line;
    Snippet* current = nullptr;
    while (std::getline(in, line)) {
      if (line.rfind("### ", 0) == 0) {
        snippets.push_back(Snippet{path.filename().string(), line.substr(4), "", ""});
        current = &snippets.back();
        continue;
      }
      if (current == nullptr) continue;
      if (line.rfind("#! known: ", 0) == 0) {
        current->known = line.substr(10);
        continue;
      }
      current->script += line + "\n";
    }
  }
  return snippets;
}

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

}  // namespace

TEST_CASE("conformance snippets behave as in ksh93u+m") {
  const char* ksh = "/usr/bin/ksh";
  if (access(ksh, X_OK) != 0) {
    forklift::test::skip_for_missing_tool("ksh93u+m is not installed: the conformance comparison");
    return;
  }
  std::vector<Snippet> snippets = load_snippets();
  REQUIRE(snippets.size() >= 200);
  size_t passed = 0;
  std::vector<std::string> unexpected, known_failures, known_passing;
  for (const Snippet& s : snippets) {
    std::string ksh_dir = make_sandbox("ksh");
    std::string our_dir = make_sandbox("forklift");
    Outcome expected = run({ksh, "-c", s.script, "snippet"}, ksh_dir, ksh_dir + ".out");
    Outcome actual = run({FORKLIFT_BINARY, "run", "-c", s.script, "snippet"}, our_dir, our_dir + ".out");
    fs::remove_all(ksh_dir);
    fs::remove_all(our_dir);
    std::remove((ksh_dir + ".out").c_str());
    std::remove((our_dir + ".out").c_str());
    bool same = !actual.timed_out && expected.status == actual.status && expected.out == actual.out;
    std::string label = s.file + ": " + s.name;
    if (same) {
      ++passed;
      if (!s.known.empty()) known_passing.push_back(label);
      continue;
    }
    if (!s.known.empty()) {
      known_failures.push_back(label + " (" + s.known + ")");
      continue;
    }
    std::ostringstream detail;
    detail << label << "\n  ksh:      status " << expected.status << ", stdout " << std::quoted(expected.out)
           << "\n  forklift: status " << actual.status << (actual.timed_out ? " (timed out)" : "") << ", stdout "
           << std::quoted(actual.out);
    unexpected.push_back(detail.str());
  }
  double rate = 100.0 * static_cast<double>(passed) / static_cast<double>(snippets.size());
  std::ostringstream report;
  report << "conformance: " << passed << "/" << snippets.size() << " snippets match ksh93u+m ("
         << static_cast<int>(rate * 10) / 10.0 << "%)\n";
  for (const auto& k : known_failures) report << "  known difference: " << k << "\n";
  for (const auto& k : known_passing) report << "  marked known but now matching: " << k << "\n";
  for (const auto& u : unexpected) report << "  UNEXPECTED: " << u << "\n";
  std::fputs(report.str().c_str(), stderr);
  CHECK(unexpected.empty());
}
