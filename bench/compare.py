#!/usr/bin/env python3
"""Two builds' front ends side by side, in one run: bench_check and bench_lsp.

    python3 bench/compare.py BEFORE_BIN AFTER_BIN [--rounds N]

BEFORE_BIN and AFTER_BIN are `bin/` folders of two builds (each with
`bench_check` and `shapescript-lsp`; `bench_lsp` is taken from AFTER_BIN and
drives both servers). Rounds alternate which build runs first, so drift of
the machine during the run falls on both. It prints each figure's median
over the rounds for both builds and the ratio after/before, and flags a
ratio above 1.10 (the issues' bar for "no worse than 10%").

Figures: bench_check's full check of 10k lines as `shapescript check` runs
it (DocumentAnalysis) and its one-function re-check; bench_lsp's
edit-to-publish p99 at 5k and 20k lines (default debounce and none) and
VmRSS at 20k lines.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

CHECK_LINE = re.compile(r"^\s*(\d+) lines \|.*\| as check runs it\s+([\d.]+) ms \| edit \+ re-check\s+([\d.]+) ms")
# bench_lsp's table rows: lines | debounce | open | edit p50 p99 | hover ... | completion ... | VmRSS VmHWM
LSP_ROW = re.compile(r"^\s*(\d+) \| (default|0 ms)\s*\|(.*)$")


def run(command):
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"compare: {' '.join(command)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def check_figures(bin_dir):
    out = {}
    for line in run([os.path.join(bin_dir, "bench_check"), "10000"]).splitlines():
        m = CHECK_LINE.match(line)
        if m:
            out["check 10k lines (ms)"] = float(m.group(2))
            out["re-check one function, 10k lines (ms)"] = float(m.group(3))
    if not out:
        sys.exit(f"compare: no figures in {bin_dir}/bench_check's output")
    return out


def lsp_figures(bench_lsp, server, edits):
    out = {}
    text = run([bench_lsp, "--server", server, "--edits", str(edits), "5000", "20000"])
    for line in text.splitlines():
        m = LSP_ROW.match(line)
        if not m:
            continue
        lines, debounce = int(m.group(1)), m.group(2)
        cells = [c.split() for c in m.group(3).split("|")]
        edit_p99 = float(cells[1][1])
        label = f"edit->publish p99, {lines // 1000}k lines, debounce {'10 ms' if debounce == 'default' else '0'} (ms)"
        out[label] = edit_p99
        if lines == 20000 and debounce == "default":
            out["VmRSS at 20k lines (MiB)"] = float(cells[4][0])
    if not out:
        sys.exit(f"compare: no figures in bench_lsp's output for {server}")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--edits", type=int, default=200)
    args = parser.parse_args()
    bench_lsp = os.path.join(args.after, "bench_lsp")
    figures = {"before": {}, "after": {}}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for which in order:
            bin_dir = getattr(args, which)
            got = check_figures(bin_dir)
            got.update(lsp_figures(bench_lsp, os.path.join(bin_dir, "shapescript-lsp"), args.edits))
            for k, v in got.items():
                figures[which].setdefault(k, []).append(v)
        print(f"compare: round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"| figure (median of {args.rounds} rounds) | before | after | after/before |")
    print("| --- | ---: | ---: | ---: |")
    worse = 0
    for key, before_values in figures["before"].items():
        before = statistics.median(before_values)
        after = statistics.median(figures["after"].get(key, [float("nan")]))
        ratio = after / before if before else float("nan")
        flag = " (over 1.10)" if ratio > 1.10 else ""
        worse += ratio > 1.10
        print(f"| {key} | {before:.2f} | {after:.2f} | {ratio:.2f}{flag} |")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
