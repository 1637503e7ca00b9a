// The real `forklift lsp` when a document's URI names a FIFO and the
// project's forklift.toml is one too: the server takes the text from the
// client as always, reads neither, and goes on answering.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "tests/lsp/server_process.h"

using namespace forklift::lsp::test;
namespace fs = std::filesystem;

TEST_CASE("a didOpen of a URI that names a FIFO, under a forklift.toml FIFO, does not block the server",
          "[lsp][session]") {
  fs::path folder = fs::temp_directory_path() / ("forklift-lsp-fifo-" + std::to_string(getpid()));
  fs::create_directories(folder);
  REQUIRE(::mkfifo((folder / "script.sh").c_str(), 0644) == 0);
  REQUIRE(::mkfifo((folder / "forklift.toml").c_str(), 0644) == 0);
  std::string uri = "file://" + (folder / "script.sh").string();
  {
    ServerProcess server;
    server.response(server.request(
        "initialize", {{"processId", nullptr}, {"rootUri", "file://" + folder.string()}, {"capabilities", json::object()}}));
    server.notify("initialized", json::object());
    server.notify("textDocument/didOpen", {{"textDocument",
                                            {{"uri", uri}, {"languageId", "sh"}, {"version", 1},
                                             {"text", "i=`expr 1 + 1`\n"}}}});
    json published = server.diagnostics(uri, 1);
    CHECK(published["params"]["uri"] == uri);
    server.response(server.request("shutdown", nullptr));
    server.notify("exit", nullptr);
    CHECK(server.wait_exit() == 0);
  }
  fs::remove_all(folder);
}
