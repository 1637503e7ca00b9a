// Starts `forklift lsp` for shell scripts with the user's `forklift.*`
// settings as initializationOptions; the client forwards later changes of
// the "forklift" section, and a new `forklift.path` restarts the server.
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

// Only what the user set: an absent key lets forklift.toml decide.
function serverSettings(config: vscode.WorkspaceConfiguration): Record<string, unknown> {
  const settings: Record<string, unknown> = { unsafeFixes: config.get<boolean>("unsafeFixes", false) };
  for (const key of ["select", "extendSelect", "ignore"]) {
    const codes = config.get<string[]>(key, []);
    if (codes.length > 0) settings[key] = codes;
  }
  for (const key of ["shell", "docsUrl"]) {
    const value = config.get<string>(key, "");
    if (value !== "") settings[key] = value;
  }
  return settings;
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration("forklift");
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "shellscript" },
      { scheme: "untitled", language: "shellscript" },
    ],
    initializationOptions: serverSettings(config),
    synchronize: { configurationSection: "forklift" },
  };
  const command = config.get<string>("path", "forklift");
  client = new LanguageClient("forklift", "forklift", { command, args: ["lsp"] }, clientOptions);
  await client.start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration("forklift.path")) return;
      await client?.stop();
      await startClient();
    }),
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
