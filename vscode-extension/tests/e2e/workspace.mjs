// The files the end-to-end test opens: examples/attention.ss as it is
// (clean.ss), and with one shape mistake (shapes.ss), the one the Neovim and
// Emacs tests use (tests/editors/editor_harness.py): `att`'s axes swapped in
// the last einsum, so the pattern calls att's axis 3 `m`, which is its
// axis 4 (E0408, with a quick fix that writes att's own names).

import * as fs from "node:fs";
import * as path from "node:path";

const GOOD_LINE = "    return einsum(att, v: b H n m, b H m Dh -> b H n Dh)";
const BAD_LINE = "    return einsum(att, v: b H m n, b H m Dh -> b H n Dh)";

export function cleanSource(repo) {
  return fs.readFileSync(path.join(repo, "examples", "attention.ss"), "utf8");
}

function lines(repo) {
  return ShapeMistake.text(repo).split("\n");
}

export const ShapeMistake = {
  file: "shapes.ss",
  code: "E0408",
  fixTitle: "Name the axes as `att` does",

  text(repo) {
    const clean = cleanSource(repo);
    if (clean.split(GOOD_LINE).length !== 2) {
      throw new Error("examples/attention.ss changed: update the mutation in vscode-extension/tests/e2e/workspace.mjs");
    }
    return clean.replace(GOOD_LINE, BAD_LINE);
  },

  /** 1-based line and column of `word` in the line that starts with `start`. */
  position(repo, start, word) {
    const all = lines(repo);
    const i = all.findIndex((l) => l.trimStart().startsWith(start));
    if (i < 0) throw new Error(`no line starts with ${start}`);
    const col = all[i].search(new RegExp(`\\b${word}\\b`));
    return { line: i + 1, column: col + 1 };
  },

  /** Where the error is: the `m` the pattern writes for att's axis 3. */
  errorPosition(repo) {
    const i = lines(repo).indexOf(BAD_LINE);
    return { line: i + 1, column: BAD_LINE.indexOf("m n,") + 1 };
  },
};
