#include <catch2/catch.hpp>

#include "lsp/server_config.h"

using namespace forklift::lsp;
using nlohmann::json;

TEST_CASE("client settings override the project's", "[lsp][config]") {
  ServerConfig base;
  base.lint.rules.ignore = {"FL2"};
  ServerConfig config = apply_client_settings(
      base, json::parse(R"({"shell":"ksh93","select":["FL1"],"unsafeFixes":true,"debounceMs":5,"other":1})"));
  CHECK(config.lint.shell == forklift::Dialect::Ksh);
  CHECK(config.lint.rules.select == std::vector<std::string>{"FL1"});
  CHECK(config.lint.rules.ignore == std::vector<std::string>{"FL2"});
  CHECK(config.unsafe_fixes);
  CHECK(config.debounce == std::chrono::milliseconds(5));
  CHECK(apply_client_settings(base, nullptr).lint.rules.ignore == base.lint.rules.ignore);
}

TEST_CASE("settings of the wrong type or an unknown shell are errors naming the key", "[lsp][config]") {
  CHECK_THROWS_WITH(apply_client_settings({}, json::parse(R"({"unsafeFixes":"yes"})")),
                    "setting `unsafeFixes` has the wrong type");
  CHECK_THROWS_WITH(apply_client_settings({}, json::parse(R"({"select":[1]})")),
                    "setting `select` must be a list of strings");
  CHECK_THROWS_WITH(apply_client_settings({}, json::parse(R"({"shell":"fish"})")), "setting `shell`: unknown shell `fish`");
}

TEST_CASE("the docs link substitutes the rule's code and name", "[lsp][config]") {
  ServerConfig config;
  CHECK(docs_url(config, "FL101", "expr-arithmetic") == "https://forklift.dev/rules/FL101");
  config.docs_url_template = "https://example.org/{name}/{code}.html";
  CHECK(docs_url(config, "FL101", "expr-arithmetic") == "https://example.org/expr-arithmetic/FL101.html");
}
