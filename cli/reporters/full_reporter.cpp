// --output-format full (the default): each finding with its source line, a
// caret under the span, and the fix it proposes with its safety, then a summary.
//
//   warning[FL101]: `expr` forks a process for arithmetic
//    --> loop.sh:3:5
//     |
//   3 |   x=`expr $i + 1`
//     |     ^^^^^^^^^^^^^
//     = fix (safe): Replace `expr` with `$(( ))`
//     - x=`expr $i + 1`
//     + x=$((i + 1))
#include <algorithm>

#include <fmt/format.h>

#include "cli/reporters/report_summary.h"
#include "cli/reporters/reporter.h"

namespace forklift::cli {
namespace {

constexpr size_t kMaxPreviewLines = 8;

struct Style {
  std::string_view bold, red, yellow, blue, green, cyan, reset;
};

Style style_for(bool color) {
  if (!color) return {};
  return {"\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[34m", "\x1b[32m", "\x1b[36m", "\x1b[0m"};
}

std::string_view severity_color(const Style& style, Severity severity) {
  switch (severity) {
    case Severity::Error: return style.red;
    case Severity::Warning: return style.yellow;
    case Severity::Info:
    case Severity::Hint: return style.cyan;
  }
  return style.yellow;
}

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Blanks that line up with `prefix` on a terminal: tabs stay tabs, each
// UTF-8 character becomes one space.
std::string blanks_under(std::string_view prefix) {
  std::string out;
  for (char c : prefix) {
    if (c == '\t') {
      out += '\t';
    } else if (!is_continuation_byte(c)) {
      out += ' ';
    }
  }
  return out;
}

size_t characters_in(std::string_view text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

class FullWriter {
 public:
  FullWriter(const Report& report, std::string& out) : report_(report), style_(style_for(report.color)), out_(out) {}

  void write_finding(const SourceFile& file, const Diagnostic& diagnostic) {
    Position at = file.position(diagnostic.begin);
    gutter_ = std::string(std::to_string(std::max(at.line, file.position(diagnostic.end).line)).size(), ' ');
    out_ += fmt::format("{}{}{}[{}]{}: {}{}{}\n", style_.bold, severity_color(style_, diagnostic.severity),
                        severity_name(diagnostic.severity), diagnostic.code, style_.reset, style_.bold,
                        diagnostic.message, style_.reset);
    out_ += fmt::format("{}{}-->{} {}:{}:{}\n", gutter_, style_.blue, style_.reset, file.path(), at.line, at.column);
    write_source_with_caret(file, diagnostic, at);
    if (diagnostic.fix) write_fix(file, *diagnostic.fix);
    out_ += '\n';
  }

 private:
  void bar_line() { out_ += fmt::format("{} {}|{}\n", gutter_, style_.blue, style_.reset); }

  void write_source_with_caret(const SourceFile& file, const Diagnostic& diagnostic, Position at) {
    std::string_view line = file.line_text(at.line);
    uint32_t column = std::min<uint32_t>(at.column - 1, static_cast<uint32_t>(line.size()));
    // A span reaching past this line is underlined to the line's end.
    uint32_t end_column = std::min<uint32_t>(column + (diagnostic.end - diagnostic.begin), static_cast<uint32_t>(line.size()));
    size_t carets = std::max<size_t>(1, characters_in(line.substr(column, end_column - column)));
    bar_line();
    out_ += fmt::format("{}{}{} |{} {}\n", style_.blue, at.line, std::string(gutter_.size() - std::to_string(at.line).size(), ' '),
                        style_.reset, line);
    out_ += fmt::format("{} {}|{} {}{}{}{}\n", gutter_, style_.blue, style_.reset, blanks_under(line.substr(0, column)),
                        severity_color(style_, diagnostic.severity), std::string(carets, '^'), style_.reset);
  }

  void write_fix(const SourceFile& file, const Fix& fix) {
    bool applicable = is_applicable(fix, report_.unsafe_fixes);
    out_ += fmt::format("{} {}={} {}fix ({}): {}\n", gutter_, style_.blue, style_.reset, applicable ? "[*] " : "",
                        applicability_name(fix.applicability), fix.title);
    if (!fix.reason.empty()) out_ += fmt::format("{} {}={} note: {}\n", gutter_, style_.blue, style_.reset, fix.reason);
    if (!fix.edits.empty()) write_preview(file, fix);
  }

  // The lines the edits touch, before (-) and after (+).
  void write_preview(const SourceFile& file, const Fix& fix) {
    uint32_t first_line = file.position(fix.edits.front().begin).line;
    uint32_t last_line = file.position(fix.edits.back().end).line;
    uint32_t from = file.line_start(first_line);
    uint32_t to = file.line_start(last_line) + static_cast<uint32_t>(file.line_text(last_line).size());
    std::string_view text = file.text();
    std::string after;
    uint32_t cursor = from;
    for (const Edit& edit : fix.edits) {
      after.append(text.substr(cursor, edit.begin - cursor));
      after += edit.replacement;
      cursor = std::max(cursor, edit.end);
    }
    if (cursor < to) after.append(text.substr(cursor, to - cursor));
    write_preview_lines(text.substr(from, to - from), '-', style_.red);
    write_preview_lines(after, '+', style_.green);
  }

  void write_preview_lines(std::string_view text, char sign, std::string_view color) {
    size_t shown = 0;
    while (shown < kMaxPreviewLines) {
      size_t eol = text.find('\n');
      out_ += fmt::format("{} {}{} {}{}\n", gutter_, color, sign, text.substr(0, eol), style_.reset);
      ++shown;
      if (eol == std::string_view::npos) return;
      text.remove_prefix(eol + 1);
    }
    out_ += fmt::format("{} {}{} ...{}\n", gutter_, color, sign, style_.reset);
  }

  const Report& report_;
  Style style_;
  std::string& out_;
  std::string gutter_;
};

}  // namespace

void report_full(const Report& report, std::string& out) {
  FullWriter writer(report, out);
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) writer.write_finding(*file.source, diagnostic);
  }
  out += summary_text(report);
}

}  // namespace forklift::cli
