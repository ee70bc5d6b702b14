// The commands that ask the language server to build a .ss file
// (workspace/executeCommand; the server's side is server/lsp/handlers_commands.cpp).
// Kept free of the `vscode` module so the unit tests run under plain Node.

export const BUILD_COMMAND = "shapescript.build";
export const SHOW_PYTHON_COMMAND = "shapescript.showPython";

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
  command: typeof BUILD_COMMAND | typeof SHOW_PYTHON_COMMAND,
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
