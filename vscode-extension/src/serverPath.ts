// Finding the `shapescript-lsp` executable. Pure (no `vscode` import) so that
// the unit tests can run it under plain Node: everything it looks at is passed
// in, the file system access goes through `isExecutable`.

import * as fs from "fs";
import * as path from "path";

export const SERVER_PATH_SETTING = "shapescript.server.path";
export const SERVER_SOURCE_SETTING = "shapescript.server.source";
export const SERVER_BINARY = "shapescript-lsp";

/**
 * Where to look first when `shapescript.server.path` is unset: the server
 * bundled with the extension, or the one a Python environment has (`pip
 * install shapescript` puts it beside that environment's `python`).
 */
export type ServerSource = "bundled" | "environment";

export interface ServerPathInputs {
  /** The value of `shapescript.server.path` (empty or undefined when unset). */
  setting?: string;
  /** The extension's install folder (`context.extensionPath`). */
  extensionPath: string;
  /** `shapescript.server.source` (default "bundled"). */
  source?: ServerSource;
  /** `shapescript.python.path`: with source "environment", its folder is looked in first. */
  pythonPath?: string;
  /** The VIRTUAL_ENV environment variable (an activated venv). */
  virtualEnv?: string;
  /** The PATH environment variable. */
  envPath?: string;
  /** The platform, for the `.exe` suffix and the PATH separator. */
  platform?: NodeJS.Platform;
  /** Home folder, to expand a leading `~` in the setting. */
  homeDir?: string;
  /** Overridable for tests; defaults to a regular file with an x bit (any file on Windows). */
  isExecutable?: (file: string) => boolean;
}

export type ServerPathResult =
  | { ok: true; path: string; source: "setting" | "bundled" | "environment" | "PATH" }
  | { ok: false; error: string };

export function defaultIsExecutable(file: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return false;
    if (platform === "win32") return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findServer(inputs: ServerPathInputs): ServerPathResult {
  const platform = inputs.platform ?? process.platform;
  const isExe = inputs.isExecutable ?? ((f: string) => defaultIsExecutable(f, platform));
  const exe = platform === "win32" ? `${SERVER_BINARY}.exe` : SERVER_BINARY;

  // 1. The setting, when set: it must exist; no fallback, so that a typo
  //    doesn't silently start a different server.
  const setting = (inputs.setting ?? "").trim();
  if (setting !== "") {
    let p = setting;
    if (inputs.homeDir && (p === "~" || p.startsWith("~/"))) {
      p = path.join(inputs.homeDir, p.slice(1));
    }
    if (!path.isAbsolute(p)) {
      return {
        ok: false,
        error: `The setting ${SERVER_PATH_SETTING} is "${setting}", which is not an absolute path. Set it to the full path of ${SERVER_BINARY}.`,
      };
    }
    if (!isExe(p)) {
      return {
        ok: false,
        error: `The setting ${SERVER_PATH_SETTING} is "${setting}", but no executable file is there. Fix the path or clear the setting to use the bundled server or ${SERVER_BINARY} from PATH.`,
      };
    }
    return { ok: true, path: p, source: "setting" };
  }

  const platformPath = platform === "win32" ? path.win32 : path.posix;
  const bundled = path.join(inputs.extensionPath, "server", exe);
  if (inputs.source === "environment") {
    // 2. The Python environment's server: beside the chosen Python, then in
    //    the activated venv, then on PATH; the bundled one last.
    const scripts = platform === "win32" ? "Scripts" : "bin";
    const python = (inputs.pythonPath ?? "").trim();
    const venv = (inputs.virtualEnv ?? "").trim();
    const dirs = [
      platformPath.isAbsolute(python) ? platformPath.dirname(python) : "",
      platformPath.isAbsolute(venv) ? platformPath.join(venv, scripts) : "",
    ];
    for (const dir of dirs) {
      if (dir === "") continue;
      const candidate = path.join(dir, exe);
      if (isExe(candidate)) return { ok: true, path: candidate, source: "environment" };
    }
    const onPath = searchPath(inputs.envPath, exe, platform, isExe);
    if (onPath) return { ok: true, path: onPath, source: "PATH" };
    if (isExe(bundled)) return { ok: true, path: bundled, source: "bundled" };
  } else {
    // 2. The server bundled inside the extension (`server/shapescript-lsp`),
    //    then PATH.
    if (isExe(bundled)) return { ok: true, path: bundled, source: "bundled" };
    const onPath = searchPath(inputs.envPath, exe, platform, isExe);
    if (onPath) return { ok: true, path: onPath, source: "PATH" };
  }

  return {
    ok: false,
    error: `Could not find the ShapeScript language server (${SERVER_BINARY}): it is not bundled with this extension and not on PATH. Build it (scripts/setup builds build/bin/${SERVER_BINARY}) and set ${SERVER_PATH_SETTING} to its full path.`,
  };
}

/**
 * The first `exe` on PATH. Only absolute entries: `.` or an empty entry
 * would mean the extension host's current folder, which may be an untrusted
 * workspace.
 */
function searchPath(
  envPath: string | undefined,
  exe: string,
  platform: NodeJS.Platform,
  isExe: (file: string) => boolean,
): string | undefined {
  const sep = platform === "win32" ? ";" : ":";
  const platformPath = platform === "win32" ? path.win32 : path.posix;
  for (const dir of (envPath ?? "").split(sep)) {
    if (!platformPath.isAbsolute(dir)) continue;
    const candidate = path.join(dir, exe);
    if (isExe(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Gives the bundled server (`server/shapescript-lsp`) its executable bits when
 * it is a regular file without them, in case an installer dropped the mode
 * the `.vsix` records (vsce keeps 0755). Best effort: never throws; returns
 * whether it changed the mode. Does nothing on Windows.
 */
export function ensureBundledExecutable(extensionPath: string, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === "win32") return false;
  const bundled = path.join(extensionPath, "server", SERVER_BINARY);
  try {
    const st = fs.statSync(bundled);
    if (!st.isFile() || defaultIsExecutable(bundled, platform)) return false;
    fs.chmodSync(bundled, (st.mode & 0o777) | 0o755);
    return true;
  } catch {
    return false;
  }
}
