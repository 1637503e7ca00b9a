// The result of textDocument/codeAction written straight into a string: over
// a whole large document it holds thousands of actions, each with its edit and
// diagnostic, and going through a JSON document first was most of the time the
// request took. Parses to the same JSON as json(actions) (tested).
#pragma once

#include <string>
#include <vector>

#include "lsp/protocol/code_action.h"

namespace forklift::lsp {

std::string code_actions_json(const std::vector<SharedCodeAction>& actions);

}  // namespace forklift::lsp
