// textDocument/formatting through shfmt: the arguments it gets (dialect,
// indentation, or the project's .editorconfig) and the edits that come back.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lsp/feature_server.h"
#include "lsp/shfmt_formatter.h"
#include "tests/support/required_tools.h"

using namespace forklift::lsp;
namespace fs = std::filesystem;
using forklift::Dialect;

namespace {

bool have_shfmt() {
  if (!find_shfmt().empty()) return true;
  forklift::test::skip_for_missing_tool("shfmt is not installed");
  return false;
}

struct Scratch {
  Scratch() : path(fs::temp_directory_path() / ("forklift-format-" + std::to_string(getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path / "plain");
    fs::create_directories(path / "configured/sub");
    std::ofstream(path / "configured/.editorconfig") << "root = true\n[*]\nindent_style = space\nindent_size = 3\n";
  }
  ~Scratch() { fs::remove_all(path); }
  fs::path path;
};

std::string format(FeatureServer& features, const fs::path& file, const std::string& text, FormattingOptions options) {
  std::string uri = "file://" + file.string();
  features.did_open({uri, "sh", 1, text});
  std::vector<TextEdit> edits = features.formatting({{uri}, options});
  features.did_close({uri});
  if (edits.empty()) return text;
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].range.start == Position{0, 0});
  return edits[0].new_text;
}

}  // namespace

TEST_CASE("shfmt gets the document's dialect and indentation unless an .editorconfig applies", "[lsp][formatting]") {
  Scratch scratch;
  std::string plain = (scratch.path / "plain/a.sh").string();
  CHECK(shfmt_arguments({"", plain, Dialect::Sh, {8, false}}) ==
        std::vector<std::string>{"-ln", "posix", "-i", "0", "--filename", plain});
  CHECK(shfmt_arguments({"", plain, Dialect::Bash, {4, true}}) ==
        std::vector<std::string>{"-ln", "bash", "-i", "4", "--filename", plain});
  CHECK(shfmt_arguments({"", plain, Dialect::Ksh, {2, true}})[1] == "mksh");
  CHECK(shfmt_arguments({"", "", Dialect::Bash, {2, true}}) == std::vector<std::string>{"-ln", "bash", "-i", "2"});
  std::string configured = (scratch.path / "configured/sub/b.sh").string();
  CHECK(shfmt_arguments({"", configured, Dialect::Bash, {2, true}}) ==
        std::vector<std::string>{"--filename", configured});
}

TEST_CASE("formatting returns shfmt's text as one edit, or shfmt's error", "[lsp][formatting]") {
  if (!have_shfmt()) return;
  Scratch scratch;
  FeatureServer features([](const PublishDiagnosticsParams&) {});
  const std::string messy = "#!/bin/sh\nif true; then\necho   hi\nfi\n";
  CHECK(format(features, scratch.path / "plain/a.sh", messy, {8, false}) == "#!/bin/sh\nif true; then\n\techo hi\nfi\n");
  CHECK(format(features, scratch.path / "plain/a.sh", messy, {2, true}) == "#!/bin/sh\nif true; then\n  echo hi\nfi\n");
  CHECK(format(features, scratch.path / "configured/sub/b.sh", messy, {2, true}) ==
        "#!/bin/sh\nif true; then\n   echo hi\nfi\n");
  const std::string tidy = "#!/bin/sh\necho hi\n";
  CHECK(format(features, scratch.path / "plain/c.sh", tidy, {8, false}) == tidy);

  std::string uri = "file://" + (scratch.path / "plain/broken.sh").string();
  features.did_open({uri, "sh", 1, "#!/bin/sh\nif true; then\n"});
  CHECK_THROWS_WITH(features.formatting({{uri}, {8, false}}), Catch::Contains("shfmt: ") && Catch::Contains("broken.sh"));
  CHECK(features.formatting({{"file:///not/open.sh"}, {8, false}}).empty());
  features.stop();
}
