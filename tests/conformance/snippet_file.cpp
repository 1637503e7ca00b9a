#include "snippet_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

namespace forklift::test {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStatus = "#= status ";
constexpr std::string_view kStdout = "#= stdout ";
constexpr std::string_view kKnown = "#! known: ";

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

void parse_annotation(const std::string& path, size_t line_number, const std::string& line, Snippet& snippet) {
  auto bad = [&] { throw std::runtime_error(fmt::format("{}:{}: malformed line: {}", path, line_number, line)); };
  if (line.starts_with(kStatus)) {
    if (!snippet.recorded) snippet.recorded.emplace();
    try {
      snippet.recorded->status = std::stoi(line.substr(kStatus.size()));
    } catch (const std::exception&) {
      bad();
    }
  } else if (line.starts_with(kStdout)) {
    auto out = unescape_output(line.substr(kStdout.size()));
    if (!out) bad();
    if (!snippet.recorded) snippet.recorded.emplace();
    snippet.recorded->out = *out;
  } else {
    snippet.known = line.substr(kKnown.size());
  }
}

}  // namespace

std::string escape_output(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\\' || c == '"') out += {'\\', static_cast<char>(c)};
    else if (c < 0x20 || c >= 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += static_cast<char>(c);
  }
  return out + "\"";
}

std::optional<std::string> unescape_output(const std::string& quoted) {
  if (quoted.size() < 2 || quoted.front() != '"' || quoted.back() != '"') return std::nullopt;
  std::string out;
  for (size_t i = 1; i + 1 < quoted.size(); ++i) {
    if (quoted[i] != '\\') {
      out += quoted[i];
      continue;
    }
    if (i + 2 >= quoted.size()) return std::nullopt;
    char c = quoted[++i];
    if (c == 'n') out += '\n';
    else if (c == 't') out += '\t';
    else if (c == '\\' || c == '"') out += c;
    else if (c == 'x' && i + 3 < quoted.size() && hex_digit(quoted[i + 1]) >= 0 && hex_digit(quoted[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(quoted[i + 1]) * 16 + hex_digit(quoted[i + 2]));
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

std::vector<Snippet> load_snippets(const std::string& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Snippet> snippets;
  for (const auto& path : files) {
    std::vector<std::string> lines = read_lines(path.string());
    Snippet* current = nullptr;
    for (size_t n = 0; n < lines.size(); ++n) {
      const std::string& line = lines[n];
      if (line.starts_with("### ")) {
        snippets.push_back(Snippet{path.string(), line.substr(4), "", "", std::nullopt});
        current = &snippets.back();
      } else if (current == nullptr) {
        continue;
      } else if (line.starts_with(kStatus) || line.starts_with(kStdout) || line.starts_with(kKnown)) {
        parse_annotation(path.string(), n + 1, line, *current);
      } else {
        current->script += line + "\n";
      }
    }
  }
  return snippets;
}

void record_expectations(const std::string& file, const std::vector<Expectation>& expectations) {
  std::vector<std::string> lines = read_lines(file);
  std::string text;
  size_t next = 0;
  for (const std::string& line : lines) {
    if (line.starts_with(kStatus) || line.starts_with(kStdout)) continue;
    text += line + "\n";
    if (!line.starts_with("### ")) continue;
    if (next >= expectations.size()) throw std::runtime_error(file + ": more snippets than expectations");
    const Expectation& e = expectations[next++];
    text += fmt::format("{}{}\n{}{}\n", kStatus, e.status, kStdout, escape_output(e.out));
  }
  std::string temporary = file + ".new";
  std::ofstream(temporary, std::ios::binary) << text;
  fs::rename(temporary, file);
}

}  // namespace forklift::test
