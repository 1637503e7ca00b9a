#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "analyzer/ast_printer.h"
#include "analyzer/tree_sitter_front_end.h"
#include "tests/analyzer/front_end_invariants.h"

namespace forklift {
namespace {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  ParseResult result;
  const Node* root() const { return result.ast->root; }
  const Node* first(NodeKind kind) const { return test::find_node(root(), kind); }
  std::string_view slice(const Node* n) const { return std::string_view(file->text()).substr(n->begin, n->end - n->begin); }
};

Parsed parse(std::string text, Dialect dialect = Dialect::Bash) {
  Parsed p;
  p.file = std::make_unique<SourceFile>("test.sh", std::move(text));
  p.result = parse_tree_sitter(*p.file, dialect);
  INFO(to_sexp(p.result.ast->root));
  CHECK(test::check_ast_invariants(*p.result.ast, p.file->text()) == "");
  return p;
}

TEST_CASE("tree-sitter: redirects and assignments go into the simple command in source order", "[ts]") {
  Parsed p = parse("a=1 2>&1 echo hi >out\n");
  REQUIRE(p.result.errors.empty());
  CHECK(test::shape(p.root()) ==
        "Program(SimpleCommand(Assignment(Word(Literal)) Redirect(IoNumber Word(Literal)) Word(Literal) "
        "Word(Literal) Redirect(Word(Literal))))");
  const Node* cmd = p.first(NodeKind::SimpleCommand);
  CHECK(p.slice(cmd) == "a=1 2>&1 echo hi >out");
}

TEST_CASE("tree-sitter: a negated pipeline negates the whole pipeline", "[ts]") {
  Parsed p = parse("! a | b\n");
  CHECK(test::shape(p.root()) == "Program(Negated(Pipeline(SimpleCommand(Word(Literal)) SimpleCommand(Word(Literal)))))");
  CHECK(p.first(NodeKind::Negated)->begin == 0);
}

TEST_CASE("tree-sitter: time -p wraps the pipeline that follows", "[ts]") {
  Parsed p = parse("time -p a | b\n");
  const Node* time = p.first(NodeKind::Time);
  REQUIRE(time != nullptr);
  CHECK(time->text == "time");
  CHECK(p.slice(time) == "time -p a | b");
  CHECK(test::shape(time) == "Time(Pipeline(SimpleCommand(Word(Literal)) SimpleCommand(Word(Literal))))");
}

TEST_CASE("tree-sitter: |& sets the stderr flag of its link", "[ts]") {
  Parsed p = parse("a | b |& c\n");
  CHECK(p.first(NodeKind::Pipeline)->flags == (kPipeStderrLink << 1));
}

TEST_CASE("tree-sitter: && and || associate to the left, & is inside Background", "[ts]") {
  Parsed p = parse("a && b || c &\n");
  CHECK(test::shape(p.root()) ==
        "Program(Background(OrIf(AndIf(SimpleCommand(Word(Literal)) SimpleCommand(Word(Literal))) "
        "SimpleCommand(Word(Literal)))))");
  CHECK(p.first(NodeKind::Background)->end == 13);
}

TEST_CASE("tree-sitter: typeset after an assignment prefix, integer and nameref are declarations", "[ts]") {
  Parsed p = parse("x=1 typeset -i y=2 z\ninteger n=3\nnameref r=x\n", Dialect::Ksh);
  REQUIRE(p.root()->kids.size() == 3);
  const Node* decl = p.root()->kids[0];
  CHECK(decl->kind == NodeKind::Declaration);
  CHECK(decl->text == "typeset");
  CHECK(test::shape(decl) == "Declaration(Assignment(Word(Literal)) Word(Literal) Word(Literal) "
                             "Assignment(Word(Literal)) Word(Literal))");
  CHECK(p.root()->kids[1]->kind == NodeKind::Declaration);
  CHECK(p.root()->kids[1]->text == "integer");
  CHECK(p.root()->kids[2]->text == "nameref");
}

TEST_CASE("tree-sitter: array literals with keyed elements", "[ts]") {
  Parsed p = parse("declare -A m=([k]=v [j]= x)\n");
  const Node* array = p.first(NodeKind::ArrayLiteral);
  REQUIRE(array != nullptr);
  CHECK(test::shape(array) == "ArrayLiteral(KeyedElement(Subscript(Word(Literal)) Word(Literal)) "
                              "KeyedElement(Subscript(Word(Literal))) Word(Literal))");
  CHECK(p.slice(array) == "([k]=v [j]= x)");
}

TEST_CASE("tree-sitter: subscripted assignment", "[ts]") {
  Parsed p = parse("a[i+1]+=x\n");
  const Node* assign = p.first(NodeKind::Assignment);
  CHECK(assign->text == "a");
  CHECK(assign->op == "+=");
  CHECK(test::shape(assign) == "Assignment(Subscript(Word(Literal)) Word(Literal))");
  CHECK(p.slice(assign->kids[0]) == "[i+1]");
}

TEST_CASE("tree-sitter: parameter expansion operators and operands", "[ts]") {
  Parsed p = parse("echo ${x/a/b} ${x:1:2} ${#a[@]} ${!pre*} ${x@Q} ${x:-\"d $y\"}\n");
  const Node* cmd = p.first(NodeKind::SimpleCommand);
  REQUIRE(cmd->kids.size() == 7);
  const Node* replace = cmd->kids[1]->kids[0];
  CHECK(replace->op == "/");
  CHECK(test::shape(replace) == "ParamExp(Word(Literal) Word(Literal))");
  const Node* substring = cmd->kids[2]->kids[0];
  CHECK(substring->op == ":");
  CHECK(substring->kids.size() == 2);
  const Node* length = cmd->kids[3]->kids[0];
  CHECK(length->flags == (kParamBraced | kParamLength));
  CHECK(length->text == "a");
  CHECK(test::shape(length) == "ParamExp(Subscript(Word(Literal)))");
  const Node* prefix = cmd->kids[4]->kids[0];
  CHECK(prefix->flags == (kParamBraced | kParamIndirect));
  CHECK(prefix->text == "pre");
  CHECK(prefix->op == "*");
  CHECK(cmd->kids[5]->kids[0]->op == "@Q");
  CHECK(cmd->kids[5]->kids[0]->kids.empty());
  CHECK(test::shape(cmd->kids[6]->kids[0]) == "ParamExp(Word(DoubleQuoted(Literal ParamExp)))");
}

TEST_CASE("tree-sitter: arithmetic precedence is the shell's", "[ts]") {
  Parsed p = parse("echo $(( -x + y * 2 ** 3 ** 2 )) $(( a = b = c ? 1 : 0x1F ))\n");
  const Node* cmd = p.first(NodeKind::SimpleCommand);
  const Node* sum = cmd->kids[1]->kids[0]->kids[0];
  CHECK(test::shape(sum) ==
        "ArithBinary(ArithUnary(ArithVariable) ArithBinary(ArithVariable ArithBinary(ArithNumber "
        "ArithBinary(ArithNumber ArithNumber))))");
  const Node* assign = cmd->kids[2]->kids[0]->kids[0];
  CHECK(test::shape(assign) == "ArithAssign(ArithVariable ArithAssign(ArithVariable "
                               "ArithTernary(ArithVariable ArithNumber ArithNumber)))");
}

TEST_CASE("tree-sitter: (( )) with commas, and arithmetic for with a missing part", "[ts]") {
  Parsed p = parse("(( x += 2, y++ ))\nfor ((i = 0; ; i++)); do :; done\n");
  CHECK(test::shape(p.root()->kids[0]) ==
        "ArithCommand(ArithBinary(ArithAssign(ArithVariable ArithNumber) ArithPostIncr(ArithVariable)))");
  const Node* loop = p.first(NodeKind::ArithFor);
  REQUIRE(loop->kids.size() == 4);
  CHECK(loop->kids[1]->kind == NodeKind::Empty);
}

TEST_CASE("tree-sitter: [[ ]] expressions", "[ts]") {
  Parsed p = parse("[[ -f $a && ( $b == x* || ! -z \"$c\" ) ]]\n");
  CHECK(test::shape(p.root()) ==
        "Program(TestCommand(TestBinary(TestUnary(Word(ParamExp)) TestGroup(TestBinary(TestBinary(Word(ParamExp) "
        "Word(Literal)) TestUnary(TestUnary(Word(DoubleQuoted(ParamExp)))))))))");
}

TEST_CASE("tree-sitter: [[ =~ ]] with quoted and expanded parts in the regex", "[ts]") {
  Parsed p = parse("[[ $x =~ ^\"$y\"(.*)$ ]]\n");
  const Node* test = p.first(NodeKind::TestBinary);
  CHECK(test->op == "=~");
  CHECK(test::shape(test->kids[1]) == "Word(Literal DoubleQuoted(ParamExp) Literal)");
}

TEST_CASE("tree-sitter: [ is an ordinary command", "[ts]") {
  Parsed p = parse("[ -n \"$a\" ]\n");
  CHECK(test::shape(p.root()) ==
        "Program(SimpleCommand(Word(Literal) Word(Literal) Word(DoubleQuoted(ParamExp)) Word(Literal)))");
}

TEST_CASE("tree-sitter: here-documents, quoted and unquoted, and a pipeline after one", "[ts]") {
  std::string text = "cat <<EOF | grep x && y\nb ${c}\nEOF\ncat <<-'E'\n\t$x\n\tE\n";
  Parsed p = parse(text);
  REQUIRE(p.result.errors.empty());
  const Node* first = p.root()->kids[0];
  CHECK(test::shape(first) ==
        "AndIf(Pipeline(SimpleCommand(Word(Literal) Redirect(Word(Literal) HereDocBody(Literal ParamExp Literal))) "
        "SimpleCommand(Word(Literal) Word(Literal))) SimpleCommand(Word(Literal)))");
  const Node* body = p.first(NodeKind::HereDocBody);
  CHECK(p.slice(body) == "b ${c}\n");
  const Node* quoted = p.root()->kids[1]->kids[1];
  CHECK(quoted->text == "<<-");
  CHECK(quoted->flags == (kQuotedHereDoc | kHereDocStripTabs));
  CHECK(test::shape(quoted) == "Redirect(Word(SingleQuoted) HereDocBody)");
  CHECK(p.slice(quoted->kids[1]) == "\t$x\n");
}

TEST_CASE("tree-sitter: {fd} before a redirect is its IoNumber", "[ts]") {
  Parsed p = parse("exec {fd}>f 3>&-\n");
  const Node* cmd = p.first(NodeKind::SimpleCommand);
  CHECK(test::shape(cmd) == "SimpleCommand(Word(Literal) Redirect(IoNumber Word(Literal)) Redirect(IoNumber Word(Literal)))");
  CHECK(cmd->kids[1]->kids[0]->text == "{fd}");
  CHECK(cmd->kids[2]->text == ">&");
}

TEST_CASE("tree-sitter: compound commands with redirects, functions", "[ts]") {
  Parsed p = parse("f() { x; } >o\nfunction g { y; }\n{ a; } 2>/dev/null &\n");
  const Node* f = p.root()->kids[0];
  CHECK(f->text == "f");
  CHECK(f->flags == 0);
  CHECK(test::shape(f) == "FunctionDef(Redirected(BraceGroup(List(SimpleCommand(Word(Literal)))) Redirect(Word(Literal))))");
  CHECK(p.root()->kids[1]->flags == kKshFunction);
  CHECK(test::shape(p.root()->kids[2]) ==
        "Background(Redirected(BraceGroup(List(SimpleCommand(Word(Literal)))) Redirect(IoNumber Word(Literal))))");
}

TEST_CASE("tree-sitter: case items and their terminators", "[ts]") {
  Parsed p = parse("case $x in\n(a|b) c;;\nd) ;&\n*) e\nesac\n");
  const Node* c = p.first(NodeKind::Case);
  REQUIRE(c->kids.size() == 4);
  CHECK(c->kids[1]->text == ";;");
  CHECK(c->kids[1]->kids.size() == 3);
  CHECK(p.slice(c->kids[1]) == "(a|b) c;;");
  CHECK(c->kids[2]->text == ";&");
  CHECK(c->kids[2]->kids[1]->begin == c->kids[2]->kids[1]->end);
  CHECK(c->kids[3]->text == "");
  CHECK(p.slice(c->kids[3]) == "*) e");
}

TEST_CASE("tree-sitter: words merge adjacent literal pieces and get their flags", "[ts]") {
  Parsed p = parse("echo a{b,c}d ~/x *.c $'a\\n' $\"loc\" `b`\n");
  const Node* cmd = p.first(NodeKind::SimpleCommand);
  REQUIRE(cmd->kids.size() == 7);
  CHECK(test::shape(cmd->kids[1]) == "Word(Literal)");
  CHECK(cmd->kids[1]->flags == kWordHasBrace);
  CHECK(cmd->kids[2]->flags == kWordHasTilde);
  CHECK(cmd->kids[3]->flags == kWordHasGlob);
  CHECK(test::shape(cmd->kids[4]) == "Word(AnsiCQuoted)");
  CHECK(test::shape(cmd->kids[5]) == "Word(LocaleQuoted(Literal))");
  CHECK(test::shape(cmd->kids[6]) == "Word(Backtick(List(SimpleCommand(Word(Literal)))))");
}

TEST_CASE("tree-sitter: comments are kept aside", "[ts]") {
  Parsed p = parse("# one\necho x # two\n");
  REQUIRE(p.result.ast->comments.size() == 2);
  CHECK(p.result.ast->comments[1].begin == 13);
  CHECK(p.result.ast->comments[1].end == 18);
}

TEST_CASE("tree-sitter: errors become Error nodes with a positioned syntax error", "[ts]") {
  Parsed p = parse("echo ${.sh.version}\nif x; then\n");
  CHECK(p.result.has_error_nodes);
  REQUIRE(!p.result.errors.empty());
  CHECK(p.result.errors.front().message.rfind("syntax error", 0) == 0);
  CHECK(test::find_node(p.root(), NodeKind::Error) != nullptr);
}

TEST_CASE("tree-sitter: a word after a compound command's redirection is a syntax error", "[ts]") {
  // tree-sitter takes `-lout` as a second destination of `> wc`; bash and ksh refuse the line.
  Parsed p = parse("(echo a; echo b) > wc -lout\n");
  REQUIRE(!p.result.errors.empty());
  CHECK(p.result.errors.front().offset == 22);
  CHECK(p.result.errors.front().message.rfind("syntax error", 0) == 0);
  Parsed redirected = parse("{ echo a; } > b 2>&1\n");
  CHECK(redirected.result.errors.empty());
  CHECK(test::find_node(redirected.root(), NodeKind::Redirected) != nullptr);
}

TEST_CASE("tree-sitter: empty input, no final newline, CRLF", "[ts]") {
  Parsed empty = parse("");
  CHECK(empty.root()->kids.empty());
  CHECK(empty.result.errors.empty());
  Parsed no_newline = parse("echo x");
  CHECK(no_newline.root()->kids.size() == 1);
  Parsed crlf = parse("echo x\r\necho y\r\n");
  CHECK(crlf.root()->kids.size() == 2);
}

}  // namespace
}  // namespace forklift
