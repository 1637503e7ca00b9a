// Simple commands, declarations, `time`, redirects and here-documents.
#include <algorithm>
#include <array>
#include <iterator>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

constexpr std::array<std::string_view, 8> kDeclarationCommands{"typeset", "declare", "local",   "export",
                                                               "readonly", "integer", "float", "nameref"};

constexpr std::array<std::string_view, 8> kClosingReservedWords{"then", "else", "elif", "fi",
                                                                "do",   "done", "esac", "}"};

// Longest first, so that `>>` is not read as `>`.
constexpr std::array<std::string_view, 12> kRedirectOperators{"&>>", "<<<", "<<-", "&>", ">>", ">|",
                                                              "<>",  "<&",  ">&",  "<<", "<",  ">"};

std::string_view literal_word_text(const Node* node) {
  if (node->kind != NodeKind::Word) return {};
  NodeSpan parts = WordView(node).parts();
  if (parts.size() != 1 || parts.front()->kind != NodeKind::Literal) return {};
  return parts.front()->text;
}

bool is_redirect_type(std::string_view type) { return type == "file_redirect" || type == "herestring_redirect"; }

// `{name}`: a variable that receives the file descriptor.
bool is_fd_variable(std::string_view text) {
  if (text.size() < 3 || text.front() != '{' || text.back() != '}' || !is_name_start(text[1])) return false;
  return std::all_of(text.begin() + 1, text.end() - 1, is_name_char);
}

Pieces word_pieces(const Node* word) {
  Pieces pieces;
  for (Node* part : word->kids) {
    pieces.push_back({part->begin, part->end, part->kind == NodeKind::Literal ? nullptr : part});
  }
  return pieces;
}

}  // namespace

Node* Lowering::simple_command(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* cmd = make(NodeKind::SimpleCommand, c.begin, c.end);
  std::vector<Child> group;
  // Adjacent nodes are one word: tree-sitter splits some (`x=$PWD/$1` into an
  // assignment ending in `$` and a command name `1`).
  auto flush = [&] {
    if (group.empty()) return;
    if (group.size() == 1 && group.front().type == "variable_assignment") {
      cmd->kids.push_back(assignment(group.front()));
    } else {
      Pieces pieces = pieces_of_group(group);
      Node* assign = group.front().type == "variable_assignment" ? assignment_from_pieces(pieces) : nullptr;
      cmd->kids.push_back(assign != nullptr ? assign : word(pieces, group.front().begin));
    }
    group.clear();
  };
  for (size_t i = 0; i < cst.size(); ++i) {
    const Child& kid = cst[i];
    if (kid.type == "comment" || (ts_node_is_missing(kid.node) && kid.begin == kid.end)) continue;
    if (kid.named && kid.type == "variable_assignment") {
      flush();
      group.push_back(kid);
    } else if (kid.named && is_redirect_type(kid.type)) {
      flush();
      std::vector<Node*> spilled;
      cmd->kids.push_back(redirect(kid, &spilled));
      cmd->kids.insert(cmd->kids.end(), spilled.begin(), spilled.end());
    } else if (ts_node_is_error(kid.node)) {
      flush();
      cmd->kids.push_back(error_node(kid));
    } else {
      if (!group.empty() && group.back().end != kid.begin) flush();
      group.push_back(kid);
    }
  }
  flush();
  if (cmd->kids.empty()) return error_node(c);
  cmd->begin = cmd->kids.front()->begin;
  cmd->end = cmd->kids.back()->end;
  // A newline ends a simple command; tree-sitter sometimes reads on (after
  // `'^$'`, it took the next lines for arguments). Only a run of assignments
  // before the newline can be mended (list() splits it there).
  bool named = false;
  NodeSpan items = SimpleCommandView(cmd).items();
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    named = named || items[i]->is(NodeKind::Word);
    if (named && newline_between(items[i], items[i + 1])) {
      fail(items[i]->end, "syntax error: command misread across lines");
      cmd->kind = NodeKind::Error;
      return cmd;
    }
  }
  return canonical_command(cmd);
}

bool Lowering::newline_between(const Node* a, const Node* b) const {
  if (b->begin <= a->end) return false;
  std::string_view gap = slice(a->end, b->begin);
  return gap.find('\n') != std::string_view::npos && gap.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

Node* Lowering::assignments_command(const Child& c) {
  Node* cmd = make(NodeKind::SimpleCommand, c.begin, c.end);
  if (c.type == "variable_assignment") {
    cmd->kids.push_back(assignment(c));
  } else {
    for (const Child& kid : children(c.node)) {
      if (kid.named && kid.type == "variable_assignment") cmd->kids.push_back(assignment(kid));
    }
  }
  if (cmd->kids.empty()) return error_node(c);
  return cmd;
}

Node* Lowering::canonical_command(Node* cmd) {
  fd_words_to_io_numbers(cmd);
  NodeSpan items = SimpleCommandView(cmd).items();
  if (!items.empty()) {
    // tree-sitter takes a misplaced `done` or `fi` for a command name; a shell rejects it.
    std::string_view first = literal_word_text(items.front());
    if (std::find(kClosingReservedWords.begin(), kClosingReservedWords.end(), first) != kClosingReservedWords.end()) {
      fail(cmd->begin, fmt::format("syntax error near unexpected token `{}'", first));
      cmd->kind = NodeKind::Error;
      return cmd;
    }
    if (first == "time") return split_time(cmd);
  }
  auto name_word = std::find_if(items.begin(), items.end(), [](const Node* item) {
    return item->kind != NodeKind::Assignment && item->kind != NodeKind::Redirect;
  });
  if (name_word == items.end()) return cmd;
  std::string_view name = literal_word_text(*name_word);
  if (std::find(kDeclarationCommands.begin(), kDeclarationCommands.end(), name) == kDeclarationCommands.end()) {
    return cmd;
  }
  // Rebuilt in place: the arguments after the name that read as `name=value` become Assignments.
  auto arguments = cmd->kids.begin() + (name_word - items.begin()) + 1;
  cmd->kind = NodeKind::Declaration;
  cmd->text = name;
  for (auto argument = arguments; argument != cmd->kids.end(); ++argument) {
    if ((*argument)->kind != NodeKind::Word) continue;
    if (Node* assign = assignment_from_pieces(word_pieces(*argument))) *argument = assign;
  }
  return cmd;
}

Node* Lowering::split_time(Node* cmd) {
  NodeSpan items = SimpleCommandView(cmd).items();
  const Node* keyword = items.front();
  Node* time = make(NodeKind::Time, cmd->begin, keyword->end);
  time->text = literal_word_text(keyword);
  size_t rest = 1;
  if (rest < items.size() && literal_word_text(items[rest]) == "-p") time->end = items[rest++]->end;
  if (rest == items.size()) return time;
  uint32_t timed_begin = items[rest]->begin;
  cmd->kids.erase(cmd->kids.begin(), cmd->kids.begin() + static_cast<std::ptrdiff_t>(rest));
  cmd->begin = timed_begin;
  time->kids.push_back(canonical_command(cmd));
  time->end = cmd->end;
  return time;
}

void Lowering::fd_words_to_io_numbers(Node* cmd) {
  // Rebuilds the items in place: the `{fd}` word moves into the redirect after it.
  for (auto item = cmd->kids.begin(); item != cmd->kids.end() && std::next(item) != cmd->kids.end(); ++item) {
    Node* word = *item;
    Node* redir = *std::next(item);
    if (redir->kind != NodeKind::Redirect || word->end != redir->begin || !is_fd_variable(literal_word_text(word))) {
      continue;
    }
    if (RedirectView(redir).fd() != nullptr) continue;
    Node* fd = make(NodeKind::IoNumber, word->begin, word->end);
    fd->text = slice(word->begin, word->end);
    redir->kids.insert(redir->kids.begin(), fd);
    redir->begin = fd->begin;
    item = cmd->kids.erase(item);
  }
}

Node* Lowering::test_or_bracket(const Child& c) {
  std::vector<Child> cst = children(c.node);
  if (!cst.empty() && !cst.front().named && cst.front().type == "[[") {
    Node* test = make(NodeKind::TestCommand, c.begin, c.end);
    for (const Child& kid : cst) {
      if (kid.named && kid.type != "comment") {
        test->kids.push_back(test_expression(kid));
        break;
      }
    }
    if (test->kids.empty()) return error_node(c);
    return test;
  }
  // `[ ... ]` is an ordinary command whose words tree-sitter parsed as an expression.
  Pieces pieces;
  collect_pieces(c.node, c.begin, c.end, pieces);
  Node* cmd = make(NodeKind::SimpleCommand, c.begin, c.end);
  cmd->kids = split_words(pieces);
  if (cmd->kids.empty()) return error_node(c);
  return cmd;
}

// tree-sitter's operator token when it has one: the longest operator the
// text starts with can run into the target (`<>(cmd)` is `<` and `>(cmd)`).
std::string_view Lowering::redirect_operator(const std::vector<Child>& cst, uint32_t op_at, uint32_t end) const {
  for (const Child& kid : cst) {
    if (kid.named || kid.begin != op_at) continue;
    for (std::string_view op : kRedirectOperators) {
      if (kid.type == op) return slice(kid.begin, kid.end);
    }
  }
  std::string_view rest = src_.substr(op_at, end - op_at);
  for (std::string_view op : kRedirectOperators) {
    if (rest.substr(0, op.size()) == op) return slice(op_at, op_at + static_cast<uint32_t>(op.size()));
  }
  return {};
}

Node* Lowering::redirect(const Child& c, std::vector<Node*>* spilled_words) {
  std::vector<Child> cst = children(c.node);
  Node* r = make(NodeKind::Redirect, c.begin, c.end);
  uint32_t op_at = c.begin;
  for (const Child& kid : cst) {
    if (kid.field == fields().descriptor) {
      Node* fd = make(NodeKind::IoNumber, kid.begin, kid.end);
      fd->text = slice(kid.begin, kid.end);
      r->kids.push_back(fd);
      op_at = kid.end;
    }
  }
  r->text = redirect_operator(cst, op_at, c.end);
  if (r->text.empty()) return error_node(c);
  uint32_t op_end = op_at + static_cast<uint32_t>(r->text.size());
  uint32_t target_at = skip_blanks(op_end, c.end);
  // The target is the first run of adjacent nodes; tree-sitter hangs the
  // command's later arguments (`echo a > f b`) on the redirect too.
  uint32_t target_end = target_at;
  std::vector<std::vector<Child>> later;
  for (const Child& kid : cst) {
    if (kid.end <= target_at || kid.field == fields().descriptor) continue;
    if (kid.begin <= target_end) {
      target_end = std::max(target_end, kid.end);
    } else if (!later.empty() && later.back().back().end == kid.begin) {
      later.back().push_back(kid);
    } else {
      later.push_back({kid});
    }
  }
  Pieces pieces;
  collect_pieces(c.node, target_at, target_end, pieces);
  Node* target = word(pieces, target_at);
  r->kids.push_back(target);
  r->end = std::max(target->end, op_end);
  for (const std::vector<Child>& group : later) {
    Node* extra = word(pieces_of_group(group), group.front().begin);
    if (spilled_words != nullptr) {
      spilled_words->push_back(extra);
    } else {
      r->kids.push_back(extra);
      r->kind = NodeKind::Error;
    }
  }
  return r;
}

Node* Lowering::heredoc_redirect(const Child& c, std::vector<Node*>& extra_redirects, std::vector<Child>& chain) {
  std::vector<Child> cst = children(c.node);
  Node* r = make(NodeKind::Redirect, c.begin, c.end);
  Child body{};
  Child end_marker{};
  bool has_body = false;
  bool has_end = false;
  bool delimiter_last = false;  // the delimiter word is the last kid pushed so far
  std::vector<Child> pending{cst.rbegin(), cst.rend()};  // a stack, to flatten pipeline/list in order
  while (!pending.empty()) {
    Child kid = pending.back();
    pending.pop_back();
    if (kid.field == fields().descriptor) {
      Node* fd = make(NodeKind::IoNumber, kid.begin, kid.end);
      fd->text = slice(kid.begin, kid.end);
      r->kids.push_back(fd);
      delimiter_last = false;
    } else if (!kid.named && (kid.type == "<<" || kid.type == "<<-")) {
      r->text = slice(kid.begin, kid.end);
      if (kid.type == "<<-") r->flags |= kHereDocStripTabs;
    } else if (kid.type == "heredoc_start") {
      Pieces pieces;
      relex_leaf(kid.begin, kid.end, pieces);
      r->kids.push_back(word(pieces, kid.begin));
      delimiter_last = true;
      r->end = kid.end;
      if (slice(kid.begin, kid.end).find_first_of("'\"\\") != std::string_view::npos) r->flags |= kQuotedHereDoc;
    } else if (kid.type == "heredoc_body") {
      body = kid;
      has_body = true;
    } else if (kid.type == "heredoc_end") {
      end_marker = kid;
      has_end = true;
    } else if (kid.named && is_redirect_type(kid.type)) {
      extra_redirects.push_back(redirect(kid, &extra_redirects));
    } else if (kid.named && (kid.type == "pipeline" || kid.type == "list")) {
      // tree-sitter hangs the rest of the command line (`| grep x && y`) under the here-doc.
      std::vector<Child> inner = children(kid.node);
      pending.insert(pending.end(), inner.rbegin(), inner.rend());
    } else if (kid.type != "comment") {
      chain.push_back(kid);
    }
  }
  if (r->text.empty() || !delimiter_last) return error_node(c);
  uint32_t body_end = has_end ? end_marker.begin : (has_body ? body.end : r->end);
  while (body_end > 0 && src_[body_end - 1] != '\n' && has_end) --body_end;
  // tree-sitter starts the body after `<<-`'s tabs and after leading blank
  // lines; the body starts at the line after the command line.
  uint32_t body_begin = has_body ? std::min(body.begin, body_end) : body_end;
  while (body_begin > 0 && src_[body_begin - 1] != '\n') --body_begin;
  while (body_begin > 0) {
    uint32_t previous = body_begin - 1;  // the newline before this line
    uint32_t start = previous;
    while (start > 0 && src_[start - 1] != '\n') --start;
    if (start <= r->end) break;
    if (slice(start, previous).find_first_not_of(" \t") != std::string_view::npos) break;
    body_begin = start;
  }
  Node* here = make(NodeKind::HereDocBody, body_begin, body_end);
  if ((r->flags & kQuotedHereDoc) == 0) {
    std::vector<ParseError> errors;
    DepthGuard guard(*this, body_begin);
    if (!parse_here_document_body(ast_, src_, dialect_, body_begin, body_end, here->kids, errors)) {
      fail(errors.front().offset, errors.front().message);
      here->kind = NodeKind::Error;
    }
  }
  // tree-sitter sometimes takes the body's first line for the rest of the command
  // line (`cat <<EOF |` and the pipe target on the next line): its tree is wrong.
  size_t line_end = src_.find('\n', r->end);
  for (const Child& item : chain) {
    if (item.begin > line_end || item.begin < r->end) {
      fail(item.begin, "syntax error: here-document misread");
      r->kind = NodeKind::Error;
    }
  }
  r->kids.push_back(here);
  return r;
}

Node* Lowering::build_chain(Node* first, const std::vector<Child>& chain) {
  Node* result = nullptr;
  NodeKind pending_join = NodeKind::AndIf;
  std::vector<Node*> stages{first};
  uint32_t pipe_flags = 0;
  auto close_pipeline = [&] {
    Node* stage = stages.front();
    if (stages.size() > 1) {
      stage = make(NodeKind::Pipeline, stages.front()->begin, stages.back()->end);
      for (const Node* s : stages) stage->end = std::max(stage->end, s->end);
      stage->kids = stages;
      stage->flags = pipe_flags;
    }
    if (result == nullptr) {
      result = stage;
    } else {
      Node* joined = make(pending_join, result->begin, std::max(result->end, stage->end));
      joined->kids = {result, stage};
      result = joined;
    }
    stages.clear();
    pipe_flags = 0;
  };
  uint32_t reached = first->end;
  for (const Child& item : chain) {
    if (item.begin < reached) continue;  // overlapping pieces of a misread tree
    reached = item.end;
    if (!item.named) {
      if (item.type == "|&") pipe_flags |= kPipeStderrLink << (stages.size() - 1);
      if (item.type == "&&" || item.type == "||") {
        if (stages.empty()) continue;
        close_pipeline();
        pending_join = item.type == "&&" ? NodeKind::AndIf : NodeKind::OrIf;
      }
      continue;
    }
    stages.push_back(statement(item));
  }
  if (!stages.empty()) close_pipeline();
  return result;
}

}  // namespace forklift::ts
