// Measures both front ends in MB/s over groups of shell scripts, in one run,
// and prints how many times faster the exact parser is than tree-sitter.
//
//   bench_parse [--min-seconds S] @GROUP PATH... [@GROUP --files-from LIST]...
//
// A PATH may be a file or a directory (searched recursively); a group starts
// at each @NAME argument. bench/parse.sh passes tests/corpus and the system's
// shell scripts.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analyzer/dialect.h"
#include "analyzer/exact_parser.h"
#include "analyzer/source_file.h"
#include "analyzer/tree_sitter_front_end.h"

namespace {

using forklift::Dialect;
using forklift::ParseResult;
using forklift::SourceFile;

struct Script {
  SourceFile file;
  Dialect dialect;
};

struct Group {
  std::string name;
  std::vector<Script> scripts;
  uint64_t bytes = 0;
};

void add_path(Group& group, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path, ec)) {
      if (entry.is_regular_file(ec)) add_path(group, entry.path().string());
    }
    return;
  }
  forklift::LoadResult loaded = forklift::load_source(path);
  if (!loaded.file) return;  // binaries, unreadable: not scripts
  Dialect dialect = forklift::detect_dialect(path, loaded.file->text()).dialect;
  group.bytes += loaded.file->size();
  group.scripts.push_back({std::move(*loaded.file), dialect});
}

struct Measure {
  double mb_per_s = 0;
  size_t failed = 0;  // scripts with errors
};

template <typename Parse>
Measure measure(const Group& group, double min_seconds, Parse parse) {
  using clock = std::chrono::steady_clock;
  Measure m;
  int rounds = 0;
  auto start = clock::now();
  double elapsed = 0;
  while (rounds < 3 || elapsed < min_seconds) {
    size_t failed = 0;
    for (const Script& s : group.scripts) {
      ParseResult r = parse(s.file, s.dialect);
      failed += r.errors.empty() ? 0 : 1;
    }
    m.failed = failed;
    ++rounds;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  }
  m.mb_per_s = static_cast<double>(group.bytes) * rounds / elapsed / 1e6;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  double min_seconds = 1.0;
  std::vector<Group> groups;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--min-seconds" && i + 1 < argc) {
      min_seconds = std::stod(argv[++i]);
    } else if (arg.size() > 1 && arg[0] == '@') {
      groups.push_back(Group{arg.substr(1), {}, 0});
    } else if (groups.empty()) {
      std::fprintf(stderr, "bench_parse: name a group (@NAME) before its files\n");
      return 2;
    } else if (arg == "--files-from" && i + 1 < argc) {
      std::ifstream list(argv[++i]);
      for (std::string line; std::getline(list, line);) {
        if (!line.empty()) add_path(groups.back(), line);
      }
    } else {
      add_path(groups.back(), arg);
    }
  }
  if (groups.empty()) {
    std::fprintf(stderr, "usage: bench_parse [--min-seconds S] @GROUP PATH... [@GROUP PATH...]...\n");
    return 2;
  }
  std::printf("%-10s %6s %9s %16s %12s %8s %14s\n", "group", "files", "KiB", "tree-sitter MB/s", "exact MB/s",
              "ratio", "errors ts/ex");
  for (const Group& g : groups) {
    if (g.scripts.empty()) continue;
    Measure ts = measure(g, min_seconds, forklift::parse_tree_sitter);
    Measure ex = measure(g, min_seconds, forklift::parse_exact);
    std::printf("%-10s %6zu %9llu %16.2f %12.2f %7.1fx %8zu/%zu\n", g.name.c_str(), g.scripts.size(),
                static_cast<unsigned long long>(g.bytes / 1024), ts.mb_per_s, ex.mb_per_s,
                ex.mb_per_s / ts.mb_per_s, ts.failed, ex.failed);
  }
  return 0;
}
