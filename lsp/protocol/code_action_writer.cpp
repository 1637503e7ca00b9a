#include "lsp/protocol/code_action_writer.h"

#include <iterator>

#include <fmt/format.h>

#include "lsp/protocol/json_writer.h"

namespace forklift::lsp {
namespace {

void append_data(std::string& out, const CodeActionData& data) {
  out += R"({"uri":)";
  json_writer::append_string(out, data.uri);
  fmt::format_to(std::back_inserter(out), R"(,"version":{}}})", data.version);
}

void append_action(std::string& out, const CodeAction& action) {
  out += R"({"title":)";
  json_writer::append_string(out, action.title);
  out += R"(,"kind":)";
  json_writer::append_string(out, action.kind);
  if (action.resolve) {
    out += R"(,"data":)";
    append_data(out, *action.resolve);
  } else {
    out += R"(,"edit":)";
    json_writer::append_workspace_edit(out, action.edit);
  }
  if (!action.diagnostics.empty()) {
    out += R"(,"diagnostics":[)";
    for (size_t i = 0; i < action.diagnostics.size(); ++i) {
      if (i > 0) out += ',';
      json_writer::append_diagnostic(out, action.diagnostics[i]);
    }
    out += ']';
  }
  if (action.is_preferred) out += R"(,"isPreferred":true)";
  out += '}';
}

}  // namespace

std::string code_actions_json(const std::vector<SharedCodeAction>& actions) {
  std::string out;
  out.reserve(2 + actions.size() * 560);
  out += '[';
  for (size_t i = 0; i < actions.size(); ++i) {
    if (i > 0) out += ',';
    append_action(out, *actions[i]);
  }
  out += ']';
  return out;
}

}  // namespace forklift::lsp
