#include <unistd.h>

#include <fstream>
#include <regex>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/support/run_forklift.h"

namespace {

using forklift::test::run_forklift;

std::string write_temp(const std::string& name, const std::string& content) {
  std::string path = "/tmp/forklift-parse-test-" + std::to_string(getpid()) + "-" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

TEST_CASE("parse prints the AST as an S-expression and says which front end it used", "[cli][parse]") {
  std::string path = write_temp("ok.sh", "echo \"$x\" | wc -l\n");
  auto r = run_forklift({"parse", path});
  CHECK(r.status == 0);
  CHECK(r.out.rfind("(Program@0-18\n", 0) == 0);
  CHECK(r.out.find("(Pipeline@0-17") != std::string::npos);
  CHECK(r.out.find("(ParamExp@6-8 \"x\")") != std::string::npos);
  CHECK(r.err == path + ": parsed with the exact parser\n");
}

TEST_CASE("parse reads standard input for '-'", "[cli][parse]") {
  auto r = run_forklift({"parse", "--front-end", "tree-sitter", "-"}, "x=1\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("(Assignment@0-3 \"x\" op=\"=\"") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("parse --format json prints the tree with path, front end and dialect", "[cli][parse]") {
  std::string path = write_temp("j.ksh", "print -r -- ${x:-y}\n");
  auto r = run_forklift({"parse", "--format", "json", "--front-end", "tree-sitter", path});
  CHECK(r.status == 0);
  auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc.is_array());
  REQUIRE(doc.size() == 1);
  CHECK(doc[0]["path"] == path);
  CHECK(doc[0]["dialect"] == "ksh");
  CHECK(doc[0]["front_end"] == "tree-sitter");
  CHECK(doc[0]["ast"]["kind"] == "Program");
  CHECK(doc[0]["ast"]["kids"][0]["kind"] == "SimpleCommand");
  CHECK(doc[0]["errors"].empty());
}

TEST_CASE("parse --format json survives invalid UTF-8", "[cli][parse]") {
  std::string path = write_temp("bad-utf8.sh", "echo \xff\xfe caf\xc3\xa9\n");
  auto r = run_forklift({"parse", "--format", "json", "--front-end", "tree-sitter", path});
  CHECK(r.status == 0);
  auto doc = nlohmann::json::parse(r.out);
  CHECK(doc[0]["ast"]["kids"][0]["kids"][1]["span"] == nlohmann::json::array({5, 7}));
}

TEST_CASE("parse reports syntax errors as path:line:col and exits 1", "[cli][parse]") {
  std::string path = write_temp("err.sh", "echo ok\nif true; then\n  echo ${.sh.version}\n");
  auto r = run_forklift({"parse", "--front-end", "tree-sitter", path});
  CHECK(r.status == 1);
  CHECK(std::regex_search(r.err, std::regex(":[0-9]+:[0-9]+: syntax error")));
  CHECK(r.err.find(path + ":") != std::string::npos);
  CHECK(r.out.find("Error@") != std::string::npos);
}

TEST_CASE("parse refuses binaries, missing files and files over the size limit with exit 2", "[cli][parse]") {
  std::string binary = write_temp("bin.sh", std::string("\x7f" "ELF\0\0\0", 7));
  auto r = run_forklift({"parse", binary});
  CHECK(r.status == 2);
  CHECK(r.err.find("not a shell script") != std::string::npos);
  CHECK(r.out.empty());

  auto missing = run_forklift({"parse", "/nonexistent/forklift.sh"});
  CHECK(missing.status == 2);
  CHECK(missing.err.find("/nonexistent/forklift.sh") != std::string::npos);

  std::string big = write_temp("big.sh", std::string(2000, '#') + "\n");
  auto too_big = run_forklift({"parse", "--max-file-size", "1000", big});
  CHECK(too_big.status == 2);
  CHECK(too_big.err.find(big) != std::string::npos);
  auto fits = run_forklift({"parse", "--max-file-size", "5000", big});
  CHECK(fits.status == 0);
}

TEST_CASE("parse keeps going over several files and exits with the worst status", "[cli][parse]") {
  std::string good = write_temp("good.sh", "true\n");
  auto r = run_forklift({"parse", good, "/nonexistent/x.sh", good});
  CHECK(r.status == 2);
  size_t first = r.out.find("(Program@0-5");
  REQUIRE(first != std::string::npos);
  CHECK(r.out.find("(Program@0-5", first + 1) != std::string::npos);
}

TEST_CASE("parse rejects unknown front ends, formats and shells", "[cli][parse]") {
  CHECK(run_forklift({"parse", "--front-end", "bison", "-"}).status == 2);
  CHECK(run_forklift({"parse", "--format", "xml", "-"}).status == 2);
  auto shell = run_forklift({"parse", "--shell", "fish", "-"}, "true\n");
  CHECK(shell.status == 2);
  CHECK(shell.err.find("fish") != std::string::npos);
}

TEST_CASE("parse --shell overrides the detected dialect", "[cli][parse]") {
  auto r = run_forklift({"parse", "--format", "json", "--shell", "ksh", "-"}, "#!/bin/bash\ntrue\n");
  CHECK(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)[0]["dialect"] == "ksh");
}

}  // namespace

namespace {

TEST_CASE("parse auto falls back to tree-sitter where the exact parser fails, and says so", "[cli][parse]") {
  // bash rejects an empty loop body; tree-sitter-bash accepts it.
  std::string path = write_temp("empty-body.bash", "while :; do done\n");
  auto r = forklift::test::run_forklift({"parse", path});
  CHECK(r.status == 0);
  CHECK(r.err == path + ": the exact parser reported errors; tree-sitter parsed it\n");
  CHECK(r.out.find("(While@") != std::string::npos);
}

TEST_CASE("parse auto takes the exact parser, which reads ksh syntax tree-sitter cannot", "[cli][parse]") {
  std::string path = write_temp("fallback.ksh", "print ${.sh.version}\nx=${ date; }\n");
  auto r = forklift::test::run_forklift({"parse", path});
  CHECK(r.status == 0);
  CHECK(r.err == path + ": parsed with the exact parser\n");
  CHECK(r.out.find("(ParamExp@6-20 \".sh.version\" flags=0x1)") != std::string::npos);
  CHECK(r.out.find("(BraceSub@23-33") != std::string::npos);
}

TEST_CASE("parse --front-end exact uses the exact parser only", "[cli][parse]") {
  auto r = forklift::test::run_forklift({"parse", "--front-end", "exact", "--format", "json", "-"}, "a | b\n");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  auto doc = nlohmann::json::parse(r.out);
  CHECK(doc[0]["front_end"] == "exact");
  CHECK(doc[0]["ast"]["kids"][0]["kind"] == "Pipeline");
}

TEST_CASE("parse auto keeps the recovered tree when both front ends fail", "[cli][parse]") {
  auto r = forklift::test::run_forklift({"parse", "-"}, "if true; then\n  echo x\n");
  CHECK(r.status == 1);
  CHECK(r.err.find("<stdin>: the exact parser and tree-sitter both reported errors\n") == 0);
  CHECK(std::regex_search(r.err, std::regex("<stdin>:[0-9]+:[0-9]+: ")));
  CHECK(r.out.rfind("(Program@0-", 0) == 0);
}

}  // namespace
