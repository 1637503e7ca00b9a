#include "tests/cli/fix_samples.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace forklift::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> lines_of(const fs::path& path) {
  std::vector<std::string> lines;
  if (!fs::exists(path)) return lines;
  std::istringstream in(read_file(path.string()));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// By extension: .ksh scripts run under ksh93, .bash under bash, and POSIX .sh
// under every POSIX shell we have.
std::vector<std::string> shells_for(const std::string& extension) {
  if (extension == ".ksh") return {"ksh"};
  if (extension == ".bash") return {"bash"};
  return {"dash", "bash", "ksh"};
}

}  // namespace

std::string samples_dir() { return std::string(FORKLIFT_SOURCE_DIR) + "/samples"; }

std::vector<Sample> all_samples() {
  std::vector<Sample> samples;
  for (const auto& entry : fs::directory_iterator(samples_dir())) {
    fs::path path = entry.path();
    std::string ext = path.extension().string();
    if (ext != ".sh" && ext != ".bash" && ext != ".ksh") continue;
    std::string stem = path.stem().string();
    if (stem.ends_with(".fixed")) continue;
    fs::path base = path.parent_path() / stem;
    Sample sample{stem, path.filename().string(), stem + ".fixed" + ext, lines_of(base.string() + ".args"),
                  lines_of(base.string() + ".fixflags"), "", shells_for(ext)};
    if (fs::exists(base.string() + ".input")) sample.stdin_file = stem + ".input";
    samples.push_back(std::move(sample));
  }
  std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.name < b.name; });
  return samples;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace forklift::test
