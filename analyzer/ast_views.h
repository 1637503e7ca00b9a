// Typed views of the syntax tree, derived from ast_schema.def.
//
// A view is a pointer to a node of one kind with a named accessor per field:
// IfView(node).condition() is the List of its condition, elifs() a span of
// Elif nodes, else_branch() the Else or null. Each accessor finds its field
// the way the shape check does (the fields before it take their kids
// greedily), so a view reads exactly what the schema declares. Views also name
// the flags and operators of their kind (ForView::has_in(),
// ParamExpView::op()). Positional access to `kids` belongs here and nowhere
// else.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>

#include "analyzer/ast.h"
#include "analyzer/ast_operators.h"

namespace forklift {

// A set of node kinds, as two words of bits (there are fewer than 128 kinds).
class KindSet {
 public:
  constexpr KindSet() = default;
  constexpr KindSet(std::initializer_list<NodeKind> kinds) {
    for (NodeKind kind : kinds) add(kind);
  }
  constexpr bool has(NodeKind kind) const {
    auto k = static_cast<unsigned>(kind);
    return ((bits_[k / 64] >> (k % 64)) & 1u) != 0;
  }
  constexpr KindSet operator|(KindSet other) const {
    KindSet out = *this;
    out.bits_[0] |= other.bits_[0];
    out.bits_[1] |= other.bits_[1];
    return out;
  }

 private:
  constexpr void add(NodeKind kind) {
    auto k = static_cast<unsigned>(kind);
    bits_[k / 64] |= uint64_t{1} << (k % 64);
  }
  std::array<uint64_t, 2> bits_{};
};
static_assert(static_cast<size_t>(NodeKind::Error) < 128);

// The sets the schema's fields name: every kind alone, and the groups below.
namespace kinds {
#define FORKLIFT_NODE(kind, ...) inline constexpr KindSet kind{NodeKind::kind};
#include "analyzer/ast_schema.def"

// A compound command: what a FunctionDef's body or a Redirected wraps.
inline constexpr KindSet Compound = Subshell | BraceGroup | If | While | Until | For | Select | ArithFor | Case |
                                    TestCommand | ArithCommand;
inline constexpr KindSet FunctionBody = Compound | Redirected | FunctionDef | SimpleCommand;
// What stands in a List, a Pipeline or an and-or list.
inline constexpr KindSet Statement = FunctionBody | Declaration | AndIf | OrIf | Background | Coprocess |
                                     Pipeline | Negated | Time;
inline constexpr KindSet CommandItem = Assignment | Word | Redirect;
inline constexpr KindSet Value = Word | ArrayLiteral;
inline constexpr KindSet ArrayElement = Word | KeyedElement | Assignment | ArrayLiteral | Declaration | FunctionDef;
// The parts of a double-quoted string or a here-document body.
inline constexpr KindSet QuotedPart = Literal | ParamExp | CommandSub | BraceSub | Backtick | ArithExp | ArithBracket;
inline constexpr KindSet WordPart = QuotedPart | SingleQuoted | DoubleQuoted | AnsiCQuoted | LocaleQuoted | ProcessSub;
inline constexpr KindSet TestExpression = Word | TestBinary | TestUnary | TestGroup;
inline constexpr KindSet Arith = ArithNumber | ArithVariable | ArithBinary | ArithUnary | ArithPreIncr |
                                 ArithPostIncr | ArithAssign | ArithTernary | ArithGroup | ArithCall | ArithWord;
inline constexpr KindSet ArithSlot = Arith | Empty;
inline constexpr KindSet Any = Statement | CommandItem | Value | ArrayElement | WordPart | TestExpression | ArithSlot |
                               Program | List | KeyedElement | Subscript | IoNumber | HereDocBody | Elif | Else |
                               CaseItem | Error;
}  // namespace kinds

enum class Arity : uint8_t { one, opt, many, some };

struct FieldSpec {
  std::string_view name;
  Arity arity;
  KindSet kinds;
};

// An Error node may stand in any field: a front end recovering from bad input
// keeps what it could not parse in place.
constexpr bool field_takes(const FieldSpec& field, const Node* kid) {
  return field.kinds.has(kid->kind) || kid->kind == NodeKind::Error;
}

// The index of the first kid of field `field` of `node`: the fields before it
// take their kids greedily, as the shape check reads them.
template <size_t N>
constexpr size_t field_begin(const Node& node, const std::array<FieldSpec, N>& fields, size_t field) {
  size_t k = 0;
  const size_t size = node.kids.size();
  for (size_t f = 0; f < field; ++f) {
    switch (fields[f].arity) {
      case Arity::one:
        if (k < size) ++k;
        break;
      case Arity::opt:
        if (k < size && field_takes(fields[f], node.kids[k])) ++k;
        break;
      case Arity::many:
      case Arity::some:
        while (k < size && field_takes(fields[f], node.kids[k])) ++k;
        break;
    }
  }
  return k;
}

template <size_t N>
constexpr size_t field_end(const Node& node, const std::array<FieldSpec, N>& fields, size_t field, size_t begin) {
  size_t k = begin;
  while (k < node.kids.size() && field_takes(fields[field], node.kids[k])) ++k;
  return k;
}

using NodeSpan = std::span<const Node* const>;

// What every view offers: the node, its kind and span, its text slice.
class ViewBase {
 public:
  explicit ViewBase(const Node* node) : node_(node) {}
  const Node* node() const { return node_; }
  uint32_t begin() const { return node_->begin; }
  uint32_t end() const { return node_->end; }
  Span span() const { return node_->span(); }
  std::string_view text() const { return node_->text; }
  // All kids in source order, whatever field they belong to (for walkers).
  NodeSpan kids() const { return {node_->kids.data(), node_->kids.size()}; }

 protected:
  bool flag(uint32_t bit) const { return (node_->flags & bit) != 0; }
  const Node* kid(size_t i) const { return i < node_->kids.size() ? node_->kids[i] : nullptr; }
  NodeSpan kid_range(size_t begin, size_t end) const { return {node_->kids.data() + begin, end - begin}; }
  const Node* node_;
};

// The flags, text and operators of a kind, named; the generated view of each
// kind derives from its ViewExtras.
template <NodeKind K>
class ViewExtras : public ViewBase {
 public:
  using ViewBase::ViewBase;
};

template <>
class ViewExtras<NodeKind::Pipeline> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  // Link `i` joins command i and i+1 with `|&`.
  bool stderr_linked(size_t i) const { return flag(kPipeStderrLink << i); }
};

template <>
class ViewExtras<NodeKind::Assignment> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view name() const { return node_->text; }
  bool appends() const { return node_->op == "+="; }
};

template <>
class ViewExtras<NodeKind::Declaration> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view command_name() const { return node_->text; }
};

template <>
class ViewExtras<NodeKind::Redirect> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::optional<RedirectOperator> op() const { return redirect_operator(node_->text); }
  bool quoted_here_doc() const { return flag(kQuotedHereDoc); }
  bool strips_tabs() const { return flag(kHereDocStripTabs); }
  bool strips_indent() const { return flag(kHereDocStripIndent); }
};

class LoopOverWordsExtras : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view name() const { return node_->text; }
  // `for i in ...`; without `in` the loop iterates "$@".
  bool has_in() const { return flag(kForHasIn); }
};
template <>
class ViewExtras<NodeKind::For> : public LoopOverWordsExtras {
 public:
  using LoopOverWordsExtras::LoopOverWordsExtras;
};
template <>
class ViewExtras<NodeKind::Select> : public LoopOverWordsExtras {
 public:
  using LoopOverWordsExtras::LoopOverWordsExtras;
};

template <>
class ViewExtras<NodeKind::CaseItem> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view terminator() const { return node_->text; }
};

template <>
class ViewExtras<NodeKind::FunctionDef> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view name() const { return node_->text; }
  bool ksh_style() const { return flag(kKshFunction); }
};

class TestOperatorExtras : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view op() const { return node_->op; }
};
template <>
class ViewExtras<NodeKind::TestBinary> : public TestOperatorExtras {
 public:
  using TestOperatorExtras::TestOperatorExtras;
};
template <>
class ViewExtras<NodeKind::TestUnary> : public TestOperatorExtras {
 public:
  using TestOperatorExtras::TestOperatorExtras;
};

template <>
class ViewExtras<NodeKind::Word> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  bool has_glob() const { return flag(kWordHasGlob); }
  bool has_extglob() const { return flag(kWordHasExtGlob); }
  bool has_brace() const { return flag(kWordHasBrace); }
  bool has_tilde() const { return flag(kWordHasTilde); }
};

template <>
class ViewExtras<NodeKind::ParamExp> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view name() const { return node_->text; }
  std::optional<ParamOperator> op() const { return param_operator(node_->op); }
  std::string_view op_spelling() const { return node_->op; }
  bool braced() const { return flag(kParamBraced); }
  bool is_length() const { return flag(kParamLength); }
  bool is_indirect() const { return flag(kParamIndirect); }
};

template <>
class ViewExtras<NodeKind::ProcessSub> : public ViewBase {
 public:
  using ViewBase::ViewBase;
  // `<(list)` is read from; `>(list)` is written to.
  bool is_input() const { return node_->text == "<("; }
};

class NamedExtras : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::string_view name() const { return node_->text; }
};
template <>
class ViewExtras<NodeKind::ArithVariable> : public NamedExtras {
 public:
  using NamedExtras::NamedExtras;
};
template <>
class ViewExtras<NodeKind::ArithCall> : public NamedExtras {
 public:
  using NamedExtras::NamedExtras;
};

class ArithOperatorExtras : public ViewBase {
 public:
  using ViewBase::ViewBase;
  std::optional<ArithOperator> op() const { return arith_operator(node_->op); }
  std::string_view op_spelling() const { return node_->op; }
};
#define FORKLIFT_ARITH_OPERATOR_EXTRAS(kind)                        \
  template <>                                                      \
  class ViewExtras<NodeKind::kind> : public ArithOperatorExtras {  \
   public:                                                         \
    using ArithOperatorExtras::ArithOperatorExtras;                \
  };
FORKLIFT_ARITH_OPERATOR_EXTRAS(ArithBinary)
FORKLIFT_ARITH_OPERATOR_EXTRAS(ArithUnary)
FORKLIFT_ARITH_OPERATOR_EXTRAS(ArithPreIncr)
FORKLIFT_ARITH_OPERATOR_EXTRAS(ArithPostIncr)
FORKLIFT_ARITH_OPERATOR_EXTRAS(ArithAssign)
#undef FORKLIFT_ARITH_OPERATOR_EXTRAS

// ---- The generated views -----------------------------------------------------

#define FORKLIFT_VIEW_PARENS ()
#define FORKLIFT_VIEW_EXPAND(...) FORKLIFT_VIEW_EXPAND4(FORKLIFT_VIEW_EXPAND4(__VA_ARGS__))
#define FORKLIFT_VIEW_EXPAND4(...) FORKLIFT_VIEW_EXPAND1(FORKLIFT_VIEW_EXPAND1(FORKLIFT_VIEW_EXPAND1(FORKLIFT_VIEW_EXPAND1(__VA_ARGS__))))
#define FORKLIFT_VIEW_EXPAND1(...) __VA_ARGS__
// Applies `macro` to each (name, arity, kinds) field of an entry.
#define FORKLIFT_VIEW_EACH(macro, ...) __VA_OPT__(FORKLIFT_VIEW_EXPAND(FORKLIFT_VIEW_EACH_STEP(macro, __VA_ARGS__)))
#define FORKLIFT_VIEW_EACH_STEP(macro, field, ...) \
  macro field __VA_OPT__(FORKLIFT_VIEW_EACH_AGAIN FORKLIFT_VIEW_PARENS(macro, __VA_ARGS__))
#define FORKLIFT_VIEW_EACH_AGAIN() FORKLIFT_VIEW_EACH_STEP

#define FORKLIFT_VIEW_FIELD_INDEX(name, arity, set) field_##name,
#define FORKLIFT_VIEW_FIELD_SPEC(name, arity, set) FieldSpec{#name, Arity::arity, kinds::set},
#define FORKLIFT_VIEW_FIELD_ACCESSOR(name, arity, set) \
  auto name() const { return field<field_##name>(); }

#define FORKLIFT_NODE(Kind, ...)                                                                      \
  class Kind##View : public ViewExtras<NodeKind::Kind> {                                              \
   public:                                                                                            \
    static constexpr NodeKind kKind = NodeKind::Kind;                                                 \
    enum FieldIndex : uint8_t { FORKLIFT_VIEW_EACH(FORKLIFT_VIEW_FIELD_INDEX, __VA_ARGS__) field_count }; \
    static constexpr std::array<FieldSpec, field_count> kFields{                                      \
        {FORKLIFT_VIEW_EACH(FORKLIFT_VIEW_FIELD_SPEC, __VA_ARGS__)}};                                 \
    explicit Kind##View(const Node* node) : ViewExtras(node) { assert(node != nullptr && node->kind == kKind); } \
    explicit Kind##View(const Node& node) : Kind##View(&node) {}                                      \
   private:                                                                                           \
    template <size_t F>                                                                               \
    auto field() const {                                                                              \
      const size_t first = field_begin(*node_, kFields, F);                                           \
      if constexpr (kFields[F].arity == Arity::one) {                                                 \
        return kid(first);                                                                            \
      } else if constexpr (kFields[F].arity == Arity::opt) {                                          \
        const Node* candidate = kid(first);                                                           \
        return candidate != nullptr && field_takes(kFields[F], candidate) ? candidate : nullptr;      \
      } else {                                                                                        \
        return kid_range(first, field_end(*node_, kFields, F, first));                                \
      }                                                                                               \
    }                                                                                                 \
                                                                                                      \
   public:                                                                                            \
    FORKLIFT_VIEW_EACH(FORKLIFT_VIEW_FIELD_ACCESSOR, __VA_ARGS__)                                     \
  };
#include "analyzer/ast_schema.def"

#undef FORKLIFT_VIEW_FIELD_ACCESSOR
#undef FORKLIFT_VIEW_FIELD_SPEC
#undef FORKLIFT_VIEW_FIELD_INDEX

// The variable an arithmetic assignment or increment changes; null for other nodes.
inline const Node* arith_target(const Node* node) {
  switch (node->kind) {
    case NodeKind::ArithAssign: return ArithAssignView(node).target();
    case NodeKind::ArithPreIncr: return ArithPreIncrView(node).target();
    case NodeKind::ArithPostIncr: return ArithPostIncrView(node).target();
    default: return nullptr;
  }
}

// Fields that several kinds share, for code that handles them alike: null (or
// empty) for a node of another kind.
// The condition List of If, Elif, While and Until.
inline const Node* condition_of(const Node* node) {
  switch (node->kind) {
    case NodeKind::If: return IfView(node).condition();
    case NodeKind::Elif: return ElifView(node).condition();
    case NodeKind::While: return WhileView(node).condition();
    case NodeKind::Until: return UntilView(node).condition();
    default: return nullptr;
  }
}
// The left side of AndIf and OrIf.
inline const Node* and_or_left(const Node* node) {
  switch (node->kind) {
    case NodeKind::AndIf: return AndIfView(node).left();
    case NodeKind::OrIf: return OrIfView(node).left();
    default: return nullptr;
  }
}
// The List inside Subshell, BraceGroup, CommandSub, BraceSub, Backtick and ProcessSub.
inline const Node* inner_list(const Node* node) {
  switch (node->kind) {
    case NodeKind::Subshell: return SubshellView(node).body();
    case NodeKind::BraceGroup: return BraceGroupView(node).body();
    case NodeKind::CommandSub: return CommandSubView(node).body();
    case NodeKind::BraceSub: return BraceSubView(node).body();
    case NodeKind::Backtick: return BacktickView(node).body();
    case NodeKind::ProcessSub: return ProcessSubView(node).body();
    default: return nullptr;
  }
}
// The statements of a List or the Program.
inline NodeSpan statements_of(const Node* node) {
  switch (node->kind) {
    case NodeKind::List: return ListView(node).statements();
    case NodeKind::Program: return ProgramView(node).statements();
    default: return {};
  }
}

// The command that Background (`&`) or Coprocess (`|&`) runs.
inline const Node* background_command(const Node* node) {
  switch (node->kind) {
    case NodeKind::Background: return BackgroundView(node).command();
    case NodeKind::Coprocess: return CoprocessView(node).command();
    default: return nullptr;
  }
}

// The Literal that is the whole of a word (`abc`, `a\ b`), or null when the
// word has other parts or none: the words whose value is their raw text.
inline const Node* sole_literal_part(const Node* word) {
  if (word == nullptr || word->kids.size() != 1 || word->kids[0]->kind != NodeKind::Literal) return nullptr;
  return word->kids[0];
}

// For and Select have the same fields: the items and body of either.
inline NodeSpan for_items(const Node* loop) {
  return loop->is(NodeKind::For) ? ForView(loop).items() : SelectView(loop).items();
}
inline const Node* for_body(const Node* loop) {
  return loop->is(NodeKind::For) ? ForView(loop).body() : SelectView(loop).body();
}

// The fields of `kind` as the schema declares them.
std::span<const FieldSpec> fields_of(NodeKind kind);

// A view of `node` when it is of the view's kind, otherwise nullopt.
template <typename View>
std::optional<View> view_if(const Node* node) {
  if (node == nullptr || node->kind != View::kKind) return std::nullopt;
  return View(node);
}

}  // namespace forklift
