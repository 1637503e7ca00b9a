// The real `forklift lsp` over pipes: it asks the client to watch the
// project's forklift.toml, and a change to it republishes open documents'
// diagnostics under the new settings.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/lsp/server_process.h"

using namespace forklift::lsp::test;
namespace fs = std::filesystem;

namespace {

struct Workspace {
  Workspace() : path(fs::temp_directory_path() / ("forklift-lsp-watch-" + std::to_string(getpid()))) {
    fs::create_directories(path);
  }
  ~Workspace() { fs::remove_all(path); }
  std::string uri(const std::string& name) const { return "file://" + (path / name).string(); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
  fs::path path;
};

bool has_code(const json& published, const std::string& code) {
  for (const json& d : published["params"]["diagnostics"]) {
    if (d.value("code", "") == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a changed forklift.toml is watched, reloaded, and open documents republished", "[lsp][session]") {
  Workspace workspace;
  workspace.write("forklift.toml", "ignore = [\"FL301\"]\n");
  const std::string script_uri = workspace.uri("loop.sh");
  ServerProcess server;
  json capabilities = {{"workspace", {{"didChangeWatchedFiles", {{"dynamicRegistration", true}}}}}};
  server.response(server.request("initialize", {{"processId", nullptr},
                                                {"rootUri", "file://" + workspace.path.string()},
                                                {"capabilities", capabilities}}));
  server.notify("initialized", json::object());

  json registration = server.wait_for(
      [](const json& m) { return m.value("method", "") == "client/registerCapability"; });
  const json& registered = registration["params"]["registrations"][0];
  CHECK(registered["method"] == "workspace/didChangeWatchedFiles");
  std::vector<std::string> globs;
  for (const json& watcher : registered["registerOptions"]["watchers"]) globs.push_back(watcher["globPattern"].get<std::string>());
  CHECK(globs == std::vector<std::string>{"**/forklift.toml", "**/.forklift.toml"});
  server.send({{"jsonrpc", "2.0"}, {"id", registration["id"]}, {"result", nullptr}});

  server.notify("textDocument/didOpen",
                {{"textDocument",
                  {{"uri", script_uri}, {"languageId", "sh"}, {"version", 1},
                   {"text", "#!/bin/bash\nname=$(basename \"$1\")\ni=0\nwhile [ $i -lt 3 ]; do i=`expr $i + 1`; done\n"}}}});
  json first = server.diagnostics(script_uri, 1);
  CHECK(has_code(first, "FL101"));
  CHECK_FALSE(has_code(first, "FL301"));

  // Another file changing is no reason to reanalyze.
  server.notify("workspace/didChangeWatchedFiles", {{"changes", {{{"uri", workspace.uri("notes.txt")}, {"type", 2}}}}});
  workspace.write("forklift.toml", "ignore = [\"FL101\"]\n");
  server.notify("workspace/didChangeWatchedFiles", {{"changes", {{{"uri", workspace.uri("forklift.toml")}, {"type", 2}}}}});
  json republished = server.diagnostics(script_uri, 1);
  CHECK_FALSE(has_code(republished, "FL101"));
  CHECK(has_code(republished, "FL301"));

  server.response(server.request("shutdown", nullptr));
  server.notify("exit", nullptr);
  CHECK(server.wait_exit() == 0);
}
