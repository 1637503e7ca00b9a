// Running the lowered form of simple commands (lowered_command.h): each
// fast path handles the common case and hands everything else to the
// general code (Expander, exec_assignment, get_scalar by name), so the
// results are the same by construction.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/expand/expander.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

// Attributes whose reads or writes need the general code.
constexpr uint32_t kSlowRead = kAttrNameref | kAttrDynamic | kAttrCompound | kAttrIndexed | kAttrAssoc | kAttrDiscipline;
constexpr uint32_t kSlowWrite = kSlowRead | kAttrReadonly | kAttrExport | kAttrNumeric | kAttrUpper | kAttrLower;

}  // namespace

const std::string* Shell::get_scalar(VarSlot& slot, std::string_view name) {
  Variable* var = vars_.find_slot(slot, name);
  if (var == nullptr) return nullptr;
  if (var->attrs & kSlowRead) return get_scalar(name);
  return var->is_set ? &var->value : nullptr;
}

void Shell::assign(VarSlot& slot, std::string_view name, std::string_view value) {
  Variable* var = vars_.find_slot(slot, name);
  if (var == nullptr || (var->attrs & kSlowWrite) || var->justify != 0 || options_.allexport) {
    assign(name, value, false);
    return;
  }
  vars_.will_modify(slot.scope, name, *var);
  var->value.assign(value.data(), value.size());
  var->is_set = true;
  note_variable_change(name);
}

LoweredCommand& Shell::lowered_command(const Node* node) {
  auto [it, inserted] = lowered_commands_.try_emplace(node);
  if (inserted) {
    it->second = std::make_unique<LoweredCommand>(lower_simple_command(node, current_source()));
    LoweredCommand& command = *it->second;
    if (command.literal_name) command.builtin = find_builtin(command.words[0].text);
  }
  return *it->second;
}

void Shell::append_lowered_part(LoweredPart& part, std::string& out) {
  switch (part.kind) {
    case LoweredPart::Kind::Text:
      out += part.text;
      return;
    case LoweredPart::Kind::Variable:
      if (const std::string* value = get_scalar(part.slot, part.name)) {
        out += *value;
        return;
      }
      if (!options_.nounset) return;
      break;  // the general code reports the unset parameter
    case LoweredPart::Kind::Other:
      if (part.node->kind == NodeKind::ArithExp) {
        out += format_number(eval_arith(ArithExpView(part.node).expression()));
        return;
      }
      break;
  }
  out += expand_part_to_string(part.node);
}

void Shell::expand_lowered_word(LoweredWord& word, ArgvBuilder& argv) {
  switch (word.kind) {
    case LoweredWord::Kind::Literal:
      argv.add(std::string_view(word.text));
      return;
    case LoweredWord::Kind::Quoted:
      argv.add(joined_parts(word));
      return;
    case LoweredWord::Kind::Variable: {
      const std::string* value = get_scalar(word.variable.slot, word.variable.name);
      if (value == nullptr && !options_.nounset) return;  // unquoted and unset: no field
      if (value != nullptr) {
        if (value->empty()) return;
        const std::string* ifs = get_scalar(ifs_slot_, "IFS");
        std::string_view separators = ifs != nullptr ? std::string_view(*ifs) : std::string_view(" \t\n");
        // A value that splitting, globbing and brace expansion leave alone is the field.
        if (value->find_first_of(separators) == std::string::npos &&
            value->find_first_of("*?[\\{") == std::string::npos) {
          argv.add(std::string_view(*value));
          return;
        }
      }
      break;
    }
    case LoweredWord::Kind::General:
      break;
  }
  expand_general_word(word.node, argv);
}

LoweredWord* Shell::lowered_string_word(const Node* word) {
  if (word->kind != NodeKind::Word) return nullptr;
  auto [it, inserted] = lowered_words_.try_emplace(word);
  if (inserted) it->second = std::make_unique<LoweredWord>(lower_word(word, true, current_source()));
  return it->second->kind == LoweredWord::Kind::General ? nullptr : it->second.get();
}

std::string Shell::lowered_value(LoweredWord& word) {
  switch (word.kind) {
    case LoweredWord::Kind::Literal:
      return word.text;
    case LoweredWord::Kind::Quoted:
      return joined_parts(word);
    case LoweredWord::Kind::Variable:
    case LoweredWord::Kind::General:
      break;
  }
  return expand_string_general(word.node, true);
}

std::string Shell::joined_parts(LoweredWord& word) {
  // "${x#pat}", "$(cmd)": the expansion's own string, not a copy of it.
  if (word.parts.size() == 1 && word.parts[0].kind == LoweredPart::Kind::Other &&
      word.parts[0].node->kind != NodeKind::ArithExp) {
    return expand_part_to_string(word.parts[0].node);
  }
  std::string value;
  for (LoweredPart& part : word.parts) append_lowered_part(part, value);
  return value;
}

void Shell::run_lowered_assignment(LoweredAssignment& assignment, bool for_command) {
  if (!assignment.simple || options_.xtrace) {
    exec_assignment(assignment.node, false, for_command);
    return;
  }
  if (assignment.value.kind == LoweredWord::Kind::Literal) {
    assign(assignment.slot, assignment.name, assignment.value.text);
    return;
  }
  assign(assignment.slot, assignment.name, lowered_value(assignment.value));
}

void Shell::resolve_command_name(LoweredCommand& command, std::string_view name, const Builtin*& builtin,
                                 const Node*& function) {
  if (!command.literal_name) {
    builtin = find_builtin(name);
    function = builtin != nullptr && builtin->special ? nullptr : find_function(name);
  } else {
    builtin = command.builtin;
    if (builtin != nullptr && builtin->special) {
      function = nullptr;
      return;
    }
    if (command.function_generation != function_generation_) {
      command.function = find_function(name);
      command.function_generation = function_generation_;
    }
    function = command.function;
  }
  // Functions come before regular builtins, as in ksh.
  if (function != nullptr) builtin = nullptr;
}

}  // namespace forklift::interp
