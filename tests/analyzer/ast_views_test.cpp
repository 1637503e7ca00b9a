#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "analyzer/ast_shape.h"
#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "tests/analyzer/front_end_invariants.h"

namespace forklift {
namespace {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  ParseResult result;
  const Node* first(NodeKind kind) const { return test::find_node(result.ast->root, kind); }
  std::string_view slice(const Node* n) const { return std::string_view(file->text()).substr(n->begin, n->end - n->begin); }
};

Parsed parse(std::string text, Dialect dialect = Dialect::Bash) {
  Parsed p;
  p.file = std::make_unique<SourceFile>("test.sh", std::move(text));
  p.result = parse_exact(*p.file, dialect);
  REQUIRE(p.result.ast != nullptr);
  CHECK(check_shape(p.result.ast->root) == "");
  return p;
}

TEST_CASE("views: an if names its condition, branches, elifs and else", "[ast][views]") {
  Parsed p = parse("if a; then b; elif c; then d; elif e; then f; else g; fi\n");
  IfView view(p.first(NodeKind::If));
  CHECK(p.slice(view.condition()) == "a");
  CHECK(p.slice(view.then_branch()) == "b");
  REQUIRE(view.elifs().size() == 2);
  CHECK(p.slice(ElifView(view.elifs()[1]).condition()) == "e");
  REQUIRE(view.else_branch() != nullptr);
  CHECK(p.slice(ElseView(view.else_branch()).body()) == "g");

  Parsed bare = parse("if a; then b; fi\n");
  IfView plain(bare.first(NodeKind::If));
  CHECK(plain.elifs().empty());
  CHECK(plain.else_branch() == nullptr);
}

TEST_CASE("views: optional fields before others are found by kind", "[ast][views]") {
  Parsed p = parse("a[1]=x b= c=(1 2)\n");
  SimpleCommandView command(p.first(NodeKind::SimpleCommand));
  REQUIRE(command.items().size() == 3);
  AssignmentView indexed(command.items()[0]);
  CHECK(indexed.name() == "a");
  REQUIRE(indexed.subscript() != nullptr);
  CHECK(p.slice(indexed.value()) == "x");
  AssignmentView empty(command.items()[1]);
  CHECK(empty.subscript() == nullptr);
  CHECK(empty.value() == nullptr);
  AssignmentView array(command.items()[2]);
  CHECK(array.subscript() == nullptr);
  CHECK(array.value()->kind == NodeKind::ArrayLiteral);

  Parsed redirects = parse("cat 2>err <<-EOF\n\tx\nEOF\n");
  SimpleCommandView cat(redirects.first(NodeKind::SimpleCommand));
  REQUIRE(cat.items().size() == 3);
  RedirectView to_file(cat.items()[1]);
  CHECK(to_file.op() == RedirectOperator::Output);
  CHECK(redirects.slice(to_file.fd()) == "2");
  CHECK(redirects.slice(to_file.target()) == "err");
  CHECK(to_file.here_doc() == nullptr);
  RedirectView here_doc(cat.items()[2]);
  CHECK(here_doc.op() == RedirectOperator::HereDocStripTabs);
  CHECK(here_doc.strips_tabs());
  CHECK(here_doc.fd() == nullptr);
  CHECK(redirects.slice(here_doc.target()) == "EOF");
  REQUIRE(here_doc.here_doc() != nullptr);
}

TEST_CASE("views: operators are enums, not strings", "[ast][views]") {
  Parsed p = parse("echo ${x//a/b} ${y:-d} ${#z} ${v@Q} $((1 + 2 ** 3)) <<<w\n");
  const Node* replace = p.first(NodeKind::ParamExp);
  ParamExpView all(replace);
  CHECK(all.op() == ParamOperator::ReplaceAll);
  REQUIRE(all.operands().size() == 2);
  CHECK(p.slice(all.operands()[1]) == "b");
  CHECK(all.braced());

  int seen = 0;
  visit(p.result.ast->root, [&](const Node* node) {
    if (auto param = view_if<ParamExpView>(node)) {
      if (param->name() == "y") CHECK(param->op() == ParamOperator::DefaultIfNull);
      if (param->name() == "z") CHECK((param->is_length() && param->op() == ParamOperator::None));
      if (param->name() == "v") CHECK(param->op() == ParamOperator::Transform);
      ++seen;
    }
    if (auto binary = view_if<ArithBinaryView>(node)) {
      CHECK((binary->op() == ArithOperator::Add || binary->op() == ArithOperator::Power));
      ++seen;
    }
    if (auto redirect = view_if<RedirectView>(node)) {
      CHECK(redirect->op() == RedirectOperator::HereString);
      ++seen;
    }
    return true;
  });
  CHECK(seen == 7);
}

TEST_CASE("the arithmetic table: precedence as C, tokens longest first", "[ast][operators]") {
  CHECK(arith_binary_precedence("**") > arith_binary_precedence("*"));
  CHECK(arith_binary_precedence("*") > arith_binary_precedence("+"));
  CHECK(arith_binary_precedence("==") > arith_binary_precedence("&"));
  CHECK(arith_binary_precedence("&&") > arith_binary_precedence("||"));
  CHECK(arith_binary_precedence("=") == 0);
  CHECK(is_arith_assignment("<<="));
  CHECK_FALSE(is_arith_assignment("<="));
  CHECK(is_right_associative(ArithOperator::Power));
  CHECK_FALSE(is_right_associative(ArithOperator::Subtract));
  std::span<const std::string_view> tokens = arith_tokens_longest_first();
  for (size_t i = 1; i < tokens.size(); ++i) CHECK(tokens[i - 1].size() >= tokens[i].size());
  CHECK(spelling(RedirectOperator::AppendOutputAndError) == "&>>");
  CHECK_FALSE(param_operator("=~").has_value());
}

TEST_CASE("the shape check names the node and the field that is wrong", "[ast][shape]") {
  Ast ast;
  Node* if_node = ast.make(NodeKind::If, 0, 10);
  if_node->kids.push_back(ast.make(NodeKind::List, 3, 4));
  CHECK(check_shape(if_node) == "If@0-10: field then_branch is missing");

  if_node->kids.push_back(ast.make(NodeKind::Word, 5, 6));
  CHECK(check_shape(if_node) == "If@0-10: field then_branch cannot hold Word@5-6");

  if_node->kids.back() = ast.make(NodeKind::List, 5, 6);
  if_node->kids.push_back(ast.make(NodeKind::Else, 7, 8));
  if_node->kids.back()->kids.push_back(ast.make(NodeKind::List, 7, 8));
  CHECK(check_shape(if_node) == "");
  if_node->kids.push_back(ast.make(NodeKind::Elif, 8, 9));
  CHECK(check_shape(if_node) == "If@0-10: no field holds kid 3 (Elif@8-9)");

  Node* param = ast.make(NodeKind::ParamExp, 0, 5);
  param->op = "=~";
  CHECK(check_shape(param) == "ParamExp@0-5: unknown operator \"=~\"");
}

TEST_CASE("kind names come from the schema", "[ast]") {
  CHECK(kind_name(NodeKind::Program) == "Program");
  CHECK(kind_name(NodeKind::ArithWord) == "ArithWord");
  CHECK(kind_name(NodeKind::Error) == "Error");
  CHECK(fields_of(NodeKind::If).size() == 4);
  CHECK(fields_of(NodeKind::Literal).empty());
}

}  // namespace
}  // namespace forklift
