import { test, describe } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  EXPORT_AOTI_COMMAND,
  EXPORT_PT2_COMMAND,
  EXTENSION_COMMANDS,
  REQUEST_CANCELLED,
  REQUEST_FAILED,
  SERVER_BUILD_COMMAND,
  SERVER_EXPORT_COMMAND,
  SERVER_SHOW_PYTHON_COMMAND,
  buildMessage,
  commandParams,
  exportFailure,
  exportFunctionNames,
  exportMessage,
  exportParams,
  exportTitle,
  failureMessage,
  pythonText,
} from "../../src/commands";

describe("commandParams", () => {
  test("passes the uri and the check levels", () => {
    assert.deepEqual(commandParams(SERVER_BUILD_COMMAND, "file:///a/b.ss", { checks: "never", valueChecks: "always" }), {
      command: "shapescript-lsp.build",
      arguments: ["file:///a/b.ss", { checks: "never", valueChecks: "always" }],
    });
  });

  test("falls back to debug for missing or unknown levels", () => {
    const p = commandParams(SERVER_SHOW_PYTHON_COMMAND, "file:///x.ss", { checks: "sometimes" });
    assert.deepEqual(p.arguments[1], { checks: "debug", valueChecks: "debug" });
    assert.equal(p.command, "shapescript-lsp.showPython");
  });
});

describe("results", () => {
  test("a build says where the module went", () => {
    assert.equal(buildMessage({ path: "/a/b.py" }), "ShapeScript: wrote /a/b.py");
    assert.match(buildMessage({}), /did not say where/);
    assert.match(buildMessage(null), /did not say where/);
  });

  test("showPython gives the text, or says it is missing", () => {
    assert.deepEqual(pythonText({ python: "import torch\n" }), { ok: true, text: "import torch\n" });
    assert.equal(pythonText({ path: "x" }).ok, false);
  });

  test("a failure carries the server's message", () => {
    assert.equal(
      failureMessage("build", new Error("1 error in the file, no Python written; the first, line 3: ...")),
      "ShapeScript: can't build: 1 error in the file, no Python written; the first, line 3: ...",
    );
    assert.equal(failureMessage("build", { message: "gone" }), "ShapeScript: can't build: gone");
  });
});

describe("exportParams", () => {
  test("sends the uri, fn, aoti and the check levels to shapescript-lsp.export", () => {
    assert.deepEqual(
      exportParams("file:///a/b.ss", { fn: "forward", aoti: false, checks: "never", valueChecks: "always" }),
      {
        command: "shapescript-lsp.export",
        arguments: ["file:///a/b.ss", { fn: "forward", aoti: false, checks: "never", valueChecks: "always" }],
      },
    );
  });

  test("leaves fn out when there is none, so the server picks or complains", () => {
    const p = exportParams("file:///a/b.ss", { aoti: false, checks: "debug", valueChecks: "debug" });
    assert.equal("fn" in p.arguments[1], false);
    assert.equal("fn" in exportParams("file:///a/b.ss", { fn: "", aoti: false }).arguments[1], false);
    assert.equal("output" in p.arguments[1], false);
  });

  test("passes the aoti flag", () => {
    assert.equal(exportParams("file:///x.ss", { fn: "f", aoti: true }).arguments[1].aoti, true);
    assert.equal(exportParams("file:///x.ss", { fn: "f", aoti: false }).arguments[1].aoti, false);
  });

  test("falls back to debug for missing or unknown levels", () => {
    const p = exportParams("file:///x.ss", { aoti: true, checks: "sometimes", valueChecks: 3 });
    assert.deepEqual(p.arguments[1], { aoti: true, checks: "debug", valueChecks: "debug" });
    assert.deepEqual(exportParams("file:///x.ss", { aoti: false }).arguments[1], {
      aoti: false,
      checks: "debug",
      valueChecks: "debug",
    });
  });

  test("the palette commands are distinct from the server's command", () => {
    assert.equal(EXPORT_PT2_COMMAND, "shapescript.exportPt2");
    assert.equal(EXPORT_AOTI_COMMAND, "shapescript.exportAoti");
  });
});

// The manifest, read as VS Code reads it (the tests run from out/tests/unit).
const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8")) as {
  contributes: { commands: { command: string }[] };
  capabilities?: { untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[] } };
};

describe("command ids", () => {
  test("the extension registers what package.json contributes, in its own namespace", () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(contributed, [...EXTENSION_COMMANDS].sort());
    for (const id of EXTENSION_COMMANDS) assert.ok(id.startsWith("shapescript.") && !id.startsWith("shapescript-lsp."), id);
  });

  test("no server command is one the extension registers (the client would not start)", () => {
    for (const id of [SERVER_BUILD_COMMAND, SERVER_SHOW_PYTHON_COMMAND, SERVER_EXPORT_COMMAND]) {
      assert.ok(id.startsWith("shapescript-lsp."), id);
      assert.ok(!EXTENSION_COMMANDS.includes(id), id);
    }
  });
});

describe("workspace trust", () => {
  test("Restricted Mode keeps the extension, and ignores the workspace's executables", () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, "limited");
    assert.deepEqual([...(untrusted?.restrictedConfigurations ?? [])].sort(), [
      "shapescript.python.path",
      "shapescript.server.path",
      "shapescript.server.source",
    ]);
  });
});

describe("exportFunctionNames", () => {
  test("none", () => {
    assert.deepEqual(exportFunctionNames(""), []);
    assert.deepEqual(exportFunctionNames("fn helper(x: [n D]) -> [n D]:\n    return x\n"), []);
  });

  test("one", () => {
    const text = "dim D = 4\n\nexport fn forward(x: [n D]) -> [n D]:\n    return x\n";
    assert.deepEqual(exportFunctionNames(text), ["forward"]);
  });

  test("several, in order, each once, with CRLF line ends", () => {
    const text = [
      "export fn first_image_patches(tokens: [b N D]) -> [N D]:",
      "    return tokens[0]",
      "fn helper(x: [n D]) -> [n D]:",
      "    return x",
      "export fn clip_norm_to(x: [n D], limit: float = 10.0) -> [n D]:  # a comment",
      "    return x",
      "export  fn  recurrent_state2 (x: [n D], w: [D D]) -> [D]:",
      "export fn clip_norm_to(x: [n D]) -> [n D]:",
    ].join("\r\n");
    assert.deepEqual(exportFunctionNames(text), ["first_image_patches", "clip_norm_to", "recurrent_state2"]);
  });

  test("lone CR line ends (VS Code reads them as line breaks)", () => {
    assert.deepEqual(exportFunctionNames("export fn a(x: [n]) -> [n]:\r    return x\rexport fn b(x: [n]) -> [n]:\r"), [
      "a",
      "b",
    ]);
  });

  test("names with underscores and digits", () => {
    assert.deepEqual(exportFunctionNames("export fn _f2_x9(x: [n]) -> [n]:\nexport fn v2(x: [n]) -> [n]:\n"), [
      "_f2_x9",
      "v2",
    ]);
    // Python identifiers, as the server has them: letters beyond ASCII too.
    assert.deepEqual(exportFunctionNames("export fn größe_2(x: [n]) -> [n]:\n"), ["größe_2"]);
  });

  test("comments and indented text don't count", () => {
    const text = [
      "# export fn commented(x: [n]) -> [n]:",
      "#export fn commented2(x: [n]) -> [n]:",
      "    export fn indented(x: [n]) -> [n]:",
      "\texport fn tabbed(x: [n]) -> [n]:",
      "fn f(x: [n]) -> [n]:  # export fn trailing(x: [n]) -> [n]:",
      "export fn broken # (x: [n]) -> [n]:",
      "exported fn nope(x: [n]) -> [n]:",
      "export fnord(x: [n]) -> [n]:",
    ].join("\n");
    assert.deepEqual(exportFunctionNames(text), []);
  });
});

describe("export results", () => {
  test("a .pt2 export says what went where", () => {
    const r = exportMessage({
      path: "/a/b.pt2",
      uri: "file:///a/b.pt2",
      function: "forward",
      aoti: false,
      output: "W torch: a warning\n",
    });
    assert.deepEqual(r, { message: "ShapeScript: exported `forward` to /a/b.pt2", output: "W torch: a warning\n" });
  });

  test("an AOTInductor export says it is a package", () => {
    const r = exportMessage({ path: "/a/b.pt2", uri: "file:///a/b.pt2", function: "forward", aoti: true, output: "" }, true);
    assert.equal(r.message, "ShapeScript: exported `forward` as an AOTInductor package to /a/b.pt2");
    assert.equal(r.output, "");
    // Without `aoti` in the result, what was asked for stands in.
    assert.match(exportMessage({ path: "/p.pt2", function: "f" }, true).message, /as an AOTInductor package to \/p\.pt2$/);
  });

  test("a malformed result", () => {
    assert.match(exportMessage(null).message, /did not say where/);
    assert.match(exportMessage({ function: "f", output: 3 }).message, /did not say where/);
    assert.equal(exportMessage({ function: "f", output: 3 }).output, "");
    assert.match(exportMessage("done").message, /did not say where/);
    assert.equal(exportMessage({ path: "/a.pt2", function: 7 }).message, "ShapeScript: exported to /a.pt2");
  });

  test("a Hugging Face folder or a GGUF file: its format asked for and said", () => {
    assert.equal(exportParams("file:///x.ss", { aoti: false, format: "gguf" }).arguments[1].format, "gguf");
    assert.equal("format" in exportParams("file:///x.ss", { aoti: false }).arguments[1], false);
    assert.equal(
      exportMessage({ path: "/a/b_hf", function: "forward", format: "hf" }).message,
      "ShapeScript: exported `forward` to a Hugging Face folder, /a/b_hf",
    );
    assert.equal(
      exportMessage({ path: "/a/b.gguf", function: "forward" }, false, "gguf").message,
      "ShapeScript: exported `forward` to a GGUF file, /a/b.gguf",
    );
    assert.equal(exportTitle("forward", false, "hf"), "ShapeScript: exporting `forward` to a Hugging Face folder");
  });

  test("the progress title names the function", () => {
    assert.equal(exportTitle("forward", false), "ShapeScript: exporting `forward`");
    assert.equal(exportTitle(undefined, false), "ShapeScript: exporting");
    assert.equal(exportTitle("f", true), "ShapeScript: exporting `f` as an AOTInductor package");
  });
});

describe("export failures", () => {
  // The shape of vscode-jsonrpc's ResponseError: an Error with a code.
  function responseError(code: number, message: string): Error & { code: number } {
    return Object.assign(new Error(message), { code });
  }

  test("RequestCancelled is the user cancelling", () => {
    const f = exportFailure(responseError(REQUEST_CANCELLED, "cancelled"), "forward");
    assert.deepEqual(f, { kind: "cancelled", message: "ShapeScript: export cancelled" });
    assert.equal(exportFailure({ code: -32800, message: "x" }).kind, "cancelled");
  });

  test("RequestFailed: the first line for the notification, all of it for the output channel", () => {
    const torch = "torch._dynamo.exc.Unsupported: data-dependent branching\n\nfrom user code:\n  File \"b.py\", line 3";
    const f = exportFailure(responseError(REQUEST_FAILED, torch), "forward");
    assert.deepEqual(f, {
      kind: "failed",
      message: "ShapeScript: can't export `forward`: torch._dynamo.exc.Unsupported: data-dependent branching",
      detail: `ShapeScript: can't export \`forward\`: ${torch}`,
    });
  });

  test("other errors fail too; a leading blank line and a long line are trimmed", () => {
    const f = exportFailure(responseError(-32603, "\n  no export fn in b.ss\nmore"));
    assert.equal(f.kind, "failed");
    assert.equal(f.message, "ShapeScript: can't export: no export fn in b.ss");
    const long = exportFailure(responseError(REQUEST_FAILED, "x".repeat(1000)));
    assert.equal(long.kind, "failed");
    assert.ok(long.message.length < 400 && long.message.endsWith("…"));
    if (long.kind === "failed") assert.equal(long.detail.length, "ShapeScript: can't export: ".length + 1000);
    assert.equal(exportFailure("boom").message, "ShapeScript: can't export: boom");
  });
});
