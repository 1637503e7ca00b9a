// `forklift parse`: prints the AST of shell scripts, for people (sexp) and tools (json).
#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analyzer/ast_printer.h"
#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/source_file.h"
#include "cli/app.h"
#include "cli/subcommands.h"

namespace forklift::cli {
namespace {

struct ParseOptions {
  std::vector<std::string> paths;
  std::string front_end = "auto";
  std::string format = "sexp";
  std::string shell;
  uint64_t max_file_size = LoadLimits{}.max_bytes;
};

LoadResult load(const std::string& path, const LoadLimits& limits) {
  if (path != "-") return load_source(path, limits);
  std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  return make_source("<stdin>", std::move(text), limits);
}

nlohmann::json json_report(const SourceFile& file, Dialect dialect, const ParseResult& result) {
  nlohmann::json report;
  report["path"] = file.path();
  report["dialect"] = dialect_name(dialect);
  report["front_end"] = front_end_name(result.used);
  report["errors"] = nlohmann::json::array();
  for (const ParseError& error : result.errors) {
    Position at = file.position(error.offset);
    report["errors"].push_back({{"line", at.line}, {"column", at.column}, {"message", error.message}});
  }
  if (result.ast && result.ast->root != nullptr) {
    report["ast"] = to_json(result.ast->root);
    report["comments"] = nlohmann::json::array();
    for (const Span& comment : result.ast->comments) report["comments"].push_back({comment.begin, comment.end});
  }
  return report;
}

const char* auto_choice(const ParseResult& result) {
  if (result.used == FrontEnd::Exact) return "parsed with the exact parser";
  if (!result.errors.empty()) return "the exact parser and tree-sitter both reported errors";
  return "the exact parser reported errors; tree-sitter parsed it";
}

// Parses one file and prints it; returns its exit status.
int parse_one(const std::string& path, const ParseOptions& options, FrontEnd front_end,
              std::optional<Dialect> shell, nlohmann::json& json_out) {
  LoadResult loaded = load(path, LoadLimits{options.max_file_size});
  if (!loaded.file) {
    std::fprintf(stderr, "forklift: %s\n", loaded.error.c_str());
    return kExitUsage;
  }
  const SourceFile& file = *loaded.file;
  Dialect dialect = detect_dialect(file.path(), file.text(), shell).dialect;
  ParseResult result = parse_source(file, dialect, front_end);
  if (front_end == FrontEnd::Auto) std::fprintf(stderr, "%s: %s\n", file.path().c_str(), auto_choice(result));
  if (options.format == "json") {
    json_out.push_back(json_report(file, dialect, result));
  } else if (result.ast && result.ast->root != nullptr) {
    std::fputs(to_sexp(result.ast->root).c_str(), stdout);
  }
  for (const ParseError& error : result.errors) {
    std::fprintf(stderr, "%s\n", format_parse_error(file, error).c_str());
  }
  return result.errors.empty() ? kExitOk : kExitFindings;
}

int run_parse(const ParseOptions& options) {
  std::optional<FrontEnd> front_end = front_end_from_name(options.front_end);
  std::optional<Dialect> shell;
  if (!options.shell.empty()) {
    shell = dialect_from_name(options.shell);
    if (!shell) {
      std::fprintf(stderr, "forklift: unknown shell '%s'\n", options.shell.c_str());
      return kExitUsage;
    }
  }
  int status = kExitOk;
  nlohmann::json json_out = nlohmann::json::array();
  for (const std::string& path : options.paths) {
    status = std::max(status, parse_one(path, options, *front_end, shell, json_out));
  }
  if (options.format == "json") {
    // Scripts may hold invalid UTF-8: replace it in the output rather than throw.
    std::string text = json_out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
  }
  return status;
}

const RegisterSubcommand registration([](CLI::App& app, int& status) {
  auto options = std::make_shared<ParseOptions>();
  CLI::App* cmd = app.add_subcommand("parse", "Print the syntax tree of shell scripts");
  cmd->add_option("files", options->paths, "Scripts to parse ('-' reads standard input)")->required();
  cmd->add_option("--front-end", options->front_end, "auto: the exact parser, falling back to tree-sitter (error recovery) where it fails")
      ->check(CLI::IsMember({"auto", "tree-sitter", "exact"}))
      ->capture_default_str();
  cmd->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"sexp", "json"}))
      ->capture_default_str();
  cmd->add_option("--shell", options->shell, "Parse as this shell (sh, bash, ksh, mksh, ...), overriding detection");
  cmd->add_option("--max-file-size", options->max_file_size, "Refuse files larger than this many bytes")
      ->capture_default_str();
  cmd->callback([options, &status] { status = run_parse(*options); });
});

}  // namespace
}  // namespace forklift::cli
