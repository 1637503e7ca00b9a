#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

std::optional<StatusConsumer> consumer(const ModelFixture& f, std::string_view command) {
  return f.model().exit_status_consumer(f.find(NodeKind::SimpleCommand, command));
}

TEST_CASE("conditions, && / || and ! consume the exit status") {
  ModelFixture f("if a; then b; fi\nwhile c; do d; done\ne && f\n! g\nh\n");
  CHECK(consumer(f, "a") == StatusConsumer::Condition);
  CHECK(consumer(f, "c") == StatusConsumer::Condition);
  CHECK(consumer(f, "e") == StatusConsumer::AndOr);
  CHECK(consumer(f, "g") == StatusConsumer::Negation);
  CHECK_FALSE(consumer(f, "b").has_value());
  CHECK_FALSE(consumer(f, "d").has_value());
  CHECK(consumer(f, "h") == StatusConsumer::ScriptResult);
}

TEST_CASE("$? in the next command consumes the status") {
  ModelFixture f("a\necho $?\nb\necho done\nc\nt && echo $?\nd\n! echo $? || e\n");
  CHECK(consumer(f, "a") == StatusConsumer::DollarQuestion);
  CHECK_FALSE(consumer(f, "b").has_value());
  // After `&&` it reads the status of the command before it, not of `c`.
  CHECK_FALSE(consumer(f, "c").has_value());
  // The first command to run reads it, under `!` and before `||` too.
  CHECK(consumer(f, "d") == StatusConsumer::DollarQuestion);
}

TEST_CASE("set -e consumes the status outside tested contexts") {
  ModelFixture f("set -e\nv=$(expr 1 - 1)\nif w=$(expr 0); then :; fi\necho end\n");
  CHECK(f.model().errexit());
  CHECK(f.model().exit_status_consumer(f.find(NodeKind::SimpleCommand, "v=$(expr 1 - 1)")) == StatusConsumer::ErrExit);
  CHECK(f.model().exit_status_consumer(f.find(NodeKind::SimpleCommand, "w=$(expr 0)")) == StatusConsumer::Condition);
}

TEST_CASE("the substitution's status is the assignment's; a declaration's is its own") {
  ModelFixture f("while i=$(expr $i - 1); do :; done\nlocal x=$(false)\necho end\n");
  CHECK(consumer(f, "expr $i - 1") == StatusConsumer::Condition);
  CHECK_FALSE(consumer(f, "false").has_value());
}

TEST_CASE("the last command of a function is its return status") {
  ModelFixture f("f() {\n  a\n  b\n}\necho end\n");
  CHECK_FALSE(consumer(f, "a").has_value());
  CHECK(consumer(f, "b") == StatusConsumer::FunctionResult);
}

TEST_CASE("pipefail makes earlier pipeline elements count") {
  ModelFixture plain("a | b\necho end\n");
  CHECK_FALSE(consumer(plain, "a").has_value());
  ModelFixture pipefail("set -o pipefail\na | b\necho end\n");
  CHECK(pipefail.model().pipefail());
  CHECK(consumer(pipefail, "a") == StatusConsumer::PipeFail);
}

TEST_CASE("a shebang with -e turns errexit on") {
  ModelFixture f("#!/bin/sh -e\na\necho end\n", Dialect::Sh);
  CHECK(consumer(f, "a") == StatusConsumer::ErrExit);
}

}  // namespace
}  // namespace forklift::testing
