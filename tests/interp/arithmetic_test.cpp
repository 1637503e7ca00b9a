// The arithmetic evaluator on small hand-built trees.
#include <catch2/catch.hpp>

#include "analyzer/ast.h"
#include "interp/errors.h"
#include "interp/shell.h"

using forklift::Ast;
using forklift::Node;
using forklift::NodeKind;
using forklift::interp::format_number;
using forklift::interp::Shell;
using forklift::interp::ShellExit;

namespace {

Node* number(Ast& ast, std::string_view text) {
  Node* n = ast.make(NodeKind::ArithNumber, 0, 0);
  n->text = text;
  return n;
}

Node* variable(Ast& ast, std::string_view name) {
  Node* n = ast.make(NodeKind::ArithVariable, 0, 0);
  n->text = name;
  return n;
}

Node* binary(Ast& ast, std::string_view op, Node* left, Node* right) {
  Node* n = ast.make(NodeKind::ArithBinary, 0, 0);
  n->op = op;
  n->kids = {left, right};
  return n;
}

Node* assign(Ast& ast, std::string_view op, Node* lvalue, Node* value) {
  Node* n = ast.make(NodeKind::ArithAssign, 0, 0);
  n->op = op;
  n->kids = {lvalue, value};
  return n;
}

}  // namespace

TEST_CASE("integer arithmetic follows precedence given by the tree") {
  Ast ast;
  Shell shell;
  Node* expr = binary(ast, "+", number(ast, "2"), binary(ast, "*", number(ast, "3"), number(ast, "4")));
  CHECK(format_number(shell.eval_arith(expr)) == "14");
}

TEST_CASE("division mixes integers and floats as ksh93 does") {
  Ast ast;
  Shell shell;
  CHECK(format_number(shell.eval_arith(binary(ast, "/", number(ast, "7"), number(ast, "2")))) == "3");
  CHECK(format_number(shell.eval_arith(binary(ast, "/", number(ast, "7"), number(ast, "2.0")))) == "3.5");
  CHECK(format_number(shell.eval_arith(binary(ast, "/", number(ast, "-7"), number(ast, "2")))) == "-3");
}

TEST_CASE("integer overflow promotes to float") {
  Ast ast;
  Shell shell;
  Node* expr = binary(ast, "+", number(ast, "9223372036854775807"), number(ast, "1"));
  CHECK(format_number(shell.eval_arith(expr)) == "9.22337203685477581e+18");
}

TEST_CASE("assignments store into variables, integer attribute truncates") {
  Ast ast;
  Shell shell;
  shell.eval_arith(assign(ast, "=", variable(ast, "x"), number(ast, "5")));
  shell.eval_arith(assign(ast, "+=", variable(ast, "x"), number(ast, "3")));
  CHECK(shell.get_value("x") == "8");
  shell.set_scalar("f", "1.5");
  CHECK(format_number(shell.eval_arith(binary(ast, "*", variable(ast, "f"), number(ast, "2")))) == "3");
}

TEST_CASE("an unset variable counts as zero") {
  Ast ast;
  Shell shell;
  CHECK(format_number(shell.eval_arith(binary(ast, "+", variable(ast, "nosuch"), number(ast, "1")))) == "1");
}

TEST_CASE("division by zero is an error that ends the shell") {
  Ast ast;
  Shell shell;
  CHECK_THROWS_AS(shell.eval_arith(binary(ast, "/", number(ast, "1"), number(ast, "0"))), ShellExit);
}
