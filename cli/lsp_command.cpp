// `forklift lsp`: the language server, speaking LSP over stdin and stdout.
#include <csignal>

#include <CLI/CLI.hpp>

#include "cli/app.h"
#include "cli/subcommands.h"
#include "lsp/fd_transport.h"
#include "lsp/feature_server.h"
#include "lsp/protocol_server.h"

namespace forklift::cli {
namespace {

int run_language_server() {
  // A client that goes away must end the server through end of input, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  lsp::FdTransport transport(0, 1);
  lsp::FeatureServer features(lsp::publish_through(transport));
  lsp::ServerOptions options;
  options.version = FORKLIFT_VERSION;
  lsp::ProtocolServer server(transport, features, std::move(options));
  return server.run();
}

const RegisterSubcommand kLsp([](CLI::App& app, int& status) {
  CLI::App* command = app.add_subcommand("lsp", "Run the language server (LSP 3.17 over stdin/stdout) for editors");
  // Editors pass --stdio by convention; it is the only transport.
  command->add_flag("--stdio")->description("Talk over stdin/stdout (the default and only transport)");
  command->callback([&status] { status = run_language_server(); });
});

}  // namespace
}  // namespace forklift::cli
