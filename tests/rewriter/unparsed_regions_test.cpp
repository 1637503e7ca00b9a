#include <catch2/catch.hpp>

#include "rewriter/unparsed_regions.h"

using forklift::ParseError;
using forklift::SourceFile;
using forklift::Span;
using forklift::unparsed_regions;

TEST_CASE("a parse error forbids its line and the lines on either side", "[rewriter]") {
  SourceFile file("t.sh", "l1\nl2\nl3 err\nl4\nl5\n");
  std::vector<ParseError> errors{{9, "syntax error"}};  // inside "l3 err"
  auto regions = unparsed_regions(file, errors, {});
  REQUIRE(regions.size() == 1);
  CHECK(regions[0] == Span{3, 16});  // from "l2" to the end of "l4\n"
}

TEST_CASE("regions are clamped at the start and reach past the end of the file", "[rewriter]") {
  SourceFile file("t.sh", "if\nthen");
  std::vector<ParseError> at_start{{0, "e"}};
  std::vector<ParseError> at_end{{7, "unexpected end of file"}};
  CHECK(unparsed_regions(file, at_start, {})[0] == Span{0, 8});
  CHECK(unparsed_regions(file, at_end, {})[0] == Span{0, 8});
}

TEST_CASE("error nodes are widened by a line on each side", "[rewriter]") {
  SourceFile file("t.sh", "a\nb\nc\nd\ne\nf\n");
  std::vector<Span> nodes{{4, 7}};  // "c\nd"
  auto regions = unparsed_regions(file, {}, nodes);
  REQUIRE(regions.size() == 1);
  CHECK(regions[0] == Span{2, 10});  // lines b through e
}

TEST_CASE("error node spans are collected outermost first", "[rewriter]") {
  std::string text = "echo (( x";
  forklift::Ast ast;
  auto* root = ast.make(forklift::NodeKind::Program, 0, 9);
  auto* error = ast.make(forklift::NodeKind::Error, 5, 9);
  error->kids.push_back(ast.make(forklift::NodeKind::Error, 6, 8));
  root->kids.push_back(error);
  ast.root = root;
  CHECK(forklift::error_node_spans(ast) == std::vector<Span>{{5, 9}});
}
