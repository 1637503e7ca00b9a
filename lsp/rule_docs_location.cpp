#include "lsp/rule_docs_location.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "lsp/uri.h"

namespace forklift::lsp {
namespace {

namespace fs = std::filesystem;

fs::path running_binary() {
  std::error_code error;
  fs::path binary = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : binary;
}

std::string uri_of_directory(const fs::path& docs) {
  std::error_code error;
  return fs::is_directory(docs, error) ? uri_from_path(docs.string()) : "";
}

// The doc folder that `cmake --install` (or the Debian package) filled, by
// the same relative path from the binary as at install time.
std::string installed_docs_uri(const fs::path& binary) {
  return uri_of_directory((binary.parent_path() / FORKLIFT_INSTALLED_RULE_DOCS).lexically_normal());
}

// A binary still in its build folder links to the pages of the checkout it
// was built from, so a developer's editor and SARIF viewer open the
// repository's own docs/rules/.
std::string checkout_docs_uri(const fs::path& binary) {
  fs::path build = fs::path(FORKLIFT_BUILD_DIR).lexically_normal();
  auto [end, unused] = std::mismatch(build.begin(), build.end(), binary.begin(), binary.end());
  if (end != build.end()) return "";
  return uri_of_directory(fs::path(FORKLIFT_CHECKOUT_RULE_DOCS));
}

}  // namespace

std::string default_docs_url_template() {
  static const std::string base = [] {
    std::string published = FORKLIFT_RULE_DOCS_BASE_URL;
    if (!published.empty()) return published;
    fs::path binary = running_binary();
    if (binary.empty()) return std::string();
    std::string installed = installed_docs_uri(binary);
    return installed.empty() ? checkout_docs_uri(binary) : installed;
  }();
  return base.empty() ? "" : base + "/{code}.md";
}

std::string default_docs_url(std::string_view code) {
  std::string url = default_docs_url_template();
  if (size_t at = url.find("{code}"); at != std::string::npos) url.replace(at, 6, code);
  return url;
}

}  // namespace forklift::lsp
