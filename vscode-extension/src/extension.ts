import * as os from "os";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";
import { ensureBundledExecutable, findServer, SERVER_PATH_SETTING } from "./serverPath";

let client: LanguageClient | undefined;
let statusItem: vscode.StatusBarItem;
let outputChannel: vscode.OutputChannel;
let traceChannel: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  outputChannel = vscode.window.createOutputChannel("ShapeScript");
  traceChannel = vscode.window.createOutputChannel("ShapeScript Trace");
  statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 0);
  statusItem.name = "ShapeScript";
  statusItem.command = "shapescript.restartServer";
  context.subscriptions.push(outputChannel, traceChannel, statusItem);

  context.subscriptions.push(
    vscode.commands.registerCommand("shapescript.restartServer", async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration(SERVER_PATH_SETTING) || e.affectsConfiguration("shapescript.python.path")) {
        await stopClient();
        await startClient(context);
      }
    }),
  );

  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}

function setStatus(text: string, tooltip: string, error = false): void {
  statusItem.text = text;
  statusItem.tooltip = tooltip;
  statusItem.backgroundColor = error ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
  statusItem.show();
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const config = vscode.workspace.getConfiguration("shapescript");
  if (ensureBundledExecutable(context.extensionPath)) {
    outputChannel.appendLine("Made the bundled server/shapescript-lsp executable");
  }
  const found = findServer({
    setting: config.get<string>("server.path"),
    extensionPath: context.extensionPath,
    envPath: process.env.PATH,
    homeDir: os.homedir(),
  });
  if (!found.ok) {
    outputChannel.appendLine(found.error);
    setStatus("$(error) ShapeScript", found.error, true);
    const open = "Open Settings";
    const choice = await vscode.window.showErrorMessage(found.error, open);
    if (choice === open) {
      await vscode.commands.executeCommand("workbench.action.openSettings", SERVER_PATH_SETTING);
    }
    return;
  }
  outputChannel.appendLine(`Starting ${found.path} --stdio (from ${found.source})`);

  const serverOptions: ServerOptions = {
    command: found.path,
    args: ["--stdio"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "shapescript" }],
    outputChannel,
    traceOutputChannel: traceChannel,
    initializationOptions: {
      pythonPath: config.get<string>("python.path") || undefined,
    },
    // The default error handler restarts the server after a crash (up to 4
    // times in 3 minutes), which is what we want.
  };

  // The client id `shapescript` makes `shapescript.trace.server` the trace setting.
  const c = new LanguageClient("shapescript", "ShapeScript", serverOptions, clientOptions);
  c.onDidChangeState((e) => {
    switch (e.newState) {
      case State.Starting:
        setStatus("$(sync~spin) ShapeScript", "The ShapeScript language server is starting");
        break;
      case State.Running:
        setStatus("$(check) ShapeScript", `ShapeScript language server: ${found.path}\nClick to restart.`);
        break;
      case State.Stopped:
        setStatus("$(debug-stop) ShapeScript", "The ShapeScript language server has stopped. Click to restart.", true);
        break;
    }
  });
  client = c;
  try {
    await c.start();
  } catch (err) {
    const msg = `The ShapeScript language server failed to start: ${err instanceof Error ? err.message : String(err)}`;
    outputChannel.appendLine(msg);
    setStatus("$(error) ShapeScript", msg, true);
    void vscode.window.showErrorMessage(msg);
  }
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop();
    } catch (err) {
      outputChannel.appendLine(`Stopping the server: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
