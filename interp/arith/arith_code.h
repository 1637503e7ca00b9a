// Arithmetic lowered once into a flat program for a small stack machine:
// number literals are parsed at lowering, operators resolved to codes, and
// `&&`, `||` and `?:` become jumps. Shell::eval_arith runs it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/ast.h"
#include "interp/arith/number.h"
#include "interp/variables/variable_store.h"

namespace forklift::interp {

enum class ArithBinaryOp : uint8_t {
  None, Add, Sub, Mul, Div, Mod, Pow, Shl, Shr, BitAnd, BitOr, BitXor, Lt, Gt, Le, Ge, Eq, Ne,
};

struct ArithOp {
  enum Code : uint8_t {
    Const,        // push value
    Var,          // push the value of node (ArithVariable)
    Word,         // push the value of an expansion (ArithWord node)
    Binary,       // pop b, a; push a op b
    Negate,
    Not,
    BitNot,
    ToBool,       // replace top with 0/1
    JumpIfFalse,  // pop; jump when zero
    JumpIfTrue,   // pop; jump when non-zero
    Jump,
    Pop,
    Assign,       // pop value; node = lvalue; binary = compound operator or None; push result
    Increment,    // node = lvalue; delta +1/-1; prefix or postfix; push result
    Call,         // node = ArithCall; pops `count` arguments; push result
    Error,        // node: the offending node (syntax error at run time)
  };
  Code code;
  ArithBinaryOp binary = ArithBinaryOp::None;
  bool prefix = false;
  int8_t delta = 0;
  uint32_t target = 0;  // jump target / argument count
  Number value;
  const Node* node = nullptr;
  mutable VarSlot slot;  // Var, Assign, Increment: the variable, resolved once
};

struct ArithCode {
  std::vector<ArithOp> ops;
};

ArithCode compile_arithmetic(const Node* root);
ArithBinaryOp binary_op_from(std::string_view op);

}  // namespace forklift::interp
