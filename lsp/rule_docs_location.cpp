#include "lsp/rule_docs_location.h"

#include <filesystem>
#include <system_error>

#include "lsp/uri.h"

namespace forklift::lsp {
namespace {

namespace fs = std::filesystem;

// The doc folder that `cmake --install` (or the Debian package) filled, by
// the same relative path from the binary as at install time.
std::string installed_docs_uri() {
  std::error_code error;
  fs::path binary = fs::read_symlink("/proc/self/exe", error);
  if (error) return "";
  fs::path docs = (binary.parent_path() / FORKLIFT_INSTALLED_RULE_DOCS).lexically_normal();
  if (!fs::is_directory(docs, error)) return "";
  return uri_from_path(docs.string());
}

}  // namespace

std::string default_docs_url_template() {
  static const std::string base = [] {
    std::string published = FORKLIFT_RULE_DOCS_BASE_URL;
    return published.empty() ? installed_docs_uri() : published;
  }();
  return base.empty() ? "" : base + "/{code}.md";
}

std::string default_docs_url(std::string_view code) {
  std::string url = default_docs_url_template();
  if (size_t at = url.find("{code}"); at != std::string::npos) url.replace(at, 6, code);
  return url;
}

}  // namespace forklift::lsp
