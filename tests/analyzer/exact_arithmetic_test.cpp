// parse_arithmetic: an expression held in a variable or a `${x:offset}` operand.
#include <catch2/catch.hpp>

#include "analyzer/ast_printer.h"
#include "analyzer/exact_parser.h"

namespace forklift {

TEST_CASE("parse_arithmetic parses a range of a string", "[exact]") {
  Ast ast;
  std::vector<ParseError> errors;
  std::string_view source = "x=[i * 2 + a[1]]";
  Node* expr = parse_arithmetic(ast, source, Dialect::Ksh, 3, 15, errors);
  REQUIRE(expr != nullptr);
  CHECK(errors.empty());
  CHECK(to_sexp(expr) ==
        "(ArithBinary@3-15 op=\"+\"\n"
        "  (ArithBinary@3-8 op=\"*\"\n"
        "    (ArithVariable@3-4 \"i\")\n"
        "    (ArithNumber@7-8 \"2\"))\n"
        "  (ArithVariable@11-15 \"a\"\n"
        "    (Subscript@12-15\n"
        "      (Word@13-14\n"
        "        (Literal@13-14 \"1\")))))\n");
}

TEST_CASE("parse_arithmetic gives Empty for blank text", "[exact]") {
  Ast ast;
  std::vector<ParseError> errors;
  Node* expr = parse_arithmetic(ast, "   ", Dialect::Ksh, 0, 3, errors);
  REQUIRE(expr != nullptr);
  CHECK(expr->kind == NodeKind::Empty);
  CHECK(expr->begin == 0);
}

TEST_CASE("parse_arithmetic reports trailing garbage and stops at the range end", "[exact]") {
  Ast ast;
  std::vector<ParseError> errors;
  CHECK(parse_arithmetic(ast, "1 + 2 )", Dialect::Ksh, 0, 7, errors) == nullptr);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].offset == 6);
  errors.clear();
  Node* expr = parse_arithmetic(ast, "1 + 2 )", Dialect::Ksh, 0, 5, errors);
  REQUIRE(expr != nullptr);
  CHECK(errors.empty());
  CHECK(expr->end == 5);
}

TEST_CASE("parse_arithmetic accepts ksh floats, functions and expansions", "[exact]") {
  Ast ast;
  std::vector<ParseError> errors;
  std::string_view source = "sqrt(2.5e-1) * $n + ${#s}";
  Node* expr = parse_arithmetic(ast, source, Dialect::Ksh, 0, static_cast<uint32_t>(source.size()), errors);
  REQUIRE(expr != nullptr);
  CHECK(errors.empty());
  CHECK(to_sexp(expr).find("(ArithCall@0-12 \"sqrt\"\n      (ArithNumber@5-11 \"2.5e-1\"))") != std::string::npos);
}

}  // namespace forklift
