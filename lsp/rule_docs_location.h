// Where a rule's reference page (docs/rules/CODE.md) is, for the language
// server's diagnostic links and SARIF's helpUri. A build may name a
// published copy (CMake cache variable FORKLIFT_RULE_DOCS_BASE_URL); by
// default the link is the page installed with the binary (or, for a binary in
// its build folder, the checkout's page), so it never points at a site that
// may not exist.
#pragma once

#include <string>
#include <string_view>

namespace forklift::lsp {

// The page's address with `{code}` standing for the rule code: the published
// copy, else a file: URI of the pages installed beside the running binary,
// else, from the build folder, of the checkout's docs/rules/; empty (no link)
// when none is there.
std::string default_docs_url_template();

// The default address of one rule's page; empty when there is none.
std::string default_docs_url(std::string_view code);

}  // namespace forklift::lsp
