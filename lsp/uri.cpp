#include "lsp/uri.h"

#include <cctype>

#include <fmt/format.h>

namespace forklift::lsp {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_unreserved_path_char(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
}

}  // namespace

std::optional<std::string> path_from_uri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (!uri.starts_with(kScheme)) return std::nullopt;
  std::string_view rest = uri.substr(kScheme.size());
  if (!rest.starts_with("/") && !rest.starts_with("localhost/")) return std::nullopt;
  if (rest.starts_with("localhost")) rest.remove_prefix(9);
  std::string path;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size()) {
      int high = hex_value(rest[i + 1]), low = hex_value(rest[i + 2]);
      if (high >= 0 && low >= 0) {
        path.push_back(static_cast<char>(high * 16 + low));
        i += 2;
        continue;
      }
    }
    path.push_back(rest[i]);
  }
  return path;
}

std::string uri_from_path(std::string_view path) {
  std::string uri = "file://";
  for (char c : path) {
    if (is_unreserved_path_char(static_cast<unsigned char>(c))) {
      uri.push_back(c);
    } else {
      uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
  }
  return uri;
}

}  // namespace forklift::lsp
