// Statements, lists and compound commands.
#include <algorithm>
#include <iterator>

#include "analyzer/ast_views.h"
#include "analyzer/front_end.h"
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {

DepthGuard::DepthGuard(Lowering& lowering, uint32_t offset) : lowering_(lowering) {
  if (++lowering_.depth_ > kMaxNestingDepth) {
    --lowering_.depth_;
    throw NestingTooDeep(offset);
  }
}

namespace {

size_t find_token(const std::vector<Child>& cst, std::string_view token, size_t from = 0) {
  for (size_t i = from; i < cst.size(); ++i) {
    if (!cst[i].named && cst[i].type == token) return i;
  }
  return cst.size();
}

bool has_unescaped_newline(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '\n') {
      return true;
    }
  }
  return false;
}

bool is_compound_body(std::string_view type) { return type == "do_group" || type == "compound_statement"; }

}  // namespace

Node* Lowering::program(TSNode root) {
  std::vector<Child> cst = children(root);
  Node* prog = make(NodeKind::Program, 0, static_cast<uint32_t>(src_.size()));
  Node* body = list(cst, 0, cst.size(), 0);
  prog->kids = std::move(body->kids);
  return prog;
}

Node* Lowering::error_node(const Child& c) { return make(NodeKind::Error, c.begin, c.end); }

Node* Lowering::list(const std::vector<Child>& cst, size_t from, size_t to, uint32_t empty_at) {
  Node* out = make(NodeKind::List, empty_at, empty_at);
  for (size_t i = from; i < to && i < cst.size(); ++i) {
    const Child& kid = cst[i];
    if (!kid.named) {
      if (kid.type == "&" && !out->kids.empty() && !ts_node_is_missing(kid.node)) {
        Node* job = out->kids.back();
        Node* background = make(NodeKind::Background, job->begin, kid.end);
        background->kids.push_back(job);
        out->kids.back() = background;
      }
      continue;
    }
    if (kid.type == "comment") continue;
    if (Node* stmt = statement(kid)) {
      std::vector<Node*> statements;
      split_at_newlines(stmt, statements);
      for (Node* each : statements) split_posix_background_redirect(each, out->kids);
    }
  }
  if (!out->kids.empty()) {
    out->begin = out->kids.front()->begin;
    out->end = out->kids.back()->end;
  }
  return out;
}

void Lowering::split_at_newlines(Node* stmt, std::vector<Node*>& out) {
  // tree-sitter continues `a=1 b=2` on the next line as if the newline were a
  // blank (`a=1\necho x` becomes one command); a shell ends the command there.
  bool simple = stmt->is(NodeKind::SimpleCommand) || stmt->is(NodeKind::Declaration);
  std::vector<Node*>& items = stmt->kids;
  auto newline = [this](const Node* a, const Node* b) { return newline_between(a, b); };
  auto last = simple ? std::adjacent_find(items.begin(), items.end(), newline) : items.end();
  if (last == items.end()) {
    out.push_back(stmt);
    return;
  }
  // Rebuilt in place: the items after the newline are a command of their own.
  auto next = std::next(last);
  Node* rest = make(NodeKind::SimpleCommand, (*next)->begin, stmt->end);
  rest->kids.assign(next, items.end());
  stmt->end = (*last)->end;
  items.erase(next, items.end());
  stmt->kind = NodeKind::SimpleCommand;
  stmt->text = {};
  out.push_back(canonical_command(stmt));
  split_at_newlines(canonical_command(rest), out);
}

void Lowering::split_posix_background_redirect(Node* stmt, std::vector<Node*>& out) {
  // POSIX sh has no `&>`: `a &> f` is `a &` then `> f` (as dash runs it).
  bool simple = stmt->is(NodeKind::SimpleCommand) || stmt->is(NodeKind::Declaration);
  std::vector<Node*>& items = stmt->kids;
  auto background_redirect = [](const Node* r) {
    return r->is(NodeKind::Redirect) && !r->text.empty() && r->text.front() == '&' && RedirectView(r).fd() == nullptr;
  };
  auto at = simple && dialect_ == Dialect::Sh && !items.empty()
                ? std::find_if(std::next(items.begin()), items.end(), background_redirect)
                : items.end();
  if (at == items.end()) {
    out.push_back(stmt);
    return;
  }
  // Rebuilt: the items before the redirect are the background job, the redirect starts the rest.
  Node* r = *at;
  Node* job = make(NodeKind::SimpleCommand, stmt->begin, (*std::prev(at))->end);
  job->kids.assign(items.begin(), at);
  Node* background = make(NodeKind::Background, job->begin, r->begin + 1);
  background->kids.push_back(canonical_command(job));
  out.push_back(background);
  r->begin += 1;
  r->text = r->text.substr(1);
  Node* rest = make(NodeKind::SimpleCommand, r->begin, stmt->end);
  rest->kids.assign(at, items.end());
  split_posix_background_redirect(canonical_command(rest), out);
}

Node* Lowering::list_of(TSNode container, std::string_view open, std::string_view close) {
  std::vector<Child> cst = children(container);
  size_t first = find_token(cst, open);
  size_t from = first < cst.size() ? first + 1 : 0;
  size_t last = cst.size();
  for (size_t i = cst.size(); i > from; --i) {
    if (!cst[i - 1].named && cst[i - 1].type == close) {
      last = i - 1;
      break;
    }
  }
  uint32_t empty_at = first < cst.size() ? cst[first].end : ts_node_start_byte(container);
  return list(cst, from, last, empty_at);
}

Node* Lowering::statement(const Child& c) {
  DepthGuard guard(*this, c.begin);
  std::string_view t = c.type;
  if (ts_node_is_error(c.node) || ts_node_is_missing(c.node)) return error_node(c);
  if (t == "command" || t == "unset_command" || t == "declaration_command") return simple_command(c);
  if (t == "variable_assignment" || t == "variable_assignments") return assignments_command(c);
  if (t == "pipeline") return pipeline(c);
  if (t == "list") return and_or(c);
  if (t == "negated_command") return negated(c);
  if (t == "redirected_statement") return redirected(c);
  if (t == "function_definition") return function_def(c);
  if (t == "subshell") return subshell(c);
  if (t == "compound_statement") return brace_or_arith(c);
  if (t == "if_statement") return if_statement(c);
  if (t == "while_statement") return while_statement(c);
  if (t == "for_statement") return for_statement(c);
  if (t == "c_style_for_statement") return arith_for(c);
  if (t == "case_statement") return case_statement(c);
  if (t == "test_command") return test_or_bracket(c);
  if (t == "file_redirect" || t == "herestring_redirect") return attach_redirects(nullptr, {redirect(c)});
  // A bare word where a statement was expected (tree-sitter recovered).
  return error_node(c);
}

Node* Lowering::pipeline(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* pipe = make(NodeKind::Pipeline, c.begin, c.end);
  uint32_t negation_at = UINT32_MAX;
  size_t link = 0;
  for (size_t i = 0; i < cst.size(); ++i) {
    const Child& kid = cst[i];
    if (!kid.named) {
      if (kid.type == "|&") pipe->flags |= kPipeStderrLink << link;
      if (kid.type == "|" || kid.type == "|&") ++link;
      continue;
    }
    if (kid.type == "comment") continue;
    if (pipe->kids.empty() && kid.type == "negated_command") {
      // tree-sitter binds `!` to the first command only; the shell negates the pipeline.
      negation_at = kid.begin;
      std::vector<Child> inner = children(kid.node);
      size_t cmd = inner.size();
      for (size_t k = 0; k < inner.size(); ++k) {
        if (inner[k].named) cmd = k;
      }
      if (cmd == inner.size()) return error_node(c);
      pipe->kids.push_back(statement(inner[cmd]));
      continue;
    }
    Node* stage = statement(kid);
    if (pipe->kids.empty() && stage->is(NodeKind::Negated) && !stage->kids.empty()) {
      negation_at = stage->begin;  // `! a 2>/dev/null | b`: the redirect hid the negation
      stage = stage->kids.front();
    }
    if (stage->is(NodeKind::Pipeline)) {
      // `a | b 2>&1 | c` comes as a redirected pipeline inside a pipeline: one pipeline.
      pipe->flags |= stage->flags << (pipe->kids.size());
      link += stage->kids.size() - 1;
      pipe->kids.insert(pipe->kids.end(), stage->kids.begin(), stage->kids.end());
      continue;
    }
    pipe->kids.push_back(stage);
  }
  if (pipe->kids.empty()) return error_node(c);
  // `a && b <x | c` comes as a pipeline whose first stage is `a && b`: the
  // pipeline binds tighter, so it is the right operand's.
  Node* and_or = nullptr;
  if (pipe->kids.size() > 1 && (pipe->kids.front()->is(NodeKind::AndIf) || pipe->kids.front()->is(NodeKind::OrIf))) {
    and_or = pipe->kids.front();
    pipe->kids.front() = and_or->kids.back();
  }
  Node* timed = nullptr;
  if (pipe->kids.front()->is(NodeKind::Time) && !pipe->kids.front()->kids.empty()) {
    timed = pipe->kids.front();
    pipe->kids.front() = timed->kids.front();
  }
  pipe->begin = pipe->kids.front()->begin;
  pipe->end = pipe->kids.back()->end;
  Node* out = pipe->kids.size() == 1 ? pipe->kids.front() : pipe;
  if (timed != nullptr) {
    timed->kids = {out};
    timed->end = out->end;
    out = timed;
  }
  if (negation_at != UINT32_MAX) {
    Node* neg = make(NodeKind::Negated, negation_at, out->end);
    neg->kids.push_back(out);
    out = neg;
  }
  if (and_or != nullptr) {
    and_or->kids.back() = out;
    and_or->end = out->end;
    return and_or;
  }
  return out;
}

Node* Lowering::and_or(const Child& c) {
  // tree-sitter nests `a && b || c` to the left; walk the spine without recursion.
  struct Link {
    bool is_and;
    Child right;
  };
  std::vector<Link> links;
  Child node = c;
  while (node.type == "list") {
    std::vector<Child> cst = children(node.node);
    std::vector<Child> operands;
    Child op{};
    bool has_op = false;
    for (const Child& kid : cst) {
      if (kid.named && kid.type != "comment") {
        operands.push_back(kid);
      } else if (!kid.named && (kid.type == "&&" || kid.type == "||")) {
        op = kid;
        has_op = true;
      }
    }
    if (operands.size() != 2 || !has_op) return error_node(c);
    links.push_back({op.type == "&&", operands[1]});
    node = operands[0];
  }
  Node* left = statement(node);
  for (size_t i = links.size(); i-- > 0;) {
    Node* right = statement(links[i].right);
    Node* joined = make(links[i].is_and ? NodeKind::AndIf : NodeKind::OrIf, left->begin, right->end);
    joined->kids = {left, right};
    left = joined;
  }
  return left;
}

Node* Lowering::negated(const Child& c) {
  std::vector<Child> cst = children(c.node);
  for (const Child& kid : cst) {
    if (kid.named && kid.type != "comment") {
      Node* inner = statement(kid);
      Node* neg = make(NodeKind::Negated, c.begin, inner->end);
      neg->kids.push_back(inner);
      return neg;
    }
  }
  return error_node(c);
}

Node* Lowering::redirected(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* body = nullptr;
  std::vector<Node*> redirects;
  std::vector<Child> chain;
  uint32_t covered = c.begin;
  for (const Child& kid : cst) {
    // tree-sitter drops a lone `-` before a redirect (`cat - 2>&1`) from its
    // tree altogether: bytes no child covers are words of the command.
    if (kid.begin > covered) {
      if (has_unescaped_newline(slice(covered, kid.begin)) && body != nullptr) {
        // A command and "its" redirect on different lines: tree-sitter joined
        // two statements (after a dropped token); the tree cannot be trusted.
        fail(covered, "syntax error: statement misread");
        return error_node(c);
      }
      Pieces gap;
      add_literal_piece(gap, covered, kid.begin);
      for (Node* w : split_words(gap)) redirects.push_back(w);
    }
    covered = std::max(covered, kid.end);
    if (kid.field == fields().body) {
      body = statement(kid);
    } else if (kid.type == "heredoc_redirect") {
      std::vector<Node*> extra;
      redirects.push_back(heredoc_redirect(kid, extra, chain));
      redirects.insert(redirects.end(), extra.begin(), extra.end());
    } else if (kid.type == "file_redirect" || kid.type == "herestring_redirect") {
      redirects.push_back(redirect(kid, &redirects));
    } else if (kid.named && kid.type != "comment") {
      redirects.push_back(error_node(kid));
    } else if (!kid.named && kid.begin < kid.end) {
      redirects.push_back(word_of(kid));  // `a - 2>&1`: tree-sitter may hang the `-` here
    }
  }
  Node* out = attach_redirects(body, std::move(redirects));
  return chain.empty() ? out : build_chain(out, chain);
}

Node* Lowering::attach_redirects(Node* body, std::vector<Node*> redirects) {
  if (redirects.empty()) return body;
  auto by_position = [](const Node* a, const Node* b) { return a->begin < b->begin; };
  if (body == nullptr) {
    std::sort(redirects.begin(), redirects.end(), by_position);
    Node* cmd = make(NodeKind::SimpleCommand, redirects.front()->begin, redirects.back()->end);
    cmd->kids = std::move(redirects);
    return canonical_command(cmd);
  }
  uint32_t end = body->end;
  for (const Node* r : redirects) end = std::max(end, r->end);
  switch (body->kind) {
    case NodeKind::SimpleCommand:
    case NodeKind::Declaration:
      body->kids.insert(body->kids.end(), redirects.begin(), redirects.end());
      std::stable_sort(body->kids.begin(), body->kids.end(), by_position);
      body->begin = std::min(body->begin, body->kids.front()->begin);
      body->end = end;
      fd_words_to_io_numbers(body);
      return body;
    case NodeKind::Negated:
    case NodeKind::Time:
    case NodeKind::Background:
      if (body->kids.empty()) break;
      body->kids.back() = attach_redirects(body->kids.back(), std::move(redirects));
      body->end = end;
      return body;
    case NodeKind::Pipeline:
    case NodeKind::AndIf:
    case NodeKind::OrIf:
      body->kids.back() = attach_redirects(body->kids.back(), std::move(redirects));
      body->end = end;
      return body;
    default:
      break;
  }
  // tree-sitter reads `(cmd) > out word` with `word` as a second destination;
  // the shell refuses a word after a compound command.
  for (const Node* r : redirects) {
    if (r->kind != NodeKind::Word) continue;
    fail(r->begin, "syntax error: a word after a compound command's redirection");
    return make(NodeKind::Error, body->begin, end);
  }
  std::stable_sort(redirects.begin(), redirects.end(), by_position);
  if (body->kind == NodeKind::Redirected) {
    body->kids.insert(body->kids.end(), redirects.begin(), redirects.end());
    body->end = end;
    return body;
  }
  Node* wrapped = make(NodeKind::Redirected, body->begin, end);
  wrapped->kids.push_back(body);
  wrapped->kids.insert(wrapped->kids.end(), redirects.begin(), redirects.end());
  return wrapped;
}

Node* Lowering::function_def(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* fn = make(NodeKind::FunctionDef, c.begin, c.end);
  Node* body = nullptr;
  std::vector<Node*> redirects;
  for (const Child& kid : cst) {
    if (!kid.named && kid.type == "function") fn->flags |= kKshFunction;
    if (kid.field == fields().name) fn->text = slice(kid.begin, kid.end);
    if (kid.field == fields().body) body = statement(kid);
    if (kid.field == fields().redirect) redirects.push_back(redirect(kid));
  }
  if (body == nullptr) return error_node(c);
  body = attach_redirects(body, std::move(redirects));
  fn->kids.push_back(body);
  fn->end = body->end;
  return fn;
}

Node* Lowering::subshell(const Child& c) {
  Node* sub = make(NodeKind::Subshell, c.begin, c.end);
  sub->kids.push_back(list_of(c.node, "(", ")"));
  return sub;
}

Node* Lowering::brace_or_arith(const Child& c) {
  std::vector<Child> cst = children(c.node);
  if (!cst.empty() && !cst.front().named && cst.front().type == "((") {
    size_t close = find_token(cst, "))", 1);
    uint32_t inner_end = close < cst.size() ? cst[close].begin : c.end;
    Node* cmd = make(NodeKind::ArithCommand, c.begin, c.end);
    cmd->kids.push_back(arith(cst.front().end, inner_end));
    return cmd;
  }
  Node* group = make(NodeKind::BraceGroup, c.begin, c.end);
  group->kids.push_back(list_of(c.node, "{", "}"));
  return group;
}

Node* Lowering::if_statement(const Child& c) {
  std::vector<Child> cst = children(c.node);
  size_t then = find_token(cst, "then");
  size_t clauses = then;
  while (clauses < cst.size() && !(cst[clauses].type == "elif_clause" || cst[clauses].type == "else_clause" ||
                                    (!cst[clauses].named && cst[clauses].type == "fi"))) {
    ++clauses;
  }
  if (then == cst.size()) return error_node(c);
  Node* node = make(NodeKind::If, c.begin, c.end);
  node->kids.push_back(list(cst, 1, then, cst.front().end));
  node->kids.push_back(list(cst, then + 1, clauses, cst[then].end));
  for (size_t i = clauses; i < cst.size(); ++i) {
    const Child& kid = cst[i];
    if (kid.type == "elif_clause") {
      std::vector<Child> parts = children(kid.node);
      size_t elif_then = find_token(parts, "then");
      if (elif_then == parts.size()) return error_node(c);
      Node* elif = make(NodeKind::Elif, kid.begin, kid.end);
      elif->kids.push_back(list(parts, 1, elif_then, parts.front().end));
      Node* then_branch = list(parts, elif_then + 1, parts.size(), parts[elif_then].end);
      elif->kids.push_back(then_branch);
      elif->end = then_branch->end;
      node->kids.push_back(elif);
    } else if (kid.type == "else_clause") {
      std::vector<Child> parts = children(kid.node);
      Node* otherwise = make(NodeKind::Else, kid.begin, kid.end);
      Node* else_body = list(parts, 1, parts.size(), parts.front().end);
      otherwise->kids.push_back(else_body);
      otherwise->end = else_body->end;
      node->kids.push_back(otherwise);
    }
  }
  return node;
}

Node* Lowering::while_statement(const Child& c) {
  std::vector<Child> cst = children(c.node);
  size_t body = 0;
  while (body < cst.size() && cst[body].field != fields().body) ++body;
  if (body == cst.size() || cst.empty()) return error_node(c);
  NodeKind kind = cst.front().type == "until" ? NodeKind::Until : NodeKind::While;
  Node* loop = make(kind, c.begin, cst[body].end);
  loop->kids.push_back(list(cst, 1, body, cst.front().end));
  bool braces = cst[body].type == "compound_statement";
  loop->kids.push_back(list_of(cst[body].node, braces ? "{" : "do", braces ? "}" : "done"));
  return loop;
}

Node* Lowering::for_statement(const Child& c) {
  std::vector<Child> cst = children(c.node);
  if (cst.empty()) return error_node(c);
  Node* loop = make(cst.front().type == "select" ? NodeKind::Select : NodeKind::For, c.begin, c.end);
  Child body{};
  bool has_body = false;
  std::vector<Child> group;
  auto flush = [&] {
    if (group.empty()) return;
    Pieces pieces = pieces_of_group(group);
    loop->kids.push_back(word(pieces, group.front().begin));
    group.clear();
  };
  for (const Child& kid : cst) {
    if (kid.field == fields().variable) {
      loop->text = slice(kid.begin, kid.end);
    } else if (!kid.named && kid.type == "in") {
      loop->flags |= kForHasIn;
    } else if (kid.field == fields().value) {
      if (!group.empty() && group.back().end != kid.begin) flush();
      group.push_back(kid);
    } else if (kid.field == fields().body) {
      body = kid;
      has_body = true;
    }
  }
  flush();
  if (!has_body) return error_node(c);
  bool braces = body.type == "compound_statement";
  loop->kids.push_back(list_of(body.node, braces ? "{" : "do", braces ? "}" : "done"));
  loop->end = body.end;
  return loop;
}

Node* Lowering::arith_for(const Child& c) {
  std::vector<Child> cst = children(c.node);
  size_t open = find_token(cst, "((");
  size_t close = find_token(cst, "))", open);
  size_t body = 0;
  while (body < cst.size() && !is_compound_body(cst[body].type)) ++body;
  if (open == cst.size() || close == cst.size() || body == cst.size()) return error_node(c);
  std::vector<uint32_t> bounds{cst[open].end};
  for (size_t i = open + 1; i < close; ++i) {
    if (!cst[i].named && cst[i].type == ";") {
      bounds.push_back(cst[i].begin);
      bounds.push_back(cst[i].end);
    }
  }
  bounds.push_back(cst[close].begin);
  if (bounds.size() != 6) return error_node(c);
  Node* loop = make(NodeKind::ArithFor, c.begin, cst[body].end);
  for (size_t i = 0; i < 6; i += 2) loop->kids.push_back(arith(bounds[i], bounds[i + 1]));
  bool braces = cst[body].type == "compound_statement";
  loop->kids.push_back(list_of(cst[body].node, braces ? "{" : "do", braces ? "}" : "done"));
  return loop;
}

Node* Lowering::case_statement(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* node = make(NodeKind::Case, c.begin, c.end);
  std::vector<Child> subject;
  for (const Child& kid : cst) {
    if (kid.field == fields().value) subject.push_back(kid);
  }
  node->kids.push_back(word(pieces_of_group(subject), subject.empty() ? c.begin : subject.front().begin));
  for (const Child& kid : cst) {
    if (kid.type == "case_item") node->kids.push_back(case_item(kid));
  }
  return node;
}

Node* Lowering::case_item(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* item = make(NodeKind::CaseItem, c.begin, c.end);
  size_t close = find_token(cst, ")");
  if (close == cst.size()) return error_node(c);
  std::vector<Child> pattern;
  auto flush = [&] {
    if (!pattern.empty()) item->kids.push_back(word(pieces_of_group(pattern), pattern.front().begin));
    pattern.clear();
  };
  for (size_t i = 0; i < close; ++i) {
    const Child& kid = cst[i];
    if (!kid.named && (kid.type == "|" || kid.type == "(")) {
      flush();
      continue;
    }
    pattern.push_back(kid);
  }
  flush();
  size_t body_end = cst.size();
  if (!cst.empty() && !cst.back().named &&
      (cst.back().type == ";;" || cst.back().type == ";&" || cst.back().type == ";;&")) {
    body_end = cst.size() - 1;
    item->text = slice(cst.back().begin, cst.back().end);
  }
  // An empty body sits where the next token (`;;` or `esac`) starts.
  uint32_t empty_at = cst[close].end;
  for (;;) {
    while (empty_at < src_.size() && std::string_view(" \t\n\r").find(src_[empty_at]) != std::string_view::npos) ++empty_at;
    if (empty_at >= src_.size() || src_[empty_at] != '#') break;
    while (empty_at < src_.size() && src_[empty_at] != '\n') ++empty_at;
  }
  Node* body = list(cst, close + 1, body_end, empty_at);
  item->kids.push_back(body);
  item->end = !item->text.empty() ? cst.back().end : body->end;
  return item;
}

}  // namespace forklift::ts
