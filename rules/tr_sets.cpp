#include "rules/tr_sets.h"

#include <cctype>

namespace forklift {
namespace {

// The members of a POSIX class, as tr reads them: byte by byte, so only
// ASCII characters belong to one in any locale.
std::optional<std::string> class_members(std::string_view name) {
  std::string members;
  for (int c = 0; c < 0x80; ++c) {
    bool in = false;
    if (name == "digit") in = std::isdigit(c);
    else if (name == "upper") in = std::isupper(c);
    else if (name == "lower") in = std::islower(c);
    else if (name == "alpha") in = std::isalpha(c);
    else if (name == "alnum") in = std::isalnum(c);
    else if (name == "punct") in = std::ispunct(c);
    else if (name == "space") in = std::isspace(c);
    else if (name == "blank") in = c == ' ' || c == '\t';
    else return std::nullopt;
    if (in) members += static_cast<char>(c);
  }
  return members;
}

std::string without_repeats(std::string_view set) {
  std::string unique;
  for (char c : set) {
    if (unique.find(c) == std::string::npos) unique += c;
  }
  return unique;
}

}  // namespace

std::optional<std::string> tr_set(std::string_view text) {
  std::string set;
  auto add = [&set](char c) { set += c; };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '[' && text.substr(i).starts_with("[:")) {
      size_t close = text.find(":]", i + 2);
      if (close == std::string_view::npos) return std::nullopt;
      std::optional<std::string> members = class_members(text.substr(i + 2, close - i - 2));
      if (!members) return std::nullopt;
      for (char m : *members) add(m);
      i = close + 1;
      continue;
    }
    bool escaped = c == '\\' && i + 1 < text.size();
    if (escaped) {
      char e = text[++i];
      if (e == 'n') c = '\n';
      else if (e == 't') c = '\t';
      else if (e == '\\') c = '\\';
      else return std::nullopt;
    } else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      return std::nullopt;
    }
    // `[` and `]` stand for themselves (`'[a-z]'` maps `[` to `[`) unless
    // they open `[=c=]` or `[c*n]`, or bound a range.
    bool bracket = !escaped && (c == '[' || c == ']');
    if (bracket && (text.substr(i).starts_with("[=") || (i + 2 < text.size() && text[i + 2] == '*') ||
                    (i + 2 < text.size() && text[i + 1] == '-'))) {
      return std::nullopt;
    }
    if (!escaped && i + 2 < text.size() && text[i + 1] == '-') {
      char last = text[i + 2];
      if (last < c || last == '\\' || last == '[' || last == ']' || static_cast<unsigned char>(last) < 0x20 ||
          static_cast<unsigned char>(last) >= 0x7f) {
        return std::nullopt;
      }
      for (char r = c; r <= last; ++r) add(r);
      i += 2;
      continue;
    }
    add(c);
  }
  if (set.empty()) return std::nullopt;
  return set;
}

std::optional<TrEdit> tr_edit(const std::vector<std::string>& args) {
  if (args.size() != 2) return std::nullopt;
  if (args[0] == "-d" || args[0] == "-s") {
    std::optional<std::string> set = tr_set(args[1]);
    if (!set) return std::nullopt;
    return TrEdit{args[0] == "-d" ? TrEdit::Kind::Delete : TrEdit::Kind::Squeeze, without_repeats(*set), ""};
  }
  if (args[0].starts_with('-')) return std::nullopt;
  std::optional<std::string> from = tr_set(args[0]);
  std::optional<std::string> to = tr_set(args[1]);
  if (!from || !to || without_repeats(*from) != *from) return std::nullopt;
  if (to->size() == 1) to = std::string(from->size(), (*to)[0]);
  if (to->size() < from->size()) return std::nullopt;
  TrEdit edit{TrEdit::Kind::Replace, "", ""};
  for (size_t i = 0; i < from->size(); ++i) {
    if ((*from)[i] == (*to)[i]) continue;
    edit.from += (*from)[i];
    edit.to += (*to)[i];
  }
  if (edit.from.empty()) return std::nullopt;
  return edit;
}

bool changes_case(const TrEdit& edit) {
  if (edit.kind != TrEdit::Kind::Replace) return false;
  for (size_t i = 0; i < edit.from.size(); ++i) {
    auto from = static_cast<unsigned char>(edit.from[i]);
    auto to = static_cast<unsigned char>(edit.to[i]);
    if (std::isalpha(from) && std::tolower(from) == std::tolower(to)) return true;
  }
  return false;
}

sed::SedProgram transliteration(const TrEdit& edit) {
  sed::SedCommand command;
  command.kind = sed::SedCommand::Kind::Transliterate;
  command.from = edit.from;
  command.to = edit.to;
  sed::SedProgram program;
  program.commands.push_back(std::move(command));
  return program;
}

}  // namespace forklift
