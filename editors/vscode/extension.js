// The cardsmith VS Code extension: starts `cardsmith lsp` (stdio) for .card, .kw and .scn files.
// Highlighting comes from syntaxes/*.tmLanguage.json; everything else from the language server.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("cardsmith").get("server.command", ["cardsmith", "lsp"]);
  const serverOptions = {
    command: command[0],
    args: command.slice(1),
    transport: TransportKind.stdio,
  };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "cardsmith" },
      { scheme: "file", language: "cardsmith-scenario" },
    ],
    synchronize: {
      // A changed keyword library changes what every card is checked against.
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*.kw"),
    },
  };
  client = new LanguageClient("cardsmith", "cardsmith language server", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
