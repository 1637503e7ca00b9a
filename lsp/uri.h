// file:// URIs (RFC 8089, as editors send them) and filesystem paths.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace forklift::lsp {

// The local path of a file:// URI, percent-decoded; nullopt for other schemes
// (untitled:, ...) and for remote hosts.
std::optional<std::string> path_from_uri(std::string_view uri);

// A file:// URI for an absolute path, percent-encoding what RFC 3986 requires.
std::string uri_from_path(std::string_view path);

}  // namespace forklift::lsp
