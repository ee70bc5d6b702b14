import * as os from "os";
import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";
import {
  BUILD_COMMAND,
  EXPORT_AOTI_COMMAND,
  EXPORT_PT2_COMMAND,
  EXPORT_HF_COMMAND,
  EXPORT_GGUF_COMMAND,
  type ServedFormat,
  RESTART_COMMAND,
  SERVER_BUILD_COMMAND,
  SERVER_SHOW_PYTHON_COMMAND,
  SHOW_PYTHON_COMMAND,
  UNTRUSTED_EXPORT_MESSAGE,
  buildMessage,
  commandParams,
  exportFailure,
  exportFunctionNames,
  exportMessage,
  exportParams,
  exportTitle,
  failureMessage,
  pythonText,
} from "./commands";
import {
  ensureBundledExecutable,
  findServer,
  SERVER_PATH_SETTING,
  SERVER_SOURCE_SETTING,
  ServerSource,
} from "./serverPath";

let client: LanguageClient | undefined;
let statusItem: vscode.StatusBarItem;
let outputChannel: vscode.OutputChannel;
let traceChannel: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  outputChannel = vscode.window.createOutputChannel("ShapeScript");
  traceChannel = vscode.window.createOutputChannel("ShapeScript Trace");
  statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 0);
  statusItem.name = "ShapeScript";
  statusItem.command = RESTART_COMMAND;
  context.subscriptions.push(outputChannel, traceChannel, statusItem);

  context.subscriptions.push(
    vscode.commands.registerCommand(RESTART_COMMAND, async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.commands.registerCommand(BUILD_COMMAND, () => buildCurrentFile()),
    vscode.commands.registerCommand(SHOW_PYTHON_COMMAND, () => showPython()),
    vscode.commands.registerCommand(EXPORT_PT2_COMMAND, () => exportCurrentFile(false)),
    vscode.commands.registerCommand(EXPORT_AOTI_COMMAND, () => exportCurrentFile(true)),
    vscode.commands.registerCommand(EXPORT_HF_COMMAND, () => exportCurrentFile(false, "hf")),
    vscode.commands.registerCommand(EXPORT_GGUF_COMMAND, () => exportCurrentFile(false, "gguf")),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (
        e.affectsConfiguration(SERVER_PATH_SETTING) ||
        e.affectsConfiguration(SERVER_SOURCE_SETTING) ||
        e.affectsConfiguration("shapescript.python.path")
      ) {
        await stopClient();
        await startClient(context);
      }
    }),
    // Trust brings the workspace's values of the restricted settings
    // (package.json `restrictedConfigurations`) and export: start again.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await stopClient();
      await startClient(context);
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
    source: config.get<ServerSource>("server.source"),
    pythonPath: config.get<string>("python.path"),
    virtualEnv: process.env.VIRTUAL_ENV,
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

  // TransportKind.stdio makes the client add `--stdio` to the arguments.
  const serverOptions: ServerOptions = {
    command: found.path,
    args: [],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "shapescript" }],
    outputChannel,
    traceOutputChannel: traceChannel,
    initializationOptions: {
      pythonPath: config.get<string>("python.path") || undefined,
      // The server refuses export (it runs Python) in Restricted Mode.
      workspaceTrusted: vscode.workspace.isTrusted,
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

// The .ss file in the active editor, saved state or not: the server builds
// the text it has, unsaved edits included.
function activeShapeScript(): vscode.TextDocument | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== "shapescript") {
    void vscode.window.showWarningMessage("ShapeScript: open a .ss file first.");
    return undefined;
  }
  if (!client || !client.isRunning()) {
    void vscode.window.showErrorMessage("ShapeScript: the language server is not running (ShapeScript: Restart server).");
    return undefined;
  }
  return doc;
}

async function ask(
  command: typeof SERVER_BUILD_COMMAND | typeof SERVER_SHOW_PYTHON_COMMAND,
  doc: vscode.TextDocument,
  title: string,
): Promise<unknown> {
  const config = vscode.workspace.getConfiguration("shapescript");
  const params = commandParams(command, doc.uri.toString(), {
    checks: config.get("build.checks"),
    valueChecks: config.get("build.valueChecks"),
  });
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: false },
    () => client!.sendRequest(ExecuteCommandRequest.type, params),
  );
}

async function buildCurrentFile(): Promise<void> {
  const doc = activeShapeScript();
  if (!doc) return;
  try {
    const result = await ask(SERVER_BUILD_COMMAND, doc, "ShapeScript: building the Python module");
    const message = buildMessage(result);
    outputChannel.appendLine(message);
    void vscode.window.showInformationMessage(message);
  } catch (err) {
    const message = failureMessage("build", err);
    outputChannel.appendLine(message);
    void vscode.window.showErrorMessage(message);
  }
}

async function showPython(): Promise<void> {
  const doc = activeShapeScript();
  if (!doc) return;
  try {
    const result = pythonText(await ask(SERVER_SHOW_PYTHON_COMMAND, doc, "ShapeScript: generating Python"));
    if (!result.ok) {
      void vscode.window.showErrorMessage(result.error);
      return;
    }
    const shown = await vscode.workspace.openTextDocument({ language: "python", content: result.text });
    await vscode.window.showTextDocument(shown, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  } catch (err) {
    const message = failureMessage("generate Python", err);
    outputChannel.appendLine(message);
    void vscode.window.showErrorMessage(message);
  }
}

// Which `export fn` to export: undefined for the server's default (none in
// the file: the server says so), null when the user dismissed the choice.
async function pickExportFunction(doc: vscode.TextDocument): Promise<string | undefined | null> {
  const names = exportFunctionNames(doc.getText());
  if (names.length <= 1) return names[0];
  const picked = await vscode.window.showQuickPick(names, {
    title: "ShapeScript: export which function?",
    placeHolder: "an export fn of this file",
  });
  return picked ?? null;
}

const SHOW_OUTPUT = "Show Output";

// torch.export of the active file, to FILE.pt2 (or an AOTInductor package
// when `aoti`), or with `format` a Hugging Face folder or a GGUF file. The
// server exports the file on disk and refuses one with unsaved changes, so
// the document is saved first.
async function exportCurrentFile(aoti: boolean, format?: ServedFormat): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(UNTRUSTED_EXPORT_MESSAGE);
    return;
  }
  const doc = activeShapeScript();
  if (!doc) return;
  if (doc.isUntitled || doc.uri.scheme !== "file") {
    void vscode.window.showWarningMessage("ShapeScript: save the file to disk first: export works on the .ss file on disk.");
    return;
  }
  const fn = await pickExportFunction(doc);
  if (fn === null) return;
  if (doc.isDirty) {
    let saved = false;
    try {
      saved = await doc.save();
    } catch (err) {
      outputChannel.appendLine(`Saving ${doc.uri.fsPath}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!saved) {
      void vscode.window.showErrorMessage("ShapeScript: can't export: the file could not be saved (export works on the file on disk).");
      return;
    }
  }
  if (!client || !client.isRunning()) {
    void vscode.window.showErrorMessage("ShapeScript: the language server is not running (ShapeScript: Restart server).");
    return;
  }
  const c = client;
  const config = vscode.workspace.getConfiguration("shapescript");
  const params = exportParams(doc.uri.toString(), {
    fn,
    aoti,
    format,
    checks: config.get("build.checks"),
    valueChecks: config.get("build.valueChecks"),
  });
  try {
    const result: unknown = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: exportTitle(fn, aoti, format), cancellable: true },
      // The token makes the client send $/cancelRequest; the server then
      // kills the export and answers RequestCancelled.
      (_progress, token) => c.sendRequest(ExecuteCommandRequest.type, params, token),
    );
    const { message, output } = exportMessage(result, aoti, format);
    outputChannel.appendLine(message);
    if (output !== "") outputChannel.append(output.endsWith("\n") ? output : `${output}\n`);
    void vscode.window.showInformationMessage(message);
  } catch (err) {
    const failure = exportFailure(err, fn);
    if (failure.kind === "cancelled") {
      outputChannel.appendLine(failure.message);
      void vscode.window.showInformationMessage(failure.message);
      return;
    }
    outputChannel.appendLine(failure.detail);
    void vscode.window.showErrorMessage(failure.message, SHOW_OUTPUT).then((choice) => {
      if (choice === SHOW_OUTPUT) outputChannel.show(true);
    });
  }
}
