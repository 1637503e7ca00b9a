#include "rules/sed/translate.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/sed/shell_pattern.h"

namespace forklift::sed {
namespace {

using Kind = Regex::Kind;

// What one command does to the line: under `condition` (a case pattern;
// "*" when it always applies) the line becomes `matched`; `expression`,
// when set, gives the new line whether or not the command matches. A
// `statement` replaces both for commands that need a loop or several steps.
struct Step {
  std::string condition = "*";  // empty when no `case` pattern tells whether it matches
  std::string matched;
  std::optional<std::string> expression;
  std::optional<std::string> statement;
  bool conditional = false;  // the statement runs only under `condition`, else the line is kept
};

struct Pattern {
  bool start = false;  // ^, or a leading .*
  bool end = false;    // $, or a trailing .*
  std::vector<const Regex*> atoms;
};

bool printable_ascii(char c) { return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f; }

// A run `c*` or `[set]*` (`min` 0) or `c\+` (`min` 1) of one literal or bracket.
bool set_run(const Regex& atom, int min) {
  if (atom.kind != Kind::Repeat || atom.min != min || atom.max != -1) return false;
  Kind inner = atom.operands[0].kind;
  return inner == Kind::Literal || inner == Kind::Bracket;
}

// The regex can match the empty string at the start of a line (`$` is
// taken to match only at its end, so a regex with one is not).
bool nullable(const Regex& regex) {
  switch (regex.kind) {
    case Kind::Repeat: return regex.min == 0 || nullable(regex.operands[0]);
    case Kind::Group: return nullable(regex.operands[0]);
    case Kind::LineStart: return true;
    case Kind::Sequence:
      for (const Regex& operand : regex.operands) {
        if (!nullable(operand)) return false;
      }
      return true;
    case Kind::Alternation:
      for (const Regex& operand : regex.operands) {
        if (nullable(operand)) return true;
      }
      return false;
    default: return false;
  }
}

Pattern flatten(const Regex& regex) {
  Pattern pattern;
  const std::vector<Regex>& operands = regex.operands;
  size_t first = 0;
  size_t last = operands.size();
  if (first < last && operands[first].kind == Kind::LineStart) {
    pattern.start = true;
    ++first;
  }
  if (first < last && operands[last - 1].kind == Kind::LineEnd) {
    pattern.end = true;
    --last;
  }
  for (size_t i = first; i < last; ++i) pattern.atoms.push_back(&operands[i]);
  if (!pattern.atoms.empty() && any_run_or_its_group(*pattern.atoms.front())) pattern.start = true;
  if (!pattern.atoms.empty() && any_run_or_its_group(*pattern.atoms.back())) pattern.end = true;
  return pattern;
}

class StepBuilder {
 public:
  StepBuilder(const SedCommand& command, std::string_view input, std::string_view scratch, Target target,
              std::vector<std::string>& caveats)
      : command_(command), in_(fmt::format("${{{}}}", input)), input_(input), scratch_(scratch), target_(target),
        caveats_(caveats) {}

  std::optional<Step> build() {
    if (command_.kind == SedCommand::Kind::Transliterate) return transliterate();
    if (command_.regex.kind != Kind::Sequence) return refuse("alternation");
    if (command_.occurrence != 1) return refuse("a numbered occurrence");
    pattern_ = flatten(command_.regex);
    // A pattern that matches the empty string matches at the start of every
    // line, and sed takes the leftmost match: once, it is anchored there.
    if (!command_.global && !pattern_.start && nullable(command_.regex)) pattern_.start = true;
    // `[^c]*c` matches from the start of the line whenever it matches at all.
    if (!command_.global && !pattern_.start && pattern_.atoms.size() >= 2 && pattern_.atoms[1]->kind == Kind::Literal &&
        excludes_only(*pattern_.atoms[0], pattern_.atoms[1]->literal)) {
      pattern_.start = true;
    }
    if (pattern_.atoms.empty()) return anchors_only();
    if (command_.groups > 0) return split_groups();
    if (std::optional<Step> step = run_shapes()) return step;
    if (!refusal_.empty()) return std::nullopt;
    std::optional<std::string> glob = glob_of(pattern_.atoms, false);
    if (!glob || (!pattern_.start && !pattern_.end && glob->find('*') != std::string::npos)) {
      // `s/(.*)//`: fields between separators, as for groups.
      if (!command_.global) return split_groups();
    }
    if (!glob) return refuse("repetitions other than `.*` at its ends");
    if (command_.global && !(pattern_.start || pattern_.end)) return global();
    return glob_step(*glob);
  }

  const std::string& refusal() const { return refusal_; }

 private:
  // A pattern with groups, read as fields (`.*` or `[^c]*`, each perhaps a
  // group) between literal separators: `^\([^-]*\)-\([^-]*\)-\(.*\)$`,
  // `^.*/\([^/]*\)$`, `"\(.*\)"`. Where the line splits is fixed by the
  // fields: `[^c]*` before `c` ends at the first `c` after it; `.*` before
  // the last separator takes everything up to that separator's last
  // occurrence (sed's leftmost-longest rule gives the first field the most);
  // an unanchored start is a kept field that ends at the first occurrence
  // of the separator after it, where the leftmost match begins. Any other
  // arrangement is refused: there the split depends on what comes after.
  struct Field {
    enum class Kind { Any, Exclude } kind = Kind::Any;
    char excluded = 0;
    int group = 0;      // 0: not a group
    bool kept = false;  // outside the match: the text before or after it
  };
  struct Piece {
    bool is_field = false;
    Field field;
    std::string text;  // a separator
  };

  std::optional<Field> field_of(const Regex& atom, int group) {
    if (any_run(atom)) return Field{Field::Kind::Any, 0, group, false};
    if (set_run(atom, 0) && atom.operands[0].kind == Kind::Bracket && atom.operands[0].set.negated &&
        atom.operands[0].set.members.size() == 1 && atom.operands[0].set.members != "]") {
      return Field{Field::Kind::Exclude, atom.operands[0].set.members[0], group, false};
    }
    if (atom.kind == Kind::Group) {
      const Regex* inner = &atom.operands[0];
      if (inner->kind == Kind::Sequence && inner->operands.size() == 1) inner = &inner->operands[0];
      if (group == 0 && inner->kind != Kind::Group) return field_of(*inner, atom.group);
    }
    return std::nullopt;
  }

  // `[^c]*.*` at the end of the pattern, the `.*` in no group: what the
  // `[^c]*` matches is fixed without a separator after it.
  bool rest_after_exclusion(const Piece& before, const Field& field, const Regex& atom) const {
    return before.field.kind == Field::Kind::Exclude && field.kind == Field::Kind::Any && field.group == 0 &&
           &atom == pattern_.atoms.back();
  }

  std::optional<Step> split_groups() {
    if (command_.global) return refuse("a global replacement with groups");
    if (std::optional<Step> step = trailing_run_after_other()) return step;
    // Anchored by `^`, or where the leftmost match starts at the start anyway.
    bool start = pattern_.start;
    bool end = pattern_.end;
    std::vector<Piece> pieces;
    if (!start) pieces.push_back(Piece{true, Field{Field::Kind::Any, 0, 0, true}, ""});
    for (const Regex* atom_pointer : pattern_.atoms) {
      const Regex& atom = *atom_pointer;
      if (atom.kind == Kind::Literal) {
        if (pieces.empty() || pieces.back().is_field) pieces.push_back(Piece{false, {}, ""});
        pieces.back().text += atom.literal;
        continue;
      }
      std::optional<Field> field = field_of(atom, 0);
      if (!field) return refuse("groups other than `\\(.*\\)` and `\\([^c]*\\)` between literal text");
      if (!pieces.empty() && pieces.back().is_field && !rest_after_exclusion(pieces.back(), *field, atom)) {
        return refuse("two fields with no text between them");
      }
      pieces.push_back(Piece{true, *field, ""});
    }
    if (!end) {
      if (!pieces.empty() && pieces.back().is_field) return refuse("a field at the end of an unanchored pattern");
      pieces.push_back(Piece{true, Field{Field::Kind::Any, 0, 0, true}, ""});
    }
    // The group the replacement names, if one.
    int wanted = 0;
    for (const ReplacementPiece& piece : command_.replacement) {
      if (piece.kind == ReplacementPiece::Kind::WholeMatch) return refuse("`&` with groups");
      if (piece.kind != ReplacementPiece::Kind::Group) continue;
      if (wanted != 0 && piece.group != wanted) return refuse("a replacement naming two groups");
      wanted = piece.group;
    }
    // Walk the pieces, writing what each field's text is as operations on
    // the rest of the line after the pieces before it.
    std::string condition;
    std::vector<std::string> rest_ops;  // `#*-`, `##*/`: the rest so far
    std::optional<std::vector<std::string>> group_ops, prefix_ops, suffix_ops;
    for (size_t i = 0; i < pieces.size(); ++i) {
      const Piece& piece = pieces[i];
      if (!piece.is_field) {
        condition += shell_literal(piece.text);
        // Text at the start of the rest (after `^` or a literal): removed.
        if (i == 0) rest_ops.push_back("#" + shell_literal(piece.text));
        continue;
      }
      condition += "*";
      const Field& field = piece.field;
      std::vector<std::string> text_ops = rest_ops;
      if (i + 1 < pieces.size() && pieces[i + 1].is_field) {
        // `[^c]*` then the line's unnamed rest: it ends at the first `c`, or
        // at the end when there is none.
        text_ops.push_back("%%" + shell_literal(std::string(1, field.excluded)) + "*");
      } else if (i + 1 < pieces.size()) {
        const std::string& separator = pieces[i + 1].text;
        std::string lit = shell_literal(separator);
        bool last_separator = true;
        for (size_t k = i + 2; k < pieces.size(); ++k) last_separator = last_separator && pieces[k].is_field;
        const Piece* after = i + 2 < pieces.size() ? &pieces[i + 2] : nullptr;
        bool at_last = false;  // the field ends at the separator's last occurrence
        if (field.kind == Field::Kind::Exclude) {
          if (separator != std::string(1, field.excluded)) return refuse("`[^c]*` followed by other text than `c`");
          // `[^c]*c` at the end of the pattern: the first `c` must be the last.
          if (after == nullptr) return refuse("`[^c]*c` at the end of the pattern");
          at_last = false;
        } else if (field.kept) {
          // Where the leftmost match starts: the first occurrence, unless what
          // follows is `[^c]*` up to the end, which only the last one allows.
          if (after != nullptr && after->field.kind == Field::Kind::Exclude && i + 3 == pieces.size() &&
              separator == std::string(1, after->field.excluded)) {
            at_last = true;
          } else if (after == nullptr || after->field.kind != Field::Kind::Any) {
            return refuse("an unanchored pattern whose start the separators do not fix");
          }
        } else {
          if (!last_separator) return refuse("`.*` before a separator that is not the last");
          at_last = true;
        }
        // `.*S[^c]*$` needs S to be c for the last S to be where it splits.
        if (at_last && after != nullptr && after->field.kind == Field::Kind::Exclude &&
            separator != std::string(1, after->field.excluded)) {
          return refuse("`.*` before text other than the character the last field excludes");
        }
        text_ops.push_back((at_last ? "%" : "%%") + lit + "*");
        // After the last occurrence of one character is after its last
        // occurrence in the whole line: one expansion of the input.
        if (at_last && separator.size() == 1) rest_ops.clear();
        rest_ops.push_back((at_last ? "##*" : "#*") + lit);
      } else if (field.kind == Field::Kind::Exclude) {
        // The last field excludes c: sound only right after the last c.
        bool after_last_c = i >= 2 && pieces[i - 1].text == std::string(1, field.excluded) &&
                            pieces[i - 2].is_field && pieces[i - 2].field.kind == Field::Kind::Any;
        if (!after_last_c) return refuse("a last `[^c]*` that does not follow `.*c`");
      }
      if (field.group != 0 && field.group == wanted) group_ops = text_ops;
      if (field.kept && i == 0) prefix_ops = text_ops;
      if (field.kept && i + 1 == pieces.size()) suffix_ops = text_ops;
    }
    if (wanted != 0 && !group_ops) return refuse("a reference to a group that is not a field");
    return split_step(condition, group_ops, prefix_ops, suffix_ops);
  }

  // `s,\([^/]\)//*$,\1,`: the trailing run of `/` goes when something
  // else comes before it (a value of only `/` is kept).
  std::optional<Step> trailing_run_after_other() {
    const std::vector<const Regex*>& atoms = pattern_.atoms;
    if (!pattern_.end || atoms.empty() || command_.regex.operands.back().kind != Kind::LineEnd) return std::nullopt;
    const Regex& group = *atoms[0];
    if (group.kind != Kind::Group || group.group != 1) return std::nullopt;
    const Regex* inner = &group.operands[0];
    if (inner->kind == Kind::Sequence && inner->operands.size() == 1) inner = &inner->operands[0];
    if (inner->kind != Kind::Bracket || !inner->set.negated || inner->set.members.size() != 1) return std::nullopt;
    char c = inner->set.members[0];
    bool run = (atoms.size() == 3 && atoms[1]->kind == Kind::Literal && atoms[1]->literal == c &&
                set_run(*atoms[2], 0) && atoms[2]->operands[0].kind == Kind::Literal &&
                atoms[2]->operands[0].literal == c) ||
               (atoms.size() == 2 && set_run(*atoms[1], 1) && atoms[1]->operands[0].kind == Kind::Literal &&
                atoms[1]->operands[0].literal == c);
    const std::vector<ReplacementPiece>& r = command_.replacement;
    if (!run || r.size() != 1 || r[0].kind != ReplacementPiece::Kind::Group) return std::nullopt;
    std::optional<std::string> other = shell_bracket(inner->set);
    if (!other) return std::nullopt;
    // `c` is one byte and never part of a longer UTF-8 character: `[!c]`
    // finds the same last character before the run in dash and mksh.
    std::string lit = shell_literal(std::string(1, c));
    Step step;
    step.condition = fmt::format("*{}*{}", *other, lit);
    step.matched = fmt::format("${{{0}%\"${{{0}##*{1}}}\"}}", input_, *other);
    return step;
  }

  // The statements for a split: the group's text in one variable, then the
  // result around it.
  std::optional<Step> split_step(const std::string& condition, const std::optional<std::vector<std::string>>& group,
                                 const std::optional<std::vector<std::string>>& prefix,
                                 const std::optional<std::vector<std::string>>& suffix) {
    // The kept text before and after the match, each one expansion of the input.
    auto direct = [&](const std::optional<std::vector<std::string>>& ops) -> std::optional<std::string> {
      if (!ops) return std::string();
      if (ops->empty()) return in_;
      if (ops->size() == 1) return fmt::format("${{{}{}}}", input_, ops->front());
      return std::nullopt;
    };
    std::optional<std::string> before = direct(prefix);
    std::optional<std::string> after = direct(suffix);
    if (!before || !after) return refuse("kept text that takes more than one expansion");
    std::string chain;
    std::string group_text;
    if (group) {
      if (group->size() <= 1) {
        group_text = group->empty() ? in_ : fmt::format("${{{}{}}}", input_, group->front());
      } else {
        // Worked out in the output variable, or in the scratch variable when
        // the kept text still reads the input (which may be the output).
        std::string work = "{out}";
        if (!before->empty() || !after->empty()) {
          if (scratch_.empty()) return refuse("a group and kept text that need a scratch variable");
          work = std::string(scratch_);
        }
        group_text = "${" + work + "}";
        for (size_t k = 0; k < group->size(); ++k) {
          if (k > 0) chain += "; ";
          chain += fmt::format("{}=${{{}{}}}", work, k == 0 ? std::string(input_) : work, (*group)[k]);
        }
      }
    }
    std::string result = *before;
    for (const ReplacementPiece& piece : command_.replacement) {
      result += piece.kind == ReplacementPiece::Kind::Group ? group_text : shell_literal(piece.text);
    }
    result += *after;
    if (result.empty()) result = "\"\"";
    Step step;
    step.condition = condition;
    if (chain.empty()) {
      step.matched = result;
      return step;
    }
    step.statement = result == "${{out}}" ? chain : fmt::format("{}; {{out}}={}", chain, result);
    step.conditional = true;
    return step;
  }

  // `s/^/X/`, `s/$/X/`, `s/^$/X/`: text put before or after the line, or
  // the empty line replaced. `&` is the empty match.
  std::optional<Step> anchors_only() {
    std::optional<std::string> r = replacement(std::string(), true);
    if (!r) return std::nullopt;
    Step step;
    if (pattern_.start && pattern_.end) {
      step.condition = "\"\"";
      step.matched = r->empty() ? "\"\"" : *r;
    } else {
      step.matched = pattern_.start ? *r + in_ : in_ + *r;
    }
    return step;
  }

  // Patterns whose pieces are one-character atoms and `.*`.
  std::optional<Step> glob_step(const std::string& glob) {
    bool has_star = false;
    for (const Regex* atom : pattern_.atoms) has_star = has_star || any_run(*atom);
    std::optional<std::string> whole = pattern_.start && pattern_.end ? std::optional(in_) : literal_match();
    std::optional<std::string> r = replacement(whole, true);
    if (!r) return std::nullopt;
    Step step;
    const std::string& p = glob;
    if (pattern_.start && pattern_.end) {
      step.condition = p;
      step.matched = *r;
      if (r->empty() && glob.ends_with('*')) step.expression = fmt::format("${{{}##{}}}", input_, glob);
      if (r->empty() && glob.starts_with('*')) step.expression = fmt::format("${{{}%%{}}}", input_, glob);
    } else if (pattern_.start) {
      step.condition = p + "*";
      std::string_view op = has_star ? "##" : "#";
      step.matched = fmt::format("{}${{{}{}{}}}", *r, input_, op, glob);
      if (r->empty()) step.expression = fmt::format("${{{}{}{}}}", input_, op, glob);
      if (!has_star && !r->empty() && target_ != Target::Posix) step.expression = slash_form("/#");
    } else if (pattern_.end) {
      step.condition = "*" + p;
      std::string_view op = has_star ? "%%" : "%";
      step.matched = fmt::format("${{{}{}{}}}{}", input_, op, glob, *r);
      if (r->empty()) step.expression = fmt::format("${{{}{}{}}}", input_, op, glob);
      if (!has_star && !r->empty() && target_ != Target::Posix) step.expression = slash_form("/%");
    } else {
      if (has_star) return refuse("`.*` inside an unanchored pattern");
      step.condition = "*" + p + "*";
      step.matched = fmt::format("${{{}%%{}*}}{}${{{}#*{}}}", input_, glob, *r, input_, glob);
      if (target_ != Target::Posix) step.expression = slash_form("/");
    }
    return step;
  }

  // `${v/P/R}`-style forms: the pattern and the replacement are re-quoted
  // with `/` quoted, as it would end the pattern.
  std::optional<std::string> slash_form(std::string_view op) {
    std::optional<std::string> glob = glob_of(pattern_.atoms, true);
    std::optional<std::string> r = replacement(literal_match(false), false);
    if (!glob || !r) return std::nullopt;
    if (target_ == Target::Ksh && has_backslash_replacement()) return std::nullopt;
    return fmt::format("${{{}{}{}/{}}}", input_, op, *glob, *r);
  }

  std::optional<Step> global() {
    if (target_ != Target::Posix) {
      std::optional<std::string> expression = slash_form("//");
      if (!expression) return refuse("a replacement the shell would read differently");
      Step step;
      step.expression = expression;
      step.matched = *expression;
      // Under `-n` the line is printed only when there is a match.
      std::optional<std::string> glob = glob_of(pattern_.atoms, false);
      step.condition = glob ? fmt::format("*{}*", *glob) : "";
      return step;
    }
    return posix_global();
  }

  // `s/P/R/g` in POSIX sh, for P literal text or one one-character atom: a
  // loop. When R holds nothing P can match, no replacement can take part in a
  // later match, so replacing the first match of what is left until none is
  // left is sed's scan; otherwise the loop copies the line into `output`
  // piece by piece through the scratch variable.
  std::optional<Step> posix_global() {
    const std::vector<const Regex*>& atoms = pattern_.atoms;
    std::optional<std::string> text = literal_text();
    std::optional<std::string> glob;
    if (text) {
      glob = shell_literal(*text);
    } else if (atoms.size() == 1) {
      glob = glob_of(atoms, false);
    }
    if (!glob) return refuse("a global replacement in POSIX sh of more than literal text or one character");
    std::optional<std::string> r = replacement(literal_match(), true);
    if (!r) return std::nullopt;
    std::string r_text;
    for (const ReplacementPiece& piece : command_.replacement) r_text += piece.kind == ReplacementPiece::Kind::Text ? piece.text : *text;
    // A control character stands for a value the rule fills in later
    // (rules/sed_rewrite.h): it may hold anything, so never edit in place.
    bool opaque = std::any_of(r_text.begin(), r_text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
    bool in_place = r_text.empty() && !opaque;
    if (!in_place && !opaque && text) in_place = r_text.find_first_of(*text) == std::string::npos;
    if (!in_place && !opaque && !text && atoms[0]->kind == Kind::Literal) {
      in_place = r_text.find(atoms[0]->literal) == std::string::npos;
    }
    if (!in_place && !opaque && !text && atoms[0]->kind == Kind::Bracket) in_place = outside_plain_set(atoms[0]->set, r_text);
    Step step;
    step.condition = fmt::format("*{}*", *glob);
    if (in_place) {
      step.statement = fmt::format(
          "{{out}}={in}\nwhile :; do case ${{out}} in *{p}*) {{out}}=${{{{out}}%%{p}*}}{r}${{{{out}}#*{p}}};; *) break;; esac; done",
          fmt::arg("in", in_), fmt::arg("p", *glob), fmt::arg("r", *r));
      return step;
    }
    if (scratch_.empty()) return refuse("a global replacement in POSIX sh that needs a scratch variable");
    step.statement = fmt::format(
        "{t}={in}; {{out}}=\nwhile :; do case ${t} in *{p}*) {{out}}=${{out}}${{{t}%%{p}*}}{r}; {t}=${{{t}#*{p}}};; "
        "*) {{out}}=${{out}}${t}; break;; esac; done",
        fmt::arg("t", scratch_), fmt::arg("in", in_), fmt::arg("p", *glob), fmt::arg("r", *r));
    return step;
  }

  // Every character of `text` is outside `set`, which lists its members
  // one by one (no range, no class).
  static bool outside_plain_set(const BracketSet& set, const std::string& text) {
    if (!set.ascii_only || set.members.find("[:") != std::string::npos) return false;
    for (size_t i = 1; i + 1 < set.members.size(); ++i) {
      if (set.members[i] == '-') return false;
    }
    for (char c : text) {
      bool member = set.members.find(c) != std::string::npos;
      if (member != set.negated) return false;
    }
    return true;
  }

  // The pattern's text when it is plain literal text.
  std::optional<std::string> literal_text() const {
    std::string text;
    for (const Regex* atom : pattern_.atoms) {
      if (atom->kind != Kind::Literal) return std::nullopt;
      text += atom->literal;
    }
    return text;
  }

  // Shapes built on a run of one set of characters: `^[ ]*`, `[ ]*$`,
  // `/[^/]*$`, `^[^=]*=`, `//*` with g.
  std::optional<Step> run_shapes() {
    const std::vector<const Regex*>& atoms = pattern_.atoms;
    if (atoms.size() == 1 && set_run(*atoms[0], 0) && (pattern_.start != pattern_.end)) return edge_run(*atoms[0]);
    if (pattern_.start != pattern_.end) {
      if (const Regex* run = run_of_at_least_one(atoms)) return edge_run_of_one_or_more(*run);
    }
    if (atoms.size() == 2 && pattern_.end && !pattern_.start && atoms[0]->kind == Kind::Literal &&
        excludes_only(*atoms[1], atoms[0]->literal)) {
      return from_last(atoms[0]->literal);
    }
    if (atoms.size() == 2 && pattern_.start && !pattern_.end && atoms[1]->kind == Kind::Literal &&
        excludes_only(*atoms[0], atoms[1]->literal)) {
      return through_first(atoms[1]->literal);
    }
    if (atoms.size() == 2 && !command_.global && pattern_.start != pattern_.end) {
      const Regex& run = *atoms[pattern_.end ? 0 : 1];
      const Regex& field = *atoms[pattern_.end ? 1 : 0];
      if (set_run(run, 0) && run.operands[0].kind == Kind::Literal && excludes_only(field, run.operands[0].literal)) {
        return field_and_separators(run.operands[0].literal);
      }
    }
    if (atoms.size() == 2 && !command_.global && !pattern_.start && !pattern_.end && set_run(*atoms[0], 0) &&
        atoms[1]->kind == Kind::Literal && run_excludes(*atoms[0], atoms[1]->literal)) {
      return run_before_first(*atoms[0], atoms[1]->literal);
    }
    if (command_.global && !pattern_.start && !pattern_.end) return squeeze();
    return std::nullopt;
  }

  // `LL*`, `[S][S]*` or `L\+`: the Repeat whose set runs at least once.
  static const Regex* run_of_at_least_one(const std::vector<const Regex*>& atoms) {
    if (atoms.size() == 1 && set_run(*atoms[0], 1)) return atoms[0];
    if (atoms.size() != 2 || !set_run(*atoms[1], 0)) return nullptr;
    const Regex& one = *atoms[0];
    const Regex& inner = atoms[1]->operands[0];
    if (one.kind != inner.kind) return nullptr;
    bool same = one.kind == Kind::Literal ? one.literal == inner.literal
                                          : one.set.negated == inner.set.negated && one.set.members == inner.set.members;
    return same ? atoms[1] : nullptr;
  }

  // `^[S][S]*` or `[S][S]*$`: as `[S]*` at that end, which removes nothing
  // where no member is; a replacement is put (and `p` prints) only where
  // one is.
  std::optional<Step> edge_run_of_one_or_more(const Regex& run) {
    std::optional<Step> step = edge_run(run);
    if (!step) return step;
    std::optional<std::string> member = glob_atom(run.operands[0]);
    if (!member) return refuse("a run of characters a `case` pattern cannot name");
    if ((target_ == Target::Posix || target_ == Target::Mksh) && run.operands[0].kind == Kind::Bracket &&
        !run.operands[0].set.byte_safe()) {
      note("dash and mksh match `?` and `[…]` against a byte, sed against a character of a UTF-8 value");
    }
    step->condition = pattern_.start ? *member + "*" : "*" + *member;
    if (!command_.replacement.empty()) step->expression.reset();
    return step;
  }

  static bool run_excludes(const Regex& run, char l) {
    const Regex& inner = run.operands[0];
    return inner.kind == Kind::Literal ? inner.literal != l : inner.set.excludes(l);
  }

  // `[set]*L` with L outside the set (`s/[-_a-zA-Z0-9]*=//`): a match
  // starting anywhere must reach an L through members only, so the leftmost
  // one is the run of members right before the first L.
  std::optional<Step> run_before_first(const Regex& run, char l) {
    if (scratch_.empty()) return refuse("a run before a separator without a scratch variable");
    std::optional<std::string> r = replacement(std::nullopt, true);
    std::optional<std::string> outside = run_complement(run);
    if (!r || !outside) return std::nullopt;
    if ((target_ == Target::Posix || target_ == Target::Mksh) && run.operands[0].kind == Kind::Bracket &&
        !run.operands[0].set.byte_safe()) {
      note("dash and mksh match `?` and `[…]` against a byte, sed against a character of a UTF-8 value");
    }
    std::string lit = shell_literal(std::string(1, l));
    std::string in(input_);
    std::string t(scratch_);
    Step step;
    step.condition = "*" + lit + "*";
    step.conditional = true;
    step.statement = t + "=${" + in + "#*" + lit + "}; {out}=${" + in + "%%" + lit + "*}\n{out}=${{out}%\"${{out}##*" +
                     *outside + "}\"}" + *r + "${" + t + "}";
    return step;
  }

  // `/*[^/]*$` or `^[^/]*/*`: the last (first) field with the separators
  // before (after) it. `[^c]*` takes the whole field at the open end, so
  // the match is fixed: remove the field, then the run of `c` beside it.
  std::optional<Step> field_and_separators(char c) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    std::optional<std::string> r = replacement(std::nullopt, true);
    std::optional<std::string> is_c = shell_bracket(BracketSet{false, std::string(1, c), true}, false, true);
    std::optional<std::string> not_c = shell_bracket(BracketSet{false, std::string(1, c), true}, true, true);
    if (!r || !is_c || !not_c) return std::nullopt;
    std::string in(input_);
    Step step;
    if (pattern_.end) {
      step.statement = "{out}=${" + in + "%\"${" + in + "##*" + *is_c + "}\"}\n{out}=${{out}%\"${{out}##*" +
                       *not_c + "}\"}" + *r;
    } else {
      step.statement = "{out}=${" + in + "#\"${" + in + "%%" + *is_c + "*}\"}\n{out}=" + *r +
                       "${{out}#\"${{out}%%" + *not_c + "*}\"}";
    }
    return step;
  }

  // `^[set]*` or `[set]*$`: the leading or trailing run of the set.
  std::optional<Step> edge_run(const Regex& run) {
    std::optional<std::string> outside = run_complement(run);
    if (!outside) return std::nullopt;
    std::optional<std::string> r = replacement(std::nullopt, true);
    if (!r) return std::nullopt;
    Step step;
    if (pattern_.start) {
      step.expression = fmt::format("${{{0}#\"${{{0}%%{1}*}}\"}}", input_, *outside);
      step.matched = *r + *step.expression;
    } else {
      step.expression = fmt::format("${{{0}%\"${{{0}##*{1}}}\"}}", input_, *outside);
      step.matched = *step.expression + *r;
    }
    if (!r->empty()) step.expression.reset();
    return step;
  }

  // `L[^L]*$`: from the last L on.
  std::optional<Step> from_last(char l) {
    std::optional<std::string> r = replacement(std::nullopt, true);
    if (!r) return std::nullopt;
    std::string lit = shell_literal(std::string(1, l));
    Step step;
    step.condition = fmt::format("*{}*", lit);
    step.matched = fmt::format("${{{}%{}*}}{}", input_, lit, *r);
    if (r->empty()) step.expression = fmt::format("${{{}%{}*}}", input_, lit);
    return step;
  }

  // `^[^L]*L`: up to the first L.
  std::optional<Step> through_first(char l) {
    std::optional<std::string> r = replacement(std::nullopt, true);
    if (!r) return std::nullopt;
    std::string lit = shell_literal(std::string(1, l));
    Step step;
    step.condition = fmt::format("*{}*", lit);
    step.matched = fmt::format("{}${{{}#*{}}}", *r, input_, lit);
    if (r->empty()) step.expression = fmt::format("${{{}#*{}}}", input_, lit);
    return step;
  }

  // `s/LL*/L/g` (or `L\+`): every run of L becomes one L; a loop that
  // halves `LL` until none is left gives the same.
  std::optional<Step> squeeze() {
    const std::vector<const Regex*>& atoms = pattern_.atoms;
    char l = 0;
    if (atoms.size() == 2 && atoms[0]->kind == Kind::Literal && set_run(*atoms[1], 0) &&
        atoms[1]->operands[0].kind == Kind::Literal && atoms[1]->operands[0].literal == atoms[0]->literal) {
      l = atoms[0]->literal;
    } else if (atoms.size() == 1 && set_run(*atoms[0], 1) && atoms[0]->operands[0].kind == Kind::Literal) {
      l = atoms[0]->operands[0].literal;
    } else {
      return std::nullopt;
    }
    const std::vector<ReplacementPiece>& r = command_.replacement;
    if (r.size() != 1 || r[0].kind != ReplacementPiece::Kind::Text || r[0].text != std::string(1, l)) {
      return std::nullopt;
    }
    std::string lit = shell_literal(std::string(1, l));
    std::string pair = shell_literal(std::string(2, l));
    Step step;
    step.condition = fmt::format("*{}*", lit);
    step.statement = fmt::format(
        "{{out}}={in}\nwhile :; do case ${{out}} in *{pair}*) {{out}}=${{{{out}}%%{pair}*}}{lit}${{{{out}}#*{pair}}};; *) break;; esac; done",
        fmt::arg("in", in_), fmt::arg("pair", pair), fmt::arg("lit", lit));
    return step;
  }

  std::optional<Step> transliterate() {
    if (target_ == Target::Posix) return transliterate_by_character();
    std::string statement;
    const std::string& from = command_.from;
    std::string name(input_);
    for (size_t i = 0; i < from.size(); ++i) {
      // A newline would break the statement's one line; a tab is a blank to the shell.
      if (!printable_ascii(from[i]) || !printable_ascii(command_.to[i])) {
        return refuse("`y` of a character other than printable ASCII");
      }
      if (from.find(from[i]) != i) return refuse("`y` naming a character twice");
      if (from.find(command_.to[i], i + 1) != std::string::npos) {
        return refuse("`y` mapping to a character it maps later (one pass at a time would map it twice)");
      }
      if (from[i] == command_.to[i]) continue;
      if (target_ == Target::Ksh && command_.to[i] == '\\') return refuse("`y` to a backslash in ksh");
      std::string a = shell_literal(std::string(1, from[i]), false);
      std::string b = shell_literal(std::string(1, command_.to[i]), false);
      statement += fmt::format("{}{{out}}=${{{}//{}/{}}}", statement.empty() ? "" : "; ", name, a, b);
      name = "{out}";
    }
    Step step;
    step.statement = statement.empty() ? fmt::format("{{out}}={}", in_) : statement;
    return step;
  }

  // `y` in POSIX sh: a loop over the characters, through the scratch
  // variable, with one `case` arm per mapped character; any other is copied
  // as `?` takes it (a byte in dash, a character elsewhere: the same text).
  std::optional<Step> transliterate_by_character() {
    if (scratch_.empty()) return refuse("`y` in POSIX sh without a scratch variable");
    const std::string& from = command_.from;
    std::string arms;
    for (size_t i = 0; i < from.size(); ++i) {
      if (!printable_ascii(from[i]) || !printable_ascii(command_.to[i])) {
        return refuse("`y` of a character other than printable ASCII");
      }
      if (from.find(from[i]) != i) return refuse("`y` naming a character twice");
      if (from[i] == command_.to[i]) continue;
      arms += fmt::format(" {}*) {{out}}=${{{{out}}}}{};;", shell_literal(std::string(1, from[i])),
                          shell_literal(std::string(1, command_.to[i])));
    }
    std::string t(scratch_);
    Step step;
    step.statement = fmt::format(
        "{t}={in}; {{out}}=\nwhile :; do case ${t} in '') break;;{arms} *) {{out}}=${{{{out}}}}${{{t}%\"${{{t}#?}}\"}};; "
        "esac; {t}=${{{t}#?}}; done",
        fmt::arg("t", t), fmt::arg("in", in_), fmt::arg("arms", arms));
    return step;
  }

  // The members outside a run's set, as a bracket: `[! ]` for `[ ]*`.
  std::optional<std::string> run_complement(const Regex& run) {
    const Regex& inner = run.operands[0];
    if (inner.kind == Kind::Literal) {
      return shell_bracket(BracketSet{false, std::string(1, inner.literal), true}, true, true);
    }
    return shell_bracket(inner.set, true, true);
  }

  // `[^L]*`: a run of anything but L.
  static bool excludes_only(const Regex& atom, char l) {
    return set_run(atom, 0) && atom.operands[0].kind == Kind::Bracket && atom.operands[0].set.negated &&
           atom.operands[0].set.members == std::string(1, l);
  }

  std::optional<std::string> glob_of(const std::vector<const Regex*>& atoms, bool quote_slash) {
    std::string glob;
    std::string literal;
    auto flush = [&] {
      if (!literal.empty()) glob += shell_literal(literal, !quote_slash);
      literal.clear();
    };
    // A glob with a `*` is only matched whole or for its longest match.
    for (size_t i = 0; i < atoms.size(); ++i) {
      const Regex* atom = atoms[i];
      if (atom->kind == Kind::Literal) {
        literal += atom->literal;
        continue;
      }
      flush();
      if (any_run(*atom)) {
        glob += "*";
      } else if (std::optional<std::string> one = glob_atom(*atom, !quote_slash)) {
        bool bytes = target_ == Target::Posix || target_ == Target::Mksh;
        if (bytes && !matches_whole_characters(atoms, i, false)) {
          note("dash and mksh match `?` and `[…]` against a byte, sed against a character of a UTF-8 value");
        }
        glob += *one;
      } else {
        return std::nullopt;
      }
    }
    flush();
    return glob;
  }

  // The matched text when the pattern is plain literal text.
  std::optional<std::string> literal_match(bool slash_is_plain = true) const {
    std::string text;
    for (const Regex* atom : pattern_.atoms) {
      if (atom->kind != Kind::Literal) return std::nullopt;
      text += atom->literal;
    }
    return shell_literal(text, slash_is_plain);
  }

  // The replacement as shell text; `whole` writes `&`.
  std::optional<std::string> replacement(std::optional<std::string> whole, bool slash_is_plain) {
    std::string out;
    for (const ReplacementPiece& piece : command_.replacement) {
      if (piece.kind == ReplacementPiece::Kind::Group) return refuse("a group reference without a regex match");
      if (piece.kind == ReplacementPiece::Kind::WholeMatch) {
        if (!whole) return refuse("`&` for a match that is not known text");
        out += *whole;
      } else {
        out += shell_literal(piece.text, slash_is_plain);
      }
    }
    return out;
  }

  bool has_backslash_replacement() const {
    for (const ReplacementPiece& piece : command_.replacement) {
      if (piece.text.find('\\') != std::string::npos) return true;
    }
    return false;
  }

  void note(std::string caveat) {
    for (const std::string& known : caveats_) {
      if (known == caveat) return;
    }
    caveats_.push_back(std::move(caveat));
  }

  std::nullopt_t refuse(std::string why) {
    if (refusal_.empty()) refusal_ = std::move(why);
    return std::nullopt;
  }

  const SedCommand& command_;
  std::string in_;
  std::string_view input_;
  std::string_view scratch_;
  Target target_;
  std::vector<std::string>& caveats_;
  Pattern pattern_;
  std::string refusal_;
};

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// `kept` is the line when the command does not match: the input, or the
// input after the literal prefix it is printed with.
std::string step_statement(const Step& step, std::string_view input, std::string_view output, bool quiet,
                           std::string_view kept) {
  std::string unchanged = quiet ? "" : std::string(kept);
  if (step.statement && step.conditional) {
    return fmt::format("case ${} in {}) {};; *) {}={};; esac", input, step.condition,
                       replace_all(*step.statement, "{out}", output), output, unchanged);
  }
  if (step.statement && quiet) {
    // Under `-n` only a line the command changed is printed.
    if (step.condition == "*") return replace_all(*step.statement, "{out}", output);
    return fmt::format("case ${} in {}) {};; *) {}=;; esac", input, step.condition,
                       replace_all(replace_all(*step.statement, "{out}", output), "\n", "; "), output);
  }
  if (step.statement) return replace_all(*step.statement, "{out}", output);
  if (step.expression && !quiet) return fmt::format("{}={}", output, *step.expression);
  if (step.condition == "*") return fmt::format("{}={}", output, step.matched);
  return fmt::format("case ${} in {}) {}={};; *) {}={};; esac", input, step.condition, output, step.matched, output,
                     unchanged);
}

// The first command of a program run on `prefix` followed by the input, as
// a command on the input alone: its pattern must start with `^` and the
// prefix (or a `.` for each of its characters), which it then drops. Where the reduced pattern does not match,
// sed keeps the prefix: the caller writes it into the unmatched arm.
std::optional<SedCommand> without_prefix(const SedCommand& command, std::string_view prefix, std::string& refusal) {
  refusal = "a value printed after literal text that the first command does not match at its start";
  if (command.kind != SedCommand::Kind::Substitute || command.regex.kind != Kind::Sequence) return std::nullopt;
  const std::vector<Regex>& operands = command.regex.operands;
  if (operands.size() < prefix.size() + 1 || operands[0].kind != Kind::LineStart) return std::nullopt;
  for (size_t i = 0; i < prefix.size(); ++i) {
    // `.` takes the prefix's character as well (it is ASCII).
    const Regex& atom = operands[i + 1];
    if (atom.kind != Kind::AnyChar && (atom.kind != Kind::Literal || atom.literal != prefix[i])) return std::nullopt;
  }
  for (const ReplacementPiece& piece : command.replacement) {
    if (piece.kind == ReplacementPiece::Kind::WholeMatch) {
      refusal = "`&` in a command that matches the literal text before the value";
      return std::nullopt;
    }
  }
  SedCommand reduced = command;
  reduced.regex.operands.erase(reduced.regex.operands.begin() + 1,
                               reduced.regex.operands.begin() + 1 + static_cast<std::ptrdiff_t>(prefix.size()));
  refusal.clear();
  return reduced;
}

// `^R*A…` with A a literal that the run's R never matches (`^-*disable-`):
// the run is the line's whole leading run of R, whatever follows, so it is
// stripped first and the rest of the pattern matched on what is left. The
// reduced command, and in `strip_to` the statement that strips the run of
// `input` into `output`; nullopt for any other shape, and where the
// replacement takes the whole match (`&`), which holds the run.
std::optional<SedCommand> without_leading_run(const SedCommand& command, std::string_view input,
                                              std::string_view output, std::string& strip_to) {
  if (command.kind != SedCommand::Kind::Substitute || command.regex.kind != Kind::Sequence) return std::nullopt;
  const std::vector<Regex>& operands = command.regex.operands;
  if (operands.size() < 3 || operands[0].kind != Kind::LineStart || operands[2].kind != Kind::Literal) return std::nullopt;
  const Regex& run = operands[1];
  if (run.kind != Kind::Repeat || run.min != 0 || run.max != -1 || run.operands[0].kind != Kind::Literal) {
    return std::nullopt;
  }
  char member = run.operands[0].literal;
  if (member == operands[2].literal || static_cast<unsigned char>(member) >= 0x80) return std::nullopt;
  for (const ReplacementPiece& piece : command.replacement) {
    if (piece.kind == ReplacementPiece::Kind::WholeMatch) return std::nullopt;
  }
  std::optional<std::string> outside = shell_bracket(BracketSet{false, std::string(1, member), true}, true, true);
  if (!outside) return std::nullopt;
  strip_to = fmt::format("{0}=${{{1}#\"${{{1}%%{2}*}}\"}}", output, input, *outside);
  SedCommand reduced = command;
  reduced.regex.operands.erase(reduced.regex.operands.begin() + 1);
  return reduced;
}

// A step of a reduced first command that may not match: its unmatched arm
// must be a `case` arm, not an expression that covers both.
bool keeps_prefix_when_unmatched(Step& step) {
  if (step.condition == "*") return true;
  if (step.condition.empty() || (step.statement && !step.conditional)) return false;
  step.expression.reset();
  return true;
}

}  // namespace

Translation translate(const SedProgram& program, std::string_view input, std::string_view output, Target target,
                      std::string_view scratch, std::string_view prefix) {
  Translation translation;
  bool quiet = program.quiet;
  if (quiet && (program.commands.size() != 1 || !program.commands[0].print)) {
    translation.refusal = "`-n` other than one `s///p`";
    return translation;
  }
  auto refuse = [&](std::string why) {
    translation.refusal = std::move(why);
    translation.caveats.clear();
    translation.statements.clear();
    translation.expression.reset();
    return translation;
  };
  std::string current(input);
  for (const SedCommand& original : program.commands) {
    if (original.print && !quiet) return refuse("`p` without `-n` (the line is printed twice)");
    bool first = &original == &program.commands.front();
    std::optional<SedCommand> reduced;
    if (first && !prefix.empty()) {
      std::string why;
      reduced = without_prefix(original, prefix, why);
      if (!reduced) return refuse(why);
    }
    std::string strip;  // the statement that strips a leading run, matched on what is left
    if (first) {
      if (std::optional<SedCommand> unrun = without_leading_run(reduced ? *reduced : original, current, output, strip)) {
        reduced = std::move(unrun);
      }
    }
    const SedCommand& command = reduced ? *reduced : original;
    std::string matched_on = strip.empty() ? current : std::string(output);
    StepBuilder builder(command, matched_on, scratch, target, translation.caveats);
    std::optional<Step> step = builder.build();
    if (!step) return refuse(builder.refusal().empty() ? "a shape with no exact equivalent" : builder.refusal());
    if (reduced && !keeps_prefix_when_unmatched(*step)) {
      return refuse("a command on text after a literal prefix whose match no `case` pattern tells");
    }
    if (quiet && step->condition.empty()) return refuse("`-n` with a replacement whose match no `case` pattern tells");
    if (!translation.statements.empty()) translation.statements += "\n";
    if (!strip.empty()) translation.statements += strip + "\n";
    std::string kept = fmt::format("{}${{{}}}", reduced && !prefix.empty() ? shell_literal(prefix) : "", current);
    translation.statements += step_statement(*step, matched_on, output, quiet, kept);
    if (program.commands.size() == 1 && !quiet && !step->statement && strip.empty()) {
      translation.expression = step->expression;
      if (!step->expression && step->condition == "*" && step->matched.starts_with("${") &&
          step->matched.ends_with("}") && step->matched.find("${", 2) == std::string::npos) {
        translation.expression = step->matched;
      }
    }
    current = output;
  }
  return translation;
}

Target target_for(Dialect dialect) {
  switch (dialect) {
    case Dialect::Sh: return Target::Posix;
    case Dialect::Bash: return Target::Bash;
    case Dialect::Ksh: return Target::Ksh;
    case Dialect::Mksh: return Target::Mksh;
  }
  return Target::Posix;
}

std::string on_one_line(std::string statements) {
  for (size_t at = statements.find('\n'); at != std::string::npos; at = statements.find('\n', at)) {
    statements.replace(at, 1, "; ");
  }
  return statements;
}

}  // namespace forklift::sed
