// Comments are collected into Ast::comments in file order, wherever they are.
#include <catch2/catch.hpp>

#include "analyzer/exact_parser.h"

namespace forklift {
namespace {

std::vector<std::string> comments_of(const std::string& text) {
  SourceFile file("c.sh", text);
  ParseResult result = parse_exact(file, Dialect::Bash);
  std::vector<std::string> out;
  if (result.ast == nullptr) return {"parse failed"};
  for (Span span : result.ast->comments) out.push_back(text.substr(span.begin, span.end - span.begin));
  return out;
}

}  // namespace

TEST_CASE("exact parser: comments are collected in order", "[exact]") {
  CHECK(comments_of("#!/bin/sh\n# one\necho a # two\n") == std::vector<std::string>{"#!/bin/sh", "# one", "# two"});
  CHECK(comments_of("x=$(a # in cmdsub\n)\ny=`b \\`c\\` # in backquotes`\n") ==
        std::vector<std::string>{"# in cmdsub", "# in backquotes"});
  CHECK(comments_of("case x in # c1\n a) ;; # c2\nesac") == std::vector<std::string>{"# c1", "# c2"});
  CHECK(comments_of("echo a#b '#' \"#\" \\# ${x#y}").empty());
  CHECK(comments_of("cat <<EOF\n# not a comment\nEOF\n").empty());
}

TEST_CASE("exact parser: a comment before CRLF excludes the CR", "[exact]") {
  CHECK(comments_of("# dos\r\necho\r\n") == std::vector<std::string>{"# dos"});
}

}  // namespace forklift
