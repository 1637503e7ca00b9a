// Table-driven test of the exact parser: every case in exact_golden/*.txt is
// an input and the S-expression (analyzer/ast_printer.h) it must parse into.
//
// File format, repeated:
//   === NAME [DIALECT]          (DIALECT: sh, bash, ksh, mksh; default bash)
//   input lines...              (joined with \n, no newline after the last)
//   ---
//   expected S-expression, or `error: LINE:COL: MESSAGE` lines
//
// Set FORKLIFT_UPDATE_GOLDEN=1 to rewrite the expectations from the parser's
// output (then review the diff).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/ast_shape.h"
#include "analyzer/ast_printer.h"
#include "analyzer/exact_parser.h"
#include "tests/analyzer/exact_test_support.h"

namespace forklift {
namespace {

struct GoldenCase {
  std::string name;
  Dialect dialect = Dialect::Bash;
  std::string input;
  std::string expected;
};

std::vector<GoldenCase> read_cases(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<GoldenCase> cases;
  std::string line;
  enum { kNone, kInput, kExpected } section = kNone;
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      GoldenCase c;
      std::string header = line.substr(4);
      auto open = header.rfind(" [");
      if (open != std::string::npos && header.back() == ']') {
        c.dialect = *dialect_from_name(header.substr(open + 2, header.size() - open - 3));
        header.resize(open);
      }
      c.name = header;
      cases.push_back(c);
      section = kInput;
    } else if (section == kInput && line == "---") {
      if (!cases.back().input.empty()) cases.back().input.pop_back();
      section = kExpected;
    } else if (section == kInput) {
      cases.back().input += line + "\n";
    } else if (section == kExpected && !line.empty()) {
      cases.back().expected += line + "\n";
    }
  }
  return cases;
}

std::string actual_output(const GoldenCase& c) {
  SourceFile file("t.sh", c.input);
  ParseResult result = parse_exact(file, c.dialect);
  std::string out;
  for (const ParseError& error : result.errors) {
    Position at = file.position(error.offset);
    out += "error: " + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + error.message + "\n";
  }
  if (result.ast != nullptr) out += to_sexp(result.ast->root);
  return out;
}

void write_cases(const std::filesystem::path& path, const std::vector<GoldenCase>& cases) {
  std::ofstream out(path);
  for (const GoldenCase& c : cases) {
    out << "=== " << c.name;
    if (c.dialect != Dialect::Bash) out << " [" << dialect_name(c.dialect) << "]";
    out << "\n" << c.input << "\n---\n" << actual_output(c) << "\n";
  }
}

}  // namespace

TEST_CASE("exact parser: golden table of snippets", "[exact]") {
  std::filesystem::path dir = std::filesystem::path(FORKLIFT_SOURCE_DIR) / "tests/analyzer/exact_golden";
  bool update = std::getenv("FORKLIFT_UPDATE_GOLDEN") != nullptr;
  size_t total = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    std::vector<GoldenCase> cases = read_cases(entry.path());
    total += cases.size();
    if (update) {
      write_cases(entry.path(), cases);
      continue;
    }
    for (const GoldenCase& c : cases) {
      INFO(entry.path().filename().string() << ": " << c.name << "\n" << c.input);
      CHECK(actual_output(c) == c.expected);
      SourceFile file("t.sh", c.input);
      ParseResult result = parse_exact(file, c.dialect);
      if (result.ast != nullptr) {
        CHECK(test::span_violations(*result.ast->root, file.size()).empty());
        CHECK(test::text_violations(*result.ast->root, file.text()).empty());
        CHECK(check_shape(result.ast->root) == "");
      }
    }
  }
  CHECK(total >= 150);
}

}  // namespace forklift
