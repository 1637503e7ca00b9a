#include "rules/discarded_output.h"

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {

bool redirects_only_discard(const SemanticModel& model, const Node* command, bool here_strings, bool& discarded) {
  for (const Node* item : SimpleCommandView(command).items()) {
    if (!item->is(NodeKind::Redirect)) continue;
    RedirectView redirect(item);
    std::string_view op = item->text;
    if (op == "<<<" && here_strings) continue;
    std::string_view number = redirect.fd() != nullptr ? model.text(redirect.fd()) : "";
    std::optional<std::string> target = static_word_value(model.source(), redirect.target());
    bool to_null = target == "/dev/null";
    if ((op == ">" || op == ">>" || op == ">|") && to_null && (number.empty() || number == "1")) {
      discarded = true;
    } else if (op == "&>" && to_null) {
      discarded = true;
    } else if (!((op == ">" || op == ">>") && number == "2" && to_null) && !(op == ">&" && number == "2" && target == "1")) {
      return false;
    }
  }
  return true;
}

}  // namespace forklift
