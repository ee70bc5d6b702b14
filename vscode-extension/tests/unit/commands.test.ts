import { test, describe } from "node:test";
import * as assert from "node:assert/strict";
import {
  BUILD_COMMAND,
  SHOW_PYTHON_COMMAND,
  buildMessage,
  commandParams,
  failureMessage,
  pythonText,
} from "../../src/commands";

describe("commandParams", () => {
  test("passes the uri and the check levels", () => {
    assert.deepEqual(commandParams(BUILD_COMMAND, "file:///a/b.ss", { checks: "never", valueChecks: "always" }), {
      command: "shapescript.build",
      arguments: ["file:///a/b.ss", { checks: "never", valueChecks: "always" }],
    });
  });

  test("falls back to debug for missing or unknown levels", () => {
    const p = commandParams(SHOW_PYTHON_COMMAND, "file:///x.ss", { checks: "sometimes" });
    assert.deepEqual(p.arguments[1], { checks: "debug", valueChecks: "debug" });
    assert.equal(p.command, "shapescript.showPython");
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
