import { test, describe, beforeEach, afterEach } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ensureBundledExecutable, findServer, SERVER_PATH_SETTING } from "../../src/serverPath";

let tmp: string;

function makeExe(file: string, mode = 0o755): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "#!/bin/sh\nexit 0\n");
  fs.chmodSync(file, mode);
  return file;
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ss-serverpath-"));
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("findServer (linux)", () => {
  const platform = "linux" as const;

  test("uses the setting when it points at an executable", () => {
    const exe = makeExe(path.join(tmp, "custom", "my-lsp"));
    makeExe(path.join(tmp, "ext", "server", "shapescript-lsp"));
    const r = findServer({ setting: exe, extensionPath: path.join(tmp, "ext"), envPath: "", platform });
    assert.deepEqual(r, { ok: true, path: exe, source: "setting" });
  });

  test("expands ~ in the setting", () => {
    const exe = makeExe(path.join(tmp, "home", "bin", "shapescript-lsp"));
    const r = findServer({ setting: "~/bin/shapescript-lsp", extensionPath: tmp, homeDir: path.join(tmp, "home"), platform });
    assert.deepEqual(r, { ok: true, path: exe, source: "setting" });
  });

  test("a setting that does not exist is an error naming the setting, with no fallback", () => {
    makeExe(path.join(tmp, "ext", "server", "shapescript-lsp"));
    const r = findServer({ setting: path.join(tmp, "missing"), extensionPath: path.join(tmp, "ext"), platform });
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.error.includes(SERVER_PATH_SETTING), !r.ok ? r.error : "");
    assert.ok(!r.ok && r.error.includes(path.join(tmp, "missing")));
  });

  test("a relative setting is an error naming the setting", () => {
    const r = findServer({ setting: "bin/shapescript-lsp", extensionPath: tmp, platform });
    assert.ok(!r.ok && r.error.includes(SERVER_PATH_SETTING));
  });

  test("a setting pointing at a directory is an error", () => {
    const r = findServer({ setting: tmp, extensionPath: tmp, platform });
    assert.ok(!r.ok && r.error.includes(SERVER_PATH_SETTING));
  });

  test("a blank setting falls through to the bundled server", () => {
    const bundled = makeExe(path.join(tmp, "ext", "server", "shapescript-lsp"));
    const onPath = makeExe(path.join(tmp, "bin", "shapescript-lsp"));
    const r = findServer({ setting: "  ", extensionPath: path.join(tmp, "ext"), envPath: path.dirname(onPath), platform });
    assert.deepEqual(r, { ok: true, path: bundled, source: "bundled" });
  });

  test("uses PATH when nothing is bundled, first match wins, skipping non-executables", () => {
    const notExe = makeExe(path.join(tmp, "a", "shapescript-lsp"), 0o644);
    const first = makeExe(path.join(tmp, "b", "shapescript-lsp"));
    makeExe(path.join(tmp, "c", "shapescript-lsp"));
    const envPath = ["", path.join(tmp, "empty"), path.dirname(notExe), path.dirname(first), path.join(tmp, "c")].join(":");
    const r = findServer({ extensionPath: path.join(tmp, "ext"), envPath, platform });
    assert.deepEqual(r, { ok: true, path: first, source: "PATH" });
  });

  test("skips relative PATH entries: the current folder may be an untrusted workspace", () => {
    const here = makeExe(path.join(tmp, "cwd", "shapescript-lsp"));
    const before = process.cwd();
    process.chdir(path.dirname(here));
    try {
      for (const envPath of [".", "", "./", "cwd/.."]) {
        const r = findServer({ extensionPath: path.join(tmp, "ext"), envPath, platform });
        assert.equal(r.ok, false, `PATH=${envPath}`);
      }
    } finally {
      process.chdir(before);
    }
  });

  test("source environment: beside shapescript.python.path first, then VIRTUAL_ENV, then PATH, then bundled", () => {
    const ext = path.join(tmp, "ext");
    const bundled = makeExe(path.join(ext, "server", "shapescript-lsp"));
    const besidePython = makeExe(path.join(tmp, "venv", "bin", "shapescript-lsp"));
    const activated = makeExe(path.join(tmp, "active", "bin", "shapescript-lsp"));
    const onPath = makeExe(path.join(tmp, "bin", "shapescript-lsp"));
    const base = { extensionPath: ext, envPath: path.dirname(onPath), platform, source: "environment" as const };
    const pythonPath = path.join(tmp, "venv", "bin", "python");
    const virtualEnv = path.join(tmp, "active");
    assert.deepEqual(findServer({ ...base, pythonPath, virtualEnv }), { ok: true, path: besidePython, source: "environment" });
    assert.deepEqual(findServer({ ...base, virtualEnv }), { ok: true, path: activated, source: "environment" });
    // A relative Python or venv is not looked in (it would be the current folder's).
    assert.deepEqual(findServer({ ...base, pythonPath: "venv/bin/python", virtualEnv: "active" }), {
      ok: true,
      path: onPath,
      source: "PATH",
    });
    assert.deepEqual(findServer({ ...base, envPath: "" }), { ok: true, path: bundled, source: "bundled" });
    // The default source keeps the bundled server first, whatever the environment has.
    assert.deepEqual(findServer({ ...base, source: undefined, pythonPath, virtualEnv }), {
      ok: true,
      path: bundled,
      source: "bundled",
    });
  });

  test("source environment: the setting still wins", () => {
    const exe = makeExe(path.join(tmp, "custom", "my-lsp"));
    makeExe(path.join(tmp, "venv", "bin", "shapescript-lsp"));
    const r = findServer({
      setting: exe,
      source: "environment",
      pythonPath: path.join(tmp, "venv", "bin", "python"),
      extensionPath: path.join(tmp, "ext"),
      platform,
    });
    assert.deepEqual(r, { ok: true, path: exe, source: "setting" });
  });

  test("nothing anywhere is an error naming the setting", () => {
    const r = findServer({ setting: undefined, extensionPath: path.join(tmp, "ext"), envPath: path.join(tmp, "bin"), platform });
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.error.includes(SERVER_PATH_SETTING));
    assert.ok(!r.ok && r.error.includes("shapescript-lsp"));
  });
});

describe("findServer (win32)", () => {
  test("looks for shapescript-lsp.exe and splits PATH on ;", () => {
    const exe = makeExe(path.join(tmp, "w", "shapescript-lsp.exe"));
    const r = findServer({
      extensionPath: path.join(tmp, "ext"),
      envPath: `${path.join(tmp, "x")};${path.dirname(exe)}`,
      platform: "win32",
    });
    assert.deepEqual(r, { ok: true, path: exe, source: "PATH" });
  });
});

describe("ensureBundledExecutable", () => {
  test("restores the executable bits of the bundled server, which findServer then finds", () => {
    const ext = path.join(tmp, "ext");
    const bundled = makeExe(path.join(ext, "server", "shapescript-lsp"), 0o644);
    assert.equal(ensureBundledExecutable(ext, "linux"), true);
    assert.equal(fs.statSync(bundled).mode & 0o777, 0o755);
    const r = findServer({ extensionPath: ext, envPath: "", platform: "linux" });
    assert.deepEqual(r, { ok: true, path: bundled, source: "bundled" });
  });

  test("leaves an executable server, a missing one and Windows alone", () => {
    const ext = path.join(tmp, "ext");
    assert.equal(ensureBundledExecutable(ext, "linux"), false);
    const bundled = makeExe(path.join(ext, "server", "shapescript-lsp"), 0o700);
    assert.equal(ensureBundledExecutable(ext, "linux"), false);
    assert.equal(fs.statSync(bundled).mode & 0o777, 0o700);
    fs.chmodSync(bundled, 0o644);
    assert.equal(ensureBundledExecutable(ext, "win32"), false);
    assert.equal(fs.statSync(bundled).mode & 0o777, 0o644);
  });
});
