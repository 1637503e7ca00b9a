#include <catch2/catch.hpp>

#include "rules/suppression.h"

using namespace forklift;

namespace {

// A hand-built AST: enough structure (statements, a compound command,
// comments) for suppressions, without depending on a front end.
struct Fixture {
  explicit Fixture(std::string source) : file("t.sh", std::move(source)) {
    ast.root = ast.make(NodeKind::Program, 0, file.size());
    std::string_view text = file.text();
    for (size_t at = text.find('#'); at != std::string_view::npos; at = text.find('#', at + 1)) {
      if (text.substr(at, 2) == "#!") continue;
      size_t eol = std::min(text.find('\n', at), text.size());
      ast.comments.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(eol)});
      at = eol;
    }
  }
  Span span_of(std::string_view needle) const {
    size_t found = file.text().find(needle);
    REQUIRE(found != std::string::npos);
    auto at = static_cast<uint32_t>(found);
    return {at, at + static_cast<uint32_t>(needle.size())};
  }
  Node* command(Node* parent, std::string_view needle) {
    Span s = span_of(needle);
    Node* node = ast.make(NodeKind::SimpleCommand, s.begin, s.end);
    parent->kids.push_back(node);
    return node;
  }
  Diagnostic at(std::string_view needle, std::string code) const {
    Span s = span_of(needle);
    return Diagnostic{std::move(code), Severity::Warning, s.begin, s.end, "m", std::nullopt, std::nullopt};
  }
  bool suppressed(const Diagnostic& d, std::optional<std::string_view> shellcheck = std::nullopt) const {
    return is_suppressed(collect_suppressions(file, ast), d, shellcheck);
  }

  SourceFile file;
  Ast ast;
};

constexpr std::string_view kLoop =
    "#!/bin/sh\n"
    "x=1\n"
    "# forklift: disable=FL101\n"
    "while true; do\n"
    "  y=2\n"
    "  z=3  # forklift: disable=FL102\n"
    "done\n"
    "w=4\n";

Fixture loop_fixture() {
  Fixture f{std::string(kLoop)};
  f.command(f.ast.root, "x=1");
  Span loop = f.span_of("while true; do\n  y=2\n  z=3  # forklift: disable=FL102\ndone");
  Node* while_node = f.ast.make(NodeKind::While, loop.begin, loop.end);
  f.ast.root->kids.push_back(while_node);
  Span cond = f.span_of("true");
  Node* cond_list = f.ast.make(NodeKind::List, cond.begin, cond.end);
  f.command(cond_list, "true");
  Node* body = f.ast.make(NodeKind::List, f.span_of("y=2").begin, f.span_of("z=3").end);
  f.command(body, "y=2");
  f.command(body, "z=3");
  while_node->kids = {cond_list, body};
  f.command(f.ast.root, "w=4");
  return f;
}

}  // namespace

TEST_CASE("suppression: a comment line covers the whole next command, compound included") {
  Fixture f = loop_fixture();
  CHECK(f.suppressed(f.at("while", "FL101")));
  CHECK(f.suppressed(f.at("y=2", "FL101")));
  CHECK(f.suppressed(f.at("done", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("w=4", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("x=1", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("y=2", "FL103")));
}

TEST_CASE("suppression: an end-of-line comment covers its line") {
  Fixture f = loop_fixture();
  CHECK(f.suppressed(f.at("z=3", "FL102")));
  CHECK_FALSE(f.suppressed(f.at("y=2", "FL102")));
  CHECK_FALSE(f.suppressed(f.at("w=4", "FL102")));
}

TEST_CASE("suppression: before the first command covers the whole file") {
  Fixture f{"#!/bin/ksh\n# forklift: disable=FL2, FL301\n\na=1\nb=2\n"};
  f.command(f.ast.root, "a=1");
  f.command(f.ast.root, "b=2");
  CHECK(f.suppressed(f.at("a=1", "FL201")));
  CHECK(f.suppressed(f.at("b=2", "FL299")));
  CHECK(f.suppressed(f.at("b=2", "FL301")));
  CHECK_FALSE(f.suppressed(f.at("b=2", "FL101")));
}

TEST_CASE("suppression: ShellCheck directives silence rules with that ShellCheck code") {
  Fixture f{"a=1\n# shellcheck disable=SC2003,2006 source=/dev/null\nb=`expr 1`\nc=2\n"};
  f.command(f.ast.root, "a=1");
  f.command(f.ast.root, "b=`expr 1`");
  f.command(f.ast.root, "c=2");
  CHECK(f.suppressed(f.at("b=", "FL101"), "SC2003"));
  CHECK(f.suppressed(f.at("b=", "FL201"), "SC2006"));
  CHECK_FALSE(f.suppressed(f.at("b=", "FL101"), "SC2086"));
  CHECK_FALSE(f.suppressed(f.at("b=", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("c=2", "FL101"), "SC2003"));
}

TEST_CASE("suppression: ALL, and comments that are not directives") {
  Fixture f{"a=1\n# forklift: disable=ALL\nb=2\n# forklift: shell=ksh\nc=3\n# disable=FL101\nd=4\n"};
  for (std::string_view command : {"a=1", "b=2", "c=3", "d=4"}) f.command(f.ast.root, command);
  CHECK(f.suppressed(f.at("b=2", "FL999")));
  CHECK_FALSE(f.suppressed(f.at("c=3", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("d=4", "FL101")));
  CHECK_FALSE(f.suppressed(f.at("a=1", "FL101")));
}

TEST_CASE("suppression: a directive with nothing after it covers nothing") {
  Fixture f{"a=1\n# forklift: disable=FL101\n"};
  f.command(f.ast.root, "a=1");
  CHECK_FALSE(f.suppressed(f.at("a=1", "FL101")));
}
