// Where a rule's reference page (docs/rules/CODE.md) is, for the language
// server's diagnostic links and SARIF's helpUri. A build may name a
// published copy (CMake cache variable FORKLIFT_RULE_DOCS_BASE_URL); by
// default the link is the page installed with the binary, so it never points
// at a site that may not exist.
#pragma once

#include <string>
#include <string_view>

namespace forklift::lsp {

// The page's address with `{code}` standing for the rule code: the published
// copy, else a file: URI of the pages installed beside the running binary;
// empty (no link) when neither is there, as when running from the build folder.
std::string default_docs_url_template();

// The default address of one rule's page; empty when there is none.
std::string default_docs_url(std::string_view code);

}  // namespace forklift::lsp
