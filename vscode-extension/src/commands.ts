// The commands that ask the language server to build a .ss file
// (workspace/executeCommand; the server's side is server/lsp/handlers_commands.cpp).
// Kept free of the `vscode` module so the unit tests run under plain Node.

// Two namespaces that never meet. The extension's own commands (package.json
// `contributes.commands`, registered in extension.ts) are `shapescript.*`;
// the server's (its `executeCommandProvider`, lsp/command_ids.hpp) are
// `shapescript-lsp.*`. vscode-languageclient registers each id the server
// advertises as a VS Code command while it starts, and an id registered
// twice stops the client from starting at all.

export const RESTART_COMMAND = "shapescript.restartServer";
export const BUILD_COMMAND = "shapescript.build";
export const SHOW_PYTHON_COMMAND = "shapescript.showPython";

export const SERVER_BUILD_COMMAND = "shapescript-lsp.build";
export const SERVER_SHOW_PYTHON_COMMAND = "shapescript-lsp.showPython";

export type CheckLevel = "always" | "debug" | "never";

const LEVELS: readonly string[] = ["always", "debug", "never"];

function level(value: unknown): CheckLevel {
  return typeof value === "string" && LEVELS.includes(value) ? (value as CheckLevel) : "debug";
}

export interface ExecuteCommandParams {
  command: string;
  arguments: [string, { checks: CheckLevel; valueChecks: CheckLevel }];
}

/** The params of workspace/executeCommand for `command` on the document `uri`. */
export function commandParams(
  command: typeof SERVER_BUILD_COMMAND | typeof SERVER_SHOW_PYTHON_COMMAND,
  uri: string,
  settings: { checks?: unknown; valueChecks?: unknown },
): ExecuteCommandParams {
  return {
    command,
    arguments: [uri, { checks: level(settings.checks), valueChecks: level(settings.valueChecks) }],
  };
}

/** What the user is told after a build: where the module went. */
export function buildMessage(result: unknown): string {
  const path = typeof result === "object" && result !== null ? (result as { path?: unknown }).path : undefined;
  if (typeof path !== "string" || path === "") {
    return "ShapeScript: the server built the module but did not say where it went.";
  }
  return `ShapeScript: wrote ${path}`;
}

/** The module's text from a showPython result, or an error message. */
export function pythonText(result: unknown): { ok: true; text: string } | { ok: false; error: string } {
  const text = typeof result === "object" && result !== null ? (result as { python?: unknown }).python : undefined;
  if (typeof text !== "string") {
    return { ok: false, error: "ShapeScript: the server's answer had no Python text." };
  }
  return { ok: true, text };
}

/** A failed request's message for the user (the server says what and where). */
export function failureMessage(action: string, err: unknown): string {
  const detail = err instanceof Error ? err.message : typeof err === "object" && err !== null && "message" in err
    ? String(err.message)
    : String(err);
  return `ShapeScript: can't ${action}: ${detail}`;
}

// ---------------------------------------------------------------------------
// Export (torch.export): `shapescript-lsp.export` on the server, reached from
// the two palette commands below. The server exports the file on disk, so the
// extension saves the document first.

export const SERVER_EXPORT_COMMAND = "shapescript-lsp.export";
export const EXPORT_PT2_COMMAND = "shapescript.exportPt2";
export const EXPORT_AOTI_COMMAND = "shapescript.exportAoti";
export const EXPORT_HF_COMMAND = "shapescript.exportHf";
export const EXPORT_GGUF_COMMAND = "shapescript.exportGguf";

/**
 * What an export writes besides a .pt2 (docs/export.md): a Hugging Face
 * folder (FILE_hf) or a GGUF file for llama.cpp (FILE.gguf), of the
 * function that takes the model first (`forward` unless one is picked).
 */
export type ServedFormat = "hf" | "gguf";

/**
 * Export runs Python: torch.export imports the generated module and every
 * module its `import python` lines name, and an untrusted file picks those.
 * In Restricted Mode the extension doesn't export, and the server refuses to.
 */
export const UNTRUSTED_EXPORT_MESSAGE =
  "ShapeScript: export runs Python and the modules this file imports: trust the workspace first (Manage Workspace Trust).";

/** Every command the extension registers itself, for the collision check. */
export const EXTENSION_COMMANDS: readonly string[] = [
  RESTART_COMMAND,
  BUILD_COMMAND,
  SHOW_PYTHON_COMMAND,
  EXPORT_PT2_COMMAND,
  EXPORT_AOTI_COMMAND,
  EXPORT_HF_COMMAND,
  EXPORT_GGUF_COMMAND,
];

/** JSON-RPC error codes the export answers with (LSP's LSPErrorCodes). */
export const REQUEST_CANCELLED = -32800;
export const REQUEST_FAILED = -32803;

// A type alias, not an interface, so it fits the LSPAny of ExecuteCommandParams.
export type ExportOptions = {
  fn?: string;
  aoti: boolean;
  format?: ServedFormat;
  checks: CheckLevel;
  valueChecks: CheckLevel;
};

export interface ExportParams {
  command: typeof SERVER_EXPORT_COMMAND;
  arguments: [string, ExportOptions];
}

/**
 * The params of workspace/executeCommand `shapescript-lsp.export` for the file
 * `uri`. Without `fn` the server picks the file's only `export fn` (and says
 * so when there is none); `output` is left to the server (FILE.pt2).
 */
export function exportParams(
  uri: string,
  options: { fn?: string; aoti: boolean; format?: ServedFormat; checks?: unknown; valueChecks?: unknown },
): ExportParams {
  const opts: ExportOptions = {
    aoti: options.aoti,
    checks: level(options.checks),
    valueChecks: level(options.valueChecks),
  };
  if (options.fn !== undefined && options.fn !== "") opts.fn = options.fn;
  if (options.format !== undefined) opts.format = options.format;
  return { command: SERVER_EXPORT_COMMAND, arguments: [uri, opts] };
}

// `export fn NAME(` at the start of a line; NAME a Python identifier (the
// server's rule, server/syntax/identifier.cpp), so letters beyond ASCII too.
const EXPORT_FN = /^export\s+fn\s+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)\s*\(/u;

/**
 * The names of the `export fn`s in a file's text, in order, each once. Only
 * top-level declarations count: a line that starts with `export fn NAME(`.
 * Indented lines don't, nor do comments: the match starts at the line's first
 * column and ends at the `(`, so a `#` (a comment line, or a trailing comment
 * before the `(`) never matches.
 */
export function exportFunctionNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = EXPORT_FN.exec(line);
    if (m && !names.includes(m[1])) names.push(m[1]);
  }
  return names;
}

/** The title of the progress notification while the export runs. */
export function exportTitle(fn: string | undefined, aoti: boolean, format?: ServedFormat): string {
  const what = fn ? `exporting \`${fn}\`` : "exporting";
  return `ShapeScript: ${what}${aoti ? " as an AOTInductor package" : format ? FORMAT_WORDS[format] : ""}`;
}

const FORMAT_WORDS: Record<ServedFormat, string> = {
  hf: " to a Hugging Face folder",
  gguf: " to a GGUF file",
};

/**
 * What the user is told after an export, and the export's own output (torch's
 * messages) for the output channel. `requestedAoti` stands in when the result
 * doesn't say which kind it wrote.
 */
export function exportMessage(
  result: unknown,
  requestedAoti = false,
  requestedFormat?: ServedFormat,
): { message: string; output: string } {
  const r = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  const output = typeof r.output === "string" ? r.output : "";
  const path = r.path;
  if (typeof path !== "string" || path === "") {
    return { message: "ShapeScript: the server exported the function but did not say where it went.", output };
  }
  const fn = typeof r.function === "string" && r.function !== "" ? ` \`${r.function}\`` : "";
  const aoti = typeof r.aoti === "boolean" ? r.aoti : requestedAoti;
  const format = r.format === "hf" || r.format === "gguf" ? r.format : requestedFormat;
  if (format) return { message: `ShapeScript: exported${fn}${FORMAT_WORDS[format]}, ${path}`, output };
  return { message: `ShapeScript: exported${fn} ${aoti ? "as an AOTInductor package " : ""}to ${path}`, output };
}

const MAX_SHORT = 300;

/**
 * How a failed export is reported: `cancelled` when the user cancelled it
 * (RequestCancelled), else `failed` with a one-line message for the
 * notification and the whole error (torch's can run to many lines) for the
 * output channel.
 */
export function exportFailure(
  err: unknown,
  fn?: string,
): { kind: "cancelled"; message: string } | { kind: "failed"; message: string; detail: string } {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  if (code === REQUEST_CANCELLED) {
    return { kind: "cancelled", message: "ShapeScript: export cancelled" };
  }
  const action = fn ? `export \`${fn}\`` : "export";
  const full = failureMessage(action, err);
  const detail = full.slice(`ShapeScript: can't ${action}: `.length);
  let first = detail.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? "the server gave no reason";
  if (first.length > MAX_SHORT) first = `${first.slice(0, MAX_SHORT - 1)}…`;
  return { kind: "failed", message: `ShapeScript: can't ${action}: ${first}`, detail: full };
}
