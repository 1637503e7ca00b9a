// Tilde expansion as ksh93 does it: the prefix runs from `~` to the first
// unquoted '/' or ':' and is expanded and
// quote-removed before the lookup, so `~$user`, `~"root"` and `~\root` name a
// login as `~root` does.
#include <pwd.h>
#include <unistd.h>

#include "interp/expand/expander.h"

#include "analyzer/ast_views.h"

namespace forklift::interp {

namespace {

// The home directory of the user running the shell, for `~` without HOME.
std::string own_home() {
  struct passwd* pw = ::getpwuid(::getuid());
  return pw != nullptr ? std::string(pw->pw_dir) : std::string();
}

}  // namespace

std::optional<std::string> Expander::tilde_home(const std::string& user) {
  if (user.empty()) {
    const std::string* home = shell.get_scalar("HOME");
    return home != nullptr ? *home : own_home();
  }
  if (user == "+") return shell.get_value("PWD");
  if (user == "-") return shell.get_value("OLDPWD");
  struct passwd* pw = ::getpwnam(user.c_str());
  if (pw == nullptr) return std::nullopt;
  return std::string(pw->pw_dir);
}

std::string Expander::part_text(const Node* part) {
  Expander alone(shell, Mode::String);
  alone.part(part, false);
  return alone.take_string();
}

Expander::Position Expander::tilde_prefix(const Node* w, Position at) {
  NodeSpan parts = WordView(w).parts();
  if (parts[at.kid]->text.substr(at.offset + 1, 1) == "(") {
    literal("~");  // `~(E)…`, `~(N)…`: a pattern's options, no login name
    return Position{at.kid, at.offset + 1};
  }
  std::string user;
  bool plain = true;  // only unquoted characters without backslashes: a failed lookup leaves it to globbing
  size_t kid = at.kid;
  size_t offset = at.offset + 1;
  for (; kid < parts.size(); ++kid, offset = 0) {
    const Node* part = parts[kid];
    if (part->kind != NodeKind::Literal) {
      user += part_text(part);
      plain = false;
      continue;
    }
    std::string_view text = std::string_view(part->text).substr(offset);
    size_t end = text.find_first_of("/:");
    std::string_view piece = text.substr(0, end);
    if (piece.find('\\') != std::string_view::npos) plain = false;
    user += unescape_literal(piece);
    if (end != std::string_view::npos) {
      offset += end;
      break;
    }
  }
  Position rest{kid, offset};
  std::optional<std::string> home = tilde_home(user);
  if (!home) {
    if (plain) literal("~" + user);
    else add_quoted("~" + user);
    return rest;
  }
  // ~/x with HOME=/ is /x, not //x.
  bool slash_follows = rest.kid < parts.size() && parts[rest.kid]->text.substr(rest.offset, 1) == "/";
  if (*home == "/" && slash_follows) return rest;
  // An empty home makes no field of its own, as an empty expansion.
  if (!home->empty()) add_quoted(*home);
  return rest;
}

void Expander::word_from(const Node* w, Position pos) {
  NodeSpan parts = WordView(w).parts();
  while (pos.kid < parts.size()) {
    const Node* kid = parts[pos.kid];
    if (kid->kind != NodeKind::Literal) {
      part(kid, false);
      pos = Position{pos.kid + 1, 0};
      continue;
    }
    std::string_view text = std::string_view(kid->text).substr(pos.offset);
    size_t colon = tilde_after_colon ? text.find(":~") : std::string_view::npos;
    if (colon == std::string_view::npos) {
      literal(text);
      pos = Position{pos.kid + 1, 0};
      continue;
    }
    literal(text.substr(0, colon + 1));
    pos = tilde_prefix(w, Position{pos.kid, pos.offset + colon + 1});
  }
}

bool starts_with_tilde(const Node* w) {
  NodeSpan parts = WordView(w).parts();
  return !parts.empty() && parts.front()->kind == NodeKind::Literal && parts.front()->text.starts_with('~');
}

}  // namespace forklift::interp
