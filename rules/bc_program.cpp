#include "rules/bc_program.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool is_statement_parent(const Node* node) {
  return node != nullptr && (node->is(NodeKind::List) || node->is(NodeKind::Program));
}

bool writes_to_dev_null(const SemanticModel& model, const Node* redirect) {
  RedirectView view(redirect);
  if (view.op() != RedirectOperator::Output) return false;
  return static_word_value(model.source(), view.target()) == "/dev/null" &&
         (view.fd() == nullptr || model.text(view.fd()) == "1");
}

// Fills `call` from bc's options and redirections; false for forms we leave alone.
bool read_bc_command(const SemanticModel& model, const Node* bc, BcCall& call) {
  std::vector<const Node*> words = command_words(bc);
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> option = static_word_value(model.source(), words[i]);
    if (option == "-l" || option == "--mathlib") {
      call.math_library = true;
    } else if (option != "-q" && option != "--quiet") {
      return false;  // files or options that change the output
    }
  }
  for (const Node* kid : bc->kids) {
    if (!kid->is(NodeKind::Redirect)) continue;
    std::string_view op = kid->text;
    if (op == "<<<" && !kid->kids.empty()) {
      call.program = {kid->kids.back()};
    } else if ((op == "<<" || op == "<<-") && kid->kids.back()->is(NodeKind::HereDocBody)) {
      call.here_doc = kid->kids.back();
      call.program = {call.here_doc};
    } else if (writes_to_dev_null(model, kid)) {
      call.output_discarded = true;
    } else {
      return false;
    }
  }
  return true;
}

void locate_target(const SemanticModel& model, const Node* unit, BcCall& call) {
  const Node* list = model.parent(unit);
  const Node* substitution = list != nullptr ? model.parent(list) : nullptr;
  if (list != nullptr && list->is(NodeKind::List) && list->kids.size() == 1 && substitution != nullptr &&
      (substitution->is(NodeKind::CommandSub) || substitution->is(NodeKind::Backtick))) {
    call.target = substitution;
  } else if (is_statement_parent(list)) {
    call.target = unit;
    call.statement = true;
  }
}

enum class TokenType { Number, Operator, Variable, Expansion, Separator };

struct Token {
  TokenType type;
  std::string text;
  const Node* node = nullptr;
};

class BcReader {
 public:
  explicit BcReader(const SemanticModel& model) : model_(model) {}

  BcProgramKind kind() const {
    if (other_) return BcProgramKind::Other;
    return fractional_ ? BcProgramKind::Fractional : BcProgramKind::Integer;
  }
  std::vector<Token>& tokens() { return tokens_; }
  const std::vector<Token>& tokens() const { return tokens_; }
  void set_fractional() { fractional_ = true; }
  std::optional<int> scale() const { return scale_; }
  bool calls_functions() const { return functions_; }

  void read_part(const Node* part) {
    switch (part->kind) {
      case NodeKind::Word:
        if ((part->flags & (kWordHasGlob | kWordHasBrace)) != 0) other_ = true;
        for (const Node* kid : part->kids) read_part(kid);
        return;
      case NodeKind::Literal:
        read_text(model_.text(part));
        return;
      case NodeKind::SingleQuoted: {
        std::string_view text = model_.text(part);
        read_text(text.substr(1, text.size() - 2));
        return;
      }
      case NodeKind::DoubleQuoted:
      case NodeKind::HereDocBody:
        if (part->kids.empty() && part->is(NodeKind::HereDocBody)) {
          read_text(model_.text(part));
        } else {
          for (const Node* kid : part->kids) read_part(kid);
        }
        return;
      case NodeKind::ParamExp:
        if (is_identifier(part->text) && part->op.empty() && part->kids.empty() && (part->flags & ~kParamBraced) == 0) {
          tokens_.push_back(Token{TokenType::Variable, std::string(part->text), part});
        } else {
          tokens_.push_back(Token{TokenType::Expansion, std::string(model_.text(part)), part});
        }
        return;
      case NodeKind::ArithExp:
        tokens_.push_back(Token{TokenType::Expansion, std::string(model_.text(part)), part});
        return;
      default:
        other_ = true;
    }
  }

 private:
  void read_text(std::string_view text) {
    for (size_t i = 0; i < text.size();) {
      char c = text[i];
      if (c == ' ' || c == '\t') {
        ++i;
      } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
        i += 2;
      } else if (c == '\n' || c == ';') {
        tokens_.push_back(Token{TokenType::Separator, "\n"});
        ++i;
      } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
        size_t end = i;
        while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.')) ++end;
        std::string number(text.substr(i, end - i));
        if (number.find('.') != std::string::npos) fractional_ = true;
        tokens_.push_back(Token{TokenType::Number, number});
        i = end;
      } else if (std::isalpha(static_cast<unsigned char>(c))) {
        size_t end = i;
        while (end < text.size() && is_name_char(text[end])) ++end;
        std::string_view name = text.substr(i, end - i);
        bool call = end < text.size() && text[end] == '(';
        if (name == "scale") {
          fractional_ = true;
          size_t stop = text.find_first_of(";\n", end);  // `scale = N`
          if (stop == std::string_view::npos) stop = text.size();
          std::string_view value = text.substr(end, stop - end);
          size_t digits = value.find_first_of("0123456789");
          scale_ = digits == std::string_view::npos ? 0 : std::atoi(std::string(value.substr(digits)).c_str());
          end = stop;
        } else if (name == "sqrt" || (call && name.size() == 1)) {
          fractional_ = true;
          functions_ = true;
        } else {
          other_ = true;
        }
        i = end;
      } else {
        size_t length = 0;
        for (std::string_view op : {"<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "/", "%", "^", "(", ")"}) {
          if (text.substr(i).starts_with(op)) {
            length = op.size();
            break;
          }
        }
        if (length == 0) {
          other_ = true;
          return;
        }
        tokens_.push_back(Token{TokenType::Operator, std::string(text.substr(i, length))});
        i += length;
      }
    }
  }

  const SemanticModel& model_;
  std::vector<Token> tokens_;
  bool fractional_ = false;
  bool other_ = false;
  bool functions_ = false;
  std::optional<int> scale_;
};

// Evaluates a literal-only program the way the shell would, with 64-bit overflow checks.
class ConstantEvaluator {
 public:
  explicit ConstantEvaluator(const std::vector<Token>& tokens) : tokens_(tokens) {}

  std::optional<long long> evaluate() {
    std::optional<long long> value = comparison();
    if (!value || position_ != tokens_.size()) return std::nullopt;
    return value;
  }

 private:
  bool accept(std::string_view op) {
    if (position_ < tokens_.size() && tokens_[position_].type == TokenType::Operator && tokens_[position_].text == op) {
      ++position_;
      return true;
    }
    return false;
  }

  std::optional<long long> comparison() {
    std::optional<long long> left = additive();
    for (std::string_view op : {"<=", ">=", "==", "!=", "<", ">"}) {
      if (!left || !accept(op)) continue;
      std::optional<long long> right = additive();
      if (!right) return std::nullopt;
      if (op == "<=") return *left <= *right;
      if (op == ">=") return *left >= *right;
      if (op == "==") return *left == *right;
      if (op == "!=") return *left != *right;
      if (op == "<") return *left < *right;
      return *left > *right;
    }
    return left;
  }

  std::optional<long long> additive() {
    std::optional<long long> left = multiplicative();
    while (left) {
      bool plus = accept("+");
      if (!plus && !accept("-")) break;
      std::optional<long long> right = multiplicative();
      long long result = 0;
      if (!right || (plus ? __builtin_add_overflow(*left, *right, &result) : __builtin_sub_overflow(*left, *right, &result))) {
        return std::nullopt;
      }
      left = result;
    }
    return left;
  }

  std::optional<long long> multiplicative() {
    std::optional<long long> left = power();
    while (left) {
      std::string op = position_ < tokens_.size() ? tokens_[position_].text : "";
      if (!accept("*") && !accept("/") && !accept("%")) break;
      std::optional<long long> right = power();
      if (!right) return std::nullopt;
      long long result = 0;
      if (op == "*") {
        if (__builtin_mul_overflow(*left, *right, &result)) return std::nullopt;
      } else {
        if (*right == 0 || (*left == LLONG_MIN && *right == -1)) return std::nullopt;
        result = op == "/" ? *left / *right : *left % *right;
      }
      left = result;
    }
    return left;
  }

  std::optional<long long> power() {
    std::optional<long long> base = unary();
    if (!base || !accept("^")) return base;
    std::optional<long long> exponent = power();
    if (!exponent || *exponent < 0) return std::nullopt;
    long long result = 1;
    for (long long i = 0; i < *exponent; ++i) {
      if (__builtin_mul_overflow(result, *base, &result)) return std::nullopt;
    }
    return result;
  }

  std::optional<long long> unary() {
    if (accept("-")) {
      std::optional<long long> value = unary();
      if (!value || *value == LLONG_MIN) return std::nullopt;
      return -*value;
    }
    if (accept("(")) {
      std::optional<long long> value = comparison();
      if (!value || !accept(")")) return std::nullopt;
      return value;
    }
    if (position_ < tokens_.size() && tokens_[position_].type == TokenType::Number) {
      const std::string& text = tokens_[position_++].text;
      if (text.size() > 18) return std::nullopt;
      return std::stoll(text);
    }
    return std::nullopt;
  }

  const std::vector<Token>& tokens_;
  size_t position_ = 0;
};

class ArithmeticWriter {
 public:
  // `floating`: ksh93 float arithmetic (literals as `7.0`, variables as `float(x)`).
  ArithmeticWriter(const SemanticModel& model, Dialect dialect, BcTranslation& out, bool floating = false)
      : model_(model), dialect_(dialect), out_(out), floating_(floating) {}

  bool write(const std::vector<Token>& tokens) {
    bool expect_operand = true;
    int depth = 0;
    int comparisons = 0;
    std::string previous;
    for (size_t i = 0; i < tokens.size(); ++i) {
      const Token& token = tokens[i];
      if (token.type == TokenType::Operator) {
        const std::string& op = token.text;
        if (op == "(") {
          if (!expect_operand) return false;
          ++depth;
          emit("(", false);
        } else if (op == ")") {
          if (expect_operand || --depth < 0) return false;
          emit(")", false);
        } else if (expect_operand) {
          if (op != "-") return false;
          emit("-", false);  // unary minus
        } else {
          if (op.find_first_of("<>=!") != std::string::npos && ++comparisons > 1) return false;
          if (op == "^") {
            if (dialect_ == Dialect::Sh || dialect_ == Dialect::Mksh) return false;
            emit("**", true);
          } else {
            emit(op, true);
          }
          previous = op;
          expect_operand = true;
        }
        continue;
      }
      if (!expect_operand) return false;
      operand(token, previous);
      previous.clear();
      expect_operand = false;
    }
    return !expect_operand && depth == 0;
  }

 private:
  void emit(std::string_view text, bool binary) {
    if (binary) {
      out_.arithmetic += fmt::format(" {} ", text);
    } else {
      out_.arithmetic += text;
    }
  }

  void operand(const Token& token, const std::string& previous_operator) {
    bool divisor = previous_operator == "/" || previous_operator == "%";
    if (floating_) {
      if (token.type == TokenType::Number) {
        std::string number = token.text[0] == '.' ? "0" + token.text : token.text;
        out_.arithmetic += number.find('.') == std::string::npos ? canonical_integer(number) + ".0" : number;
      } else {
        out_.arithmetic += fmt::format("float({})", token.text);
      }
      return;
    }
    if (token.type == TokenType::Number) {
      std::string canonical = canonical_integer(token.text);
      if (divisor && canonical == "0") {
        out_.safety.downgrade(Applicability::DisplayOnly, "division by zero");
      }
      out_.arithmetic += canonical;
      return;
    }
    if (divisor) {
      out_.safety.downgrade(Applicability::Unsafe,
                            "on division by zero `bc` prints an error and goes on, `$(( ))` aborts the shell");
    }
    if (token.type == TokenType::Variable) {
      out_.arithmetic += token.text;
      if (!model_.certainly_integer(token.text, token.node)) {
        out_.safety.downgrade(Applicability::Unsafe, model_.explain_not_integer(token.text, token.node));
      }
      return;
    }
    out_.arithmetic += token.text;
    out_.safety.downgrade(Applicability::Unsafe, fmt::format("`{}` is not known to be an integer", token.text));
  }

  const SemanticModel& model_;
  Dialect dialect_;
  BcTranslation& out_;
  bool floating_;
};

// `scale=N; EXPR` (or `bc -l`) as ksh93 float arithmetic truncated to N digits.
void write_float(const SemanticModel& model, const BcReader& reader, const BcCall& call, BcTranslation& translation) {
  if (model.dialect() != Dialect::Ksh || reader.calls_functions()) return;
  std::vector<Token> tokens = reader.tokens();
  while (!tokens.empty() && tokens.front().type == TokenType::Separator) tokens.erase(tokens.begin());
  for (const Token& token : tokens) {
    if (token.type == TokenType::Separator) return;
  }
  int scale = reader.scale().value_or(call.math_library ? 20 : 0);
  if (tokens.empty() || scale > 15) return;  // a double has ~16 significant digits
  BcTranslation body;
  ArithmeticWriter writer(model, Dialect::Ksh, body, true);
  if (!writer.write(tokens)) return;
  std::string power = "1" + std::string(static_cast<size_t>(scale), '0');
  translation.scale = scale;
  translation.float_arithmetic = fmt::format("trunc({} * ({})) / {}.0", power, body.arithmetic, power);
}

}  // namespace

std::vector<BcCall> find_bc_calls(const SemanticModel& model) {
  std::vector<BcCall> calls;
  visit(model.ast().root, [&](const Node* node) {
    if (!node->is(NodeKind::SimpleCommand) || command_name(model.source(), node) != "bc") return true;
    BcCall call;
    call.bc = node;
    if (!read_bc_command(model, node, call)) return true;
    const Node* unit = node;
    const Node* pipeline = model.parent(node);
    if (call.program.empty() && pipeline != nullptr && pipeline->is(NodeKind::Pipeline) &&
        PipelineView(pipeline).commands().size() == 2 && PipelineView(pipeline).commands()[1] == node) {
      const Node* echo = PipelineView(pipeline).commands()[0];
      std::vector<const Node*> words = command_words(echo);
      if (!echo->is(NodeKind::SimpleCommand) || command_name(model.source(), echo) != "echo" || words.size() != 2 ||
          has_redirects(echo)) {
        return true;
      }
      call.program = {words[1]};
      unit = pipeline;
    }
    if (call.program.empty()) return true;
    locate_target(model, unit, call);
    if (call.target != nullptr) calls.push_back(call);
    return true;
  });
  return calls;
}

BcTranslation translate_bc(const SemanticModel& model, const BcCall& call) {
  BcTranslation translation;
  BcReader reader(model);
  if (call.math_library) reader.set_fractional();
  for (const Node* part : call.program) reader.read_part(part);
  std::vector<Token>& tokens = reader.tokens();
  while (!tokens.empty() && tokens.back().type == TokenType::Separator) tokens.pop_back();
  translation.kind = tokens.empty() ? BcProgramKind::Other : reader.kind();
  if (translation.kind == BcProgramKind::Fractional) {
    write_float(model, reader, call, translation);
    return translation;
  }
  if (translation.kind != BcProgramKind::Integer) return translation;
  for (const Token& token : tokens) {
    if (token.type == TokenType::Separator) {  // several statements
      translation.kind = BcProgramKind::Other;
      return translation;
    }
  }

  ArithmeticWriter writer(model, model.dialect(), translation);
  if (!writer.write(tokens)) {
    translation.kind = BcProgramKind::Other;
    return translation;
  }
  bool constant = std::all_of(tokens.begin(), tokens.end(), [](const Token& t) {
    return t.type == TokenType::Number || t.type == TokenType::Operator;
  });
  if (constant && !ConstantEvaluator(tokens).evaluate()) {
    translation.safety.downgrade(Applicability::DisplayOnly,
                                 "the value overflows 64-bit shell arithmetic or divides by zero");
  }
  bool has_power = std::any_of(tokens.begin(), tokens.end(), [](const Token& t) { return t.text == "^"; });
  if (has_power && !constant) {
    translation.safety.downgrade(Applicability::Unsafe,
                                 "`bc` gives 0 for a negative exponent, where `**` is an error");
  }
  return translation;
}

}  // namespace forklift
