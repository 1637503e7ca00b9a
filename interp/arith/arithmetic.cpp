// ksh93 arithmetic over the Arith* nodes: 64-bit integers that overflow into
// long doubles, floats, math functions, and variables whose values are
// themselves expressions (parsed once per distinct string, then cached).
#include <cmath>
#include <cstring>

#include <absl/container/inlined_vector.h>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "interp/hash_key.h"
#include "interp/arith/arith_code.h"
#include "interp/errors.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

constexpr int kMaxArithDepth = 128;

Number add(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float) {
    int64_t r;
    if (!__builtin_add_overflow(a.i, b.i, &r)) return Number::integer(r);
  }
  return Number::floating(a.as_float() + b.as_float());
}

Number subtract(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float) {
    int64_t r;
    if (!__builtin_sub_overflow(a.i, b.i, &r)) return Number::integer(r);
  }
  return Number::floating(a.as_float() - b.as_float());
}

Number multiply(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float) {
    int64_t r;
    if (!__builtin_mul_overflow(a.i, b.i, &r)) return Number::integer(r);
  }
  return Number::floating(a.as_float() * b.as_float());
}

Number power(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float && b.i >= 0) {
    int64_t result = 1, base = a.i, exp = b.i;
    bool overflow = false;
    while (exp > 0 && !overflow) {
      if (exp & 1) overflow = __builtin_mul_overflow(result, base, &result);
      exp >>= 1;
      if (exp > 0 && !overflow) overflow = __builtin_mul_overflow(base, base, &base);
    }
    if (!overflow) return Number::integer(result);
  }
  return Number::floating(std::pow(static_cast<double>(a.as_float()), static_cast<double>(b.as_float())));
}

int compare(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  long double x = a.as_float(), y = b.as_float();
  return x < y ? -1 : x > y ? 1 : 0;
}

using MathFn1 = long double (*)(long double);

struct MathFunction {
  const char* name;
  MathFn1 fn;
};

const MathFunction kMathFunctions[] = {
    {"abs", fabsl},     {"acos", acosl},   {"acosh", acoshl}, {"asin", asinl},   {"asinh", asinhl},
    {"atan", atanl},    {"atanh", atanhl}, {"cbrt", cbrtl},   {"ceil", ceill},   {"cos", cosl},
    {"cosh", coshl},    {"erf", erfl},     {"erfc", erfcl},   {"exp", expl},     {"exp2", exp2l},
    {"expm1", expm1l},  {"fabs", fabsl},   {"floor", floorl}, {"lgamma", lgammal}, {"log", logl},
    {"log10", log10l},  {"log1p", log1pl}, {"log2", log2l},   {"logb", logbl},   {"nearbyint", nearbyintl},
    {"rint", rintl},    {"round", roundl}, {"sin", sinl},     {"sinh", sinhl},   {"sqrt", sqrtl},
    {"tan", tanl},      {"tanh", tanhl},   {"tgamma", tgammal}, {"trunc", truncl},
};

// A `$` or backquote outside a 'c' character constant. Text evaluated as an
// expression is a value, never script: ksh93 refuses an expansion in it
// rather than run it, so `(( n ))` on input cannot run a command.
bool has_expansion(std::string_view expr) {
  for (size_t i = 0; i < expr.size(); ++i) {
    if (expr[i] == '\'') {
      size_t close = expr.find('\'', i + 1);
      if (close == std::string_view::npos) return false;
      i = close;
    } else if (expr[i] == '$' || expr[i] == '`') {
      return true;
    }
  }
  return false;
}

}  // namespace

Number Shell::eval_arith_string(std::string_view expr) {
  if (auto n = parse_number_literal(expr)) return *n;
  size_t first = expr.find_first_not_of(" \t\n");
  if (first == std::string_view::npos) return Number::integer(0);
  auto it = arith_cache_.find(hash_key(expr));
  const Node* root = nullptr;
  if (it != arith_cache_.end()) {
    root = it->second;
  } else {
    if (has_expansion(expr)) fatal(fmt::format("{}: arithmetic syntax error", expr));
    arith_sources_.push_back(std::make_unique<std::string>(expr));
    const std::string& text = *arith_sources_.back();
    std::vector<ParseError> errors;
    root = parse_arithmetic(*arith_ast_, text, Dialect::Ksh, 0, static_cast<uint32_t>(text.size()), errors);
    if (!errors.empty() || root == nullptr) {
      fatal(fmt::format("{}: arithmetic syntax error", expr));
    }
    arith_cache_.emplace(std::string(expr), root);
  }
  if (++arith_depth_ > kMaxArithDepth) {
    --arith_depth_;
    fatal(fmt::format("{}: recursion too deep", expr));
  }
  Number result;
  std::string_view outer = arith_expression_;
  arith_expression_ = expr;
  try {
    result = eval_arith(root);
  } catch (...) {
    --arith_depth_;
    arith_expression_ = outer;
    throw;
  }
  --arith_depth_;
  arith_expression_ = outer;
  return result;
}

// Nodes of an expression string have no text of their own: ksh names the
// whole string then.
std::string_view Shell::arith_error_text(const Node* where) const {
  return arith_expression_.empty() ? node_text(where) : arith_expression_;
}

Number Shell::value_as_number(std::string_view text, int) {
  if (text.empty()) return Number::integer(0);
  if (auto n = parse_number_literal(text)) return *n;
  return eval_arith_string(text);
}

std::string Shell::subscript_key(const Node* subscript) {
  const Node* index = SubscriptView(subscript).index();
  if (index == nullptr) return {};
  return expand_to_string(index);
}

int64_t Shell::subscript_index(const Node* subscript) {
  const Node* word = SubscriptView(subscript).index();
  if (word == nullptr) return 0;
  if (const Node* literal = sole_literal_part(word)) {
    std::string_view text = literal->text;
    int64_t v = 0;
    bool digits = !text.empty() && text.size() < 18;
    for (char c : text) {
      if (c < '0' || c > '9') {
        digits = false;
        break;
      }
      v = v * 10 + (c - '0');
    }
    if (digits) return v;
  }
  return eval_arith_int(expand_to_string(word));
}

Number Shell::arith_variable(std::string_view name, const Node* subscript, VarSlot* slot) {
  if (subscript != nullptr && name.find('[') != std::string_view::npos) {  // a[1].x (interp/variables/member_path.cpp)
    size_t used = 0;
    return arith_variable(node_path(name, NodeSpan(&subscript, 1), used, false), nullptr, nullptr);
  }
  const std::string* text = nullptr;
  VarRef ref = slot != nullptr ? vars_.resolve(*slot, name) : vars_.resolve(name);
  if (ref.var == nullptr) {
    // As in ksh: a plain name inside another variable's value must exist
    // (x=abc; $((x)) fails; $((abc)) is 0), and a dotted name read from a
    // string rather than the script ($((${v})) with v=file.txt, printf %d,
    // let, test) needs its parent.
    bool plain = subscript == nullptr && !ref.has_subscript;
    bool nested = arith_value_depth_ > 0 && plain;
    size_t dot = name.find('.');
    if (plain && !arith_expression_.empty() && dot != std::string_view::npos && dot > 0) {
      if (vars_.resolve(name.substr(0, dot)).var == nullptr) fatal(fmt::format("{}: no parent", name));
      nested = false;
    }
    if (options_.nounset || nested) fatal(fmt::format("{}: parameter not set", name));
    return Number::integer(0);
  }
  Variable& var = *ref.var;
  if (subscript != nullptr || ref.has_subscript) {
    if (var.is_assoc()) {
      std::string key = subscript != nullptr ? subscript_key(subscript) : ref.subscript;
      if (var.array) {
        auto it = var.array->assoc.find(key);
        if (it != var.array->assoc.end()) text = &it->second;
      }
    } else {
      int64_t index = subscript != nullptr ? subscript_index(subscript) : eval_arith_int(ref.subscript);
      if (var.array) {
        auto it = var.array->indexed.find(index);
        if (it != var.array->indexed.end()) text = &it->second;
      } else if (index == 0 && var.is_set) {
        text = &var.value;
      }
    }
  } else if ((var.attrs & (kAttrDynamic | kAttrDiscipline)) || var.is_array()) {
    text = get_scalar(name);
  } else if (var.is_set) {
    text = &var.value;
  }
  if (text == nullptr) {
    if (options_.nounset) fatal(fmt::format("{}: parameter not set", name));
    return Number::integer(0);
  }
  if (var.attrs & kAttrInteger && var.precision <= 0) {
    int64_t v = 0;
    const char* p = text->data();
    const char* end = p + text->size();
    bool negative = p < end && *p == '-';
    if (negative) ++p;
    bool ok = p < end && end - p < 19;
    for (const char* q = p; ok && q < end; ++q) {
      if (*q < '0' || *q > '9') ok = false;
      else v = v * 10 + (*q - '0');
    }
    if (ok) return Number::integer(negative ? -v : v);
  }
  struct ValueDepth {
    int& depth;
    explicit ValueDepth(int& d) : depth(d) { ++depth; }
    ~ValueDepth() { --depth; }
  } nested(arith_value_depth_);
  return value_as_number(*text, 0);
}

void Shell::arith_assign(std::string_view name, const Node* subscript, const Number& value, VarSlot* slot) {
  if (subscript != nullptr && name.find('[') != std::string_view::npos) {  // a[1].x (interp/variables/member_path.cpp)
    size_t used = 0;
    return arith_assign(node_path(name, NodeSpan(&subscript, 1), used, true), nullptr, value, nullptr);
  }
  VarRef ref = slot != nullptr ? vars_.resolve_for_write(*slot, name) : vars_.resolve_for_write(name);
  Variable& var = *ref.var;
  if (var.attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", name));
  std::string text;
  if (var.attrs & kAttrInteger) {
    text = format_number(Number::integer(value.as_int()));
    if (var.precision > 1 && var.precision != 10) apply_attributes(var, text);
  } else if (var.attrs & kAttrFloat) {
    text = format_number(value);
    apply_attributes(var, text);
  } else {
    text = format_number(value);
  }
  if (subscript != nullptr || ref.has_subscript) {
    std::string key;
    if (var.is_assoc()) {
      key = subscript != nullptr ? subscript_key(subscript) : ref.subscript;
    } else {
      key = std::to_string(subscript != nullptr ? subscript_index(subscript) : eval_arith_int(ref.subscript));
    }
    uint32_t saved = var.attrs;
    var.attrs &= ~kAttrNumeric;  // already formatted
    assign_element(ref.name, key, text);
    var.attrs = saved;
    return;
  }
  if (var.attrs & (kAttrDynamic | kAttrDiscipline)) {
    assign(ref.name, text);
    return;
  }
  if (var.is_array()) {
    if (var.is_assoc()) var.elements().assoc["0"] = std::move(text);
    else var.elements().indexed[0] = std::move(text);
  } else {
    var.value = std::move(text);
    var.is_set = true;
  }
  if (options_.allexport) var.attrs |= kAttrExport;
}

namespace {

const Node* lvalue_subscript(const Node* lvalue) {
  for (const Node* kid : lvalue->kids) {
    if (kid->kind == NodeKind::Subscript) return kid;
  }
  return nullptr;
}

}  // namespace

Number Shell::eval_arith(const Node* node) {
  auto it = arith_code_.find(node);
  if (it == arith_code_.end()) {
    it = arith_code_.emplace(node, std::make_unique<ArithCode>(compile_arithmetic(node))).first;
  }
  return run_arith(*it->second);
}

Number Shell::run_arith(const ArithCode& code) {
  absl::InlinedVector<Number, 16> stack;
  const std::vector<ArithOp>& ops = code.ops;
  for (size_t pc = 0; pc < ops.size(); ++pc) {
    const ArithOp& op = ops[pc];
    switch (op.code) {
      case ArithOp::Const: stack.push_back(op.value); break;
      case ArithOp::Var:
        stack.push_back(arith_variable(op.node->text, op.node->kids.empty() ? nullptr : lvalue_subscript(op.node), &op.slot));
        break;
      case ArithOp::Word: {
        // Every part: `10#$x` is the literal `10#` and then the value of x.
        NodeSpan parts = ArithWordView(op.node).parts();
        std::string text;
        for (const Node* part : parts) text += expand_part_to_string(part);
        if (parts.size() == 1 && parts[0]->kind == NodeKind::SingleQuoted) {
          // 'c' in ksh arithmetic: the character's code.
          stack.push_back(Number::integer(text.empty() ? 0 : static_cast<unsigned char>(text[0])));
        } else {
          stack.push_back(value_as_number(text, 0));
        }
        break;
      }
      case ArithOp::Binary: {
        Number b = stack.back();
        stack.pop_back();
        stack.back() = arith_binary(op.binary, stack.back(), b, op.node);
        break;
      }
      case ArithOp::Negate: {
        Number& v = stack.back();
        if (v.is_float) v.f = -v.f;
        else if (v.i == INT64_MIN) v = Number::floating(-static_cast<long double>(v.i));
        else v.i = -v.i;
        break;
      }
      case ArithOp::Not: stack.back() = Number::integer(stack.back().truthy() ? 0 : 1); break;
      case ArithOp::BitNot: stack.back() = Number::integer(~stack.back().as_int()); break;
      case ArithOp::ToBool: stack.back() = Number::integer(stack.back().truthy() ? 1 : 0); break;
      case ArithOp::JumpIfFalse: {
        bool truthy = stack.back().truthy();
        stack.pop_back();
        if (!truthy) pc = op.target - 1;
        break;
      }
      case ArithOp::JumpIfTrue: {
        bool truthy = stack.back().truthy();
        stack.pop_back();
        if (truthy) pc = op.target - 1;
        break;
      }
      case ArithOp::Jump: pc = op.target - 1; break;
      case ArithOp::Pop: stack.pop_back(); break;
      case ArithOp::Assign: {
        const Node* sub = op.node->kids.empty() ? nullptr : lvalue_subscript(op.node);
        Number result = stack.back();
        if (op.binary != ArithBinaryOp::None) {
          result = arith_binary(op.binary, arith_variable(op.node->text, sub, &op.slot), result, op.node);
        }
        arith_assign(op.node->text, sub, result, &op.slot);
        stack.back() = result;
        break;
      }
      case ArithOp::Increment: {
        const Node* sub = op.node->kids.empty() ? nullptr : lvalue_subscript(op.node);
        Number old = arith_variable(op.node->text, sub, &op.slot);
        Number updated = op.delta > 0 ? add(old, Number::integer(1)) : subtract(old, Number::integer(1));
        arith_assign(op.node->text, sub, updated, &op.slot);
        stack.push_back(op.prefix ? updated : old);
        break;
      }
      case ArithOp::Call: {
        std::vector<Number> args(stack.end() - op.target, stack.end());
        stack.resize(stack.size() - op.target);
        stack.push_back(arith_call(op.node, args));
        break;
      }
      case ArithOp::Error: fatal(fmt::format("{}: arithmetic syntax error", arith_error_text(op.node)));
    }
  }
  return stack.empty() ? Number::integer(0) : stack.back();
}

Number Shell::arith_binary(ArithBinaryOp op, const Number& a, const Number& b, const Node* where) {
  switch (op) {
    case ArithBinaryOp::Add: return add(a, b);
    case ArithBinaryOp::Sub: return subtract(a, b);
    case ArithBinaryOp::Mul: return multiply(a, b);
    case ArithBinaryOp::Div:
      if (a.is_float || b.is_float) return Number::floating(a.as_float() / b.as_float());
      if (b.i == 0) fatal(fmt::format("{}: divide by zero", arith_error_text(where)));
      if (a.i == INT64_MIN && b.i == -1) return Number::floating(-static_cast<long double>(a.i));
      return Number::integer(a.i / b.i);
    case ArithBinaryOp::Mod: {
      int64_t x = a.as_int(), y = b.as_int();
      if (y == 0) fatal(fmt::format("{}: divide by zero", arith_error_text(where)));
      if (y == -1) return Number::integer(0);
      return Number::integer(x % y);
    }
    case ArithBinaryOp::Pow: return power(a, b);
    case ArithBinaryOp::Shl:
      return Number::integer(static_cast<int64_t>(static_cast<uint64_t>(a.as_int()) << (b.as_int() & 63)));
    case ArithBinaryOp::Shr: return Number::integer(a.as_int() >> (b.as_int() & 63));
    case ArithBinaryOp::BitAnd: return Number::integer(a.as_int() & b.as_int());
    case ArithBinaryOp::BitOr: return Number::integer(a.as_int() | b.as_int());
    case ArithBinaryOp::BitXor: return Number::integer(a.as_int() ^ b.as_int());
    case ArithBinaryOp::Lt: return Number::integer(compare(a, b) < 0);
    case ArithBinaryOp::Gt: return Number::integer(compare(a, b) > 0);
    case ArithBinaryOp::Le: return Number::integer(compare(a, b) <= 0);
    case ArithBinaryOp::Ge: return Number::integer(compare(a, b) >= 0);
    case ArithBinaryOp::Eq: return Number::integer(compare(a, b) == 0);
    case ArithBinaryOp::Ne: return Number::integer(compare(a, b) != 0);
    case ArithBinaryOp::None: break;
  }
  fatal(fmt::format("{}: arithmetic syntax error", arith_error_text(where)));
}

Number Shell::arith_call(const Node* node, const std::vector<Number>& args) {
  std::string_view name = node->text;
  auto arg = [&](size_t i) { return i < args.size() ? args[i].as_float() : 0.0L; };
  if (name == "int") return Number::integer(static_cast<int64_t>(truncl(arg(0))));
  if (name == "abs" && !args.empty() && !args[0].is_float) return Number::integer(args[0].i < 0 ? -args[0].i : args[0].i);
  if (name == "pow") return Number::floating(powl(arg(0), arg(1)));
  if (name == "atan2") return Number::floating(atan2l(arg(0), arg(1)));
  if (name == "fmod") return Number::floating(fmodl(arg(0), arg(1)));
  if (name == "hypot") return Number::floating(hypotl(arg(0), arg(1)));
  if (name == "fmin") return Number::floating(fminl(arg(0), arg(1)));
  if (name == "fmax") return Number::floating(fmaxl(arg(0), arg(1)));
  if (name == "fdim") return Number::floating(fdiml(arg(0), arg(1)));
  if (name == "copysign") return Number::floating(copysignl(arg(0), arg(1)));
  if (name == "remainder") return Number::floating(remainderl(arg(0), arg(1)));
  if (name == "isnan") return Number::integer(std::isnan(arg(0)) ? 1 : 0);
  if (name == "isinf") return Number::integer(std::isinf(arg(0)) ? 1 : 0);
  if (name == "float") return Number::floating(arg(0));
  for (const MathFunction& fn : kMathFunctions) {
    if (name == fn.name) return Number::floating(fn.fn(arg(0)));
  }
  fatal(fmt::format("{}: unknown function", name));
}

}  // namespace forklift::interp
