#include <catch2/catch.hpp>

#include "lsp/server_config.h"
#include "lsp/rule_docs_location.h"

using namespace forklift::lsp;
using nlohmann::json;

TEST_CASE("client settings become the overrides of the project's", "[lsp][config]") {
  ServerConfig base;
  base.overrides.ignore = {"FL2"};
  ServerConfig config = apply_client_settings(
      base, json::parse(R"({"shell":"ksh93","select":["FL1"],"unsafeFixes":true,"debounceMs":5,"other":1})"));
  CHECK(config.overrides.shell == forklift::Dialect::Ksh);
  CHECK(config.overrides.select == std::vector<std::string>{"FL1"});
  CHECK(config.overrides.ignore == std::vector<std::string>{"FL2"});
  CHECK(config.overrides.unsafe_fixes == true);
  CHECK(config.debounce == std::chrono::milliseconds(5));
  CHECK(apply_client_settings(base, nullptr).overrides.ignore == base.overrides.ignore);
  // What the client leaves out defers to forklift.toml.
  ServerConfig empty = apply_client_settings({}, json::object());
  CHECK_FALSE(empty.overrides.select);
  CHECK_FALSE(empty.overrides.unsafe_fixes);
  CHECK_FALSE(empty.overrides.shell);
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
  CHECK(docs_url(config, "FL101", "expr-arithmetic") == forklift::lsp::default_docs_url("FL101"));
  config.docs_url_template = "https://example.org/{name}/{code}.html";
  CHECK(docs_url(config, "FL101", "expr-arithmetic") == "https://example.org/expr-arithmetic/FL101.html");
}
