#include "interp/arith/arith_code.h"

#include "analyzer/ast_operators.h"
#include "analyzer/ast_views.h"

namespace forklift::interp {

ArithBinaryOp binary_op_from(std::string_view spelling) {
  std::optional<ArithOperator> op = arith_operator(spelling);
  if (!op) return ArithBinaryOp::None;
  switch (*op) {
    case ArithOperator::Add: return ArithBinaryOp::Add;
    case ArithOperator::Subtract: return ArithBinaryOp::Sub;
    case ArithOperator::Multiply: return ArithBinaryOp::Mul;
    case ArithOperator::Divide: return ArithBinaryOp::Div;
    case ArithOperator::Remainder: return ArithBinaryOp::Mod;
    case ArithOperator::Power: return ArithBinaryOp::Pow;
    case ArithOperator::ShiftLeft: return ArithBinaryOp::Shl;
    case ArithOperator::ShiftRight: return ArithBinaryOp::Shr;
    case ArithOperator::BitAnd: return ArithBinaryOp::BitAnd;
    case ArithOperator::BitOr: return ArithBinaryOp::BitOr;
    case ArithOperator::BitXor: return ArithBinaryOp::BitXor;
    case ArithOperator::Less: return ArithBinaryOp::Lt;
    case ArithOperator::Greater: return ArithBinaryOp::Gt;
    case ArithOperator::LessEqual: return ArithBinaryOp::Le;
    case ArithOperator::GreaterEqual: return ArithBinaryOp::Ge;
    case ArithOperator::Equal: return ArithBinaryOp::Eq;
    case ArithOperator::NotEqual: return ArithBinaryOp::Ne;
    default: return ArithBinaryOp::None;  // logical, comma, assignment: compiled as control flow
  }
}

namespace {

class Compiler {
 public:
  explicit Compiler(ArithCode& code) : code_(code) {}

  void compile(const Node* node) {
    switch (node->kind) {
      case NodeKind::ArithNumber: {
        if (auto n = parse_number_literal(node->text)) {
          emit({ArithOp::Const, ArithBinaryOp::None, false, 0, 0, *n, nullptr});
        } else {
          error(node);
        }
        return;
      }
      case NodeKind::ArithVariable: emit_node(ArithOp::Var, node); return;
      case NodeKind::ArithWord: emit_node(ArithOp::Word, node); return;
      case NodeKind::ArithGroup: compile(ArithGroupView(node).expression()); return;
      case NodeKind::Empty: emit({ArithOp::Const, ArithBinaryOp::None, false, 0, 0, Number::integer(0), nullptr}); return;
      case NodeKind::ArithUnary: {
        compile(ArithUnaryView(node).operand());
        char op = node->op.empty() ? '+' : node->op[0];
        if (op == '-') emit_node(ArithOp::Negate, node);
        else if (op == '!') emit_node(ArithOp::Not, node);
        else if (op == '~') emit_node(ArithOp::BitNot, node);
        return;
      }
      case NodeKind::ArithPreIncr:
      case NodeKind::ArithPostIncr: {
        const Node* target = arith_target(node);
        if (target == nullptr || target->kind != NodeKind::ArithVariable) {
          error(node);
          return;
        }
        ArithOp op{ArithOp::Increment};
        op.node = target;
        op.delta = node->op == "--" ? -1 : 1;
        op.prefix = node->kind == NodeKind::ArithPreIncr;
        emit(op);
        return;
      }
      case NodeKind::ArithAssign: {
        ArithAssignView assign(node);
        if (assign.target()->kind != NodeKind::ArithVariable) {
          error(node);
          return;
        }
        compile(assign.value());
        ArithOp op{ArithOp::Assign};
        op.node = assign.target();
        std::string_view spelling = node->op;
        op.binary = spelling == "=" ? ArithBinaryOp::None : binary_op_from(spelling.substr(0, spelling.size() - 1));
        emit(op);
        return;
      }
      case NodeKind::ArithTernary: {
        ArithTernaryView ternary(node);
        compile(ternary.condition());
        size_t to_else = emit_jump(ArithOp::JumpIfFalse);
        compile(ternary.then_value());
        size_t to_end = emit_jump(ArithOp::Jump);
        patch(to_else);
        compile(ternary.else_value());
        patch(to_end);
        return;
      }
      case NodeKind::ArithCall: {
        NodeSpan arguments = ArithCallView(node).arguments();
        for (const Node* arg : arguments) compile(arg);
        ArithOp op{ArithOp::Call};
        op.node = node;
        op.target = static_cast<uint32_t>(arguments.size());
        emit(op);
        return;
      }
      case NodeKind::ArithBinary: break;
      default: error(node); return;
    }
    ArithBinaryView binary_node(node);
    std::string_view op = binary_node.op_spelling();
    if (op == "&&" || op == "||") {
      compile(binary_node.left());
      size_t short_circuit = emit_jump(op == "&&" ? ArithOp::JumpIfFalse : ArithOp::JumpIfTrue);
      compile(binary_node.right());
      emit_node(ArithOp::ToBool, node);
      size_t to_end = emit_jump(ArithOp::Jump);
      patch(short_circuit);
      emit({ArithOp::Const, ArithBinaryOp::None, false, 0, 0, Number::integer(op == "&&" ? 0 : 1), nullptr});
      patch(to_end);
      return;
    }
    if (op == ",") {
      compile(binary_node.left());
      emit_node(ArithOp::Pop, node);
      compile(binary_node.right());
      return;
    }
    ArithBinaryOp code = binary_op_from(op);
    if (code == ArithBinaryOp::None) {
      error(node);
      return;
    }
    compile(binary_node.left());
    compile(binary_node.right());
    ArithOp binary{ArithOp::Binary};
    binary.binary = code;
    binary.node = node;
    emit(binary);
  }

 private:
  void emit(const ArithOp& op) { code_.ops.push_back(op); }
  void emit_node(ArithOp::Code code, const Node* node) {
    ArithOp op{code};
    op.node = node;
    emit(op);
  }
  void error(const Node* node) { emit_node(ArithOp::Error, node); }
  size_t emit_jump(ArithOp::Code code) {
    emit(ArithOp{code});
    return code_.ops.size() - 1;
  }
  void patch(size_t jump) { code_.ops[jump].target = static_cast<uint32_t>(code_.ops.size()); }

  ArithCode& code_;
};

}  // namespace

ArithCode compile_arithmetic(const Node* root) {
  ArithCode code;
  Compiler(code).compile(root);
  return code;
}

}  // namespace forklift::interp
