// A rule's declared fix availability agrees with its "## Fix safety" section,
// so a new rule that forgets to declare one (the default is None) is caught.
#include <catch2/catch.hpp>

#include <string>

#include "rules/rule.h"

TEST_CASE("every rule's fix availability matches its documentation", "[rules][docs]") {
  for (const forklift::Rule* rule : forklift::all_rules()) {
    const forklift::RuleInfo& info = rule->info();
    INFO(info.code);
    std::string_view docs = info.docs;
    size_t section = docs.find("## Fix safety\n");
    REQUIRE(section != std::string_view::npos);
    std::string_view text = docs.substr(section + 14);
    CHECK(text.starts_with("No fix") == (info.fix == forklift::FixAvailability::None));
    if (info.fix == forklift::FixAvailability::Safe) CHECK(text.starts_with("Safe"));
    if (text.starts_with("Unsafe")) CHECK(info.fix == forklift::FixAvailability::Unsafe);
  }
}
