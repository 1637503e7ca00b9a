#include "analyzer/front_end.h"


namespace forklift {

std::string_view front_end_name(FrontEnd front_end) {
  switch (front_end) {
    case FrontEnd::Auto: return "auto";
    case FrontEnd::TreeSitter: return "tree-sitter";
    case FrontEnd::Exact: return "exact";
  }
  return "?";
}

std::optional<FrontEnd> front_end_from_name(std::string_view name) {
  if (name == "auto") return FrontEnd::Auto;
  if (name == "tree-sitter") return FrontEnd::TreeSitter;
  if (name == "exact") return FrontEnd::Exact;
  return std::nullopt;
}

}  // namespace forklift
