#!/usr/bin/env python3
"""Two builds side by side, in one run: every figure issue 38 holds.

    python3 bench/compare.py BEFORE_BIN AFTER_BIN [--rounds N] [--runtime]

BEFORE_BIN and AFTER_BIN are `bin/` folders of two builds (each with
`bench_check`, `shapescript-lsp` and, for --runtime, `shapescript`; the
checkout they were built from is two folders up). `bench_lsp` is taken
from AFTER_BIN and drives both servers. Rounds alternate which build runs
first, so drift of the machine during the run falls on both. It prints
each figure's median over the rounds for both builds and the ratio
after/before, and flags a ratio above 1.10 (the issues' bar for "no worse
than 10%") on a figure where lower is better.

Front end (bench_check, bench_lsp): a full check of 10k lines as
`shapescript check` runs it, its parse, the check's own work beyond the
parse over the parse, a one-function re-check and its share of the full
check; edit-to-publish p99 at 5k and 20k lines (default debounce and
none), VmRSS at 20k lines and its growth over the edits. With --runtime, each checkout's own
bench/runtime scripts with its runtime and compiler: the README's MLP and
attention with checks `always` over hand-written torch, padded(f) over a
plain call and a padded epoch over an unpadded one (ratios measured in
one run of that checkout).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

CHECK_LINE = re.compile(
    r"^\s*(\d+) lines \|.*parse\s+([\d.]+) \+.*\| as check runs it\s+([\d.]+) ms \| edit \+ re-check\s+([\d.]+) ms"
)
RUNTIME_ROW = re.compile(r"^(digits\.logits|attention)\s.*\s([\d.]+)x\s*$")
EPOCH_RATIO = re.compile(r"^epoch time .* ratio ([\d.]+)")
PADDED_RATIO = re.compile(r"^padded\(encode\) .*\(ratio ([\d.]+)\)")
# bench_lsp's table rows: lines | debounce | open | edit p50 p99 | hover ... | completion ... | VmRSS VmHWM [opened]
LSP_ROW = re.compile(r"^\s*(\d+) \| (default|0 ms)\s*\|(.*)$")


def run(command):
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"compare: {' '.join(command)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def check_figures(bin_dir, lines):
    out = {}
    k = f"{lines / 1000:g}k"
    for line in run([os.path.join(bin_dir, "bench_check"), str(lines)]).splitlines():
        m = CHECK_LINE.match(line)
        if m:
            parse, full, recheck = float(m.group(2)), float(m.group(3)), float(m.group(4))
            out[f"check {k} lines (ms)"] = full
            out[f"parse {k} lines (ms)"] = parse
            out["check's work beyond the parse, over the parse"] = (full - parse) / parse
            out[f"re-check one function, {k} lines (ms)"] = recheck
            out["re-check over a full check"] = recheck / full
    if not out:
        sys.exit(f"compare: no figures in {bin_dir}/bench_check's output")
    return out


def lsp_figures(bench_lsp, server, edits, sizes):
    out = {}
    text = run([bench_lsp, "--server", server, "--edits", str(edits), *map(str, sizes)])
    for line in text.splitlines():
        m = LSP_ROW.match(line)
        if not m:
            continue
        lines, debounce = int(m.group(1)), m.group(2)
        cells = [c.split() for c in m.group(3).split("|")]
        edit_p99 = float(cells[1][1])
        label = f"edit->publish p99, {lines / 1000:g}k lines, debounce {'10 ms' if debounce == 'default' else '0'} (ms)"
        out[label] = edit_p99
        if lines == sizes[-1] and debounce == "default":
            out[f"VmRSS at {lines / 1000:g}k lines (MiB)"] = float(cells[4][0])
            if len(cells[4]) > 2:  # VmRSS once opened (bench_lsp of issue 38 and later)
                out["VmRSS after the edits over VmRSS once opened"] = float(cells[4][0]) / float(cells[4][2])
    if not out:
        sys.exit(f"compare: no figures in bench_lsp's output for {server}")
    return out


def runtime_figures(bin_dir, smoke):
    """The runtime's ratios, by the checkout's own scripts, runtime and compiler."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(bin_dir)))
    python = os.environ.get("SS_PYTHON", sys.executable)
    env = dict(
        os.environ, PYTHONPATH=os.path.join(root, "runtime"), SHAPESCRIPT_BIN=os.path.join(bin_dir, "shapescript")
    )
    out = {}

    def script(name):
        done = subprocess.run(
            [python, os.path.join(root, "bench", "runtime", name), *(["--smoke"] if smoke else [])],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if done.returncode != 0:
            sys.exit(f"compare: {root}'s {name} exited {done.returncode}:\n{done.stderr[-2000:]}")
        return done.stdout.splitlines()

    for line in script("bench_runtime.py"):
        m = RUNTIME_ROW.match(line)
        if m:
            out[f"{m.group(1)}, checks always, over hand-written torch"] = float(m.group(2))
    for line in script("bench_padding.py"):
        if m := EPOCH_RATIO.match(line):
            out["a padded epoch over an unpadded one"] = float(m.group(1))
        if m := PADDED_RATIO.match(line):
            out["padded(f) per call over a plain call"] = float(m.group(1))
    if len(out) != 4:
        sys.exit(f"compare: expected 4 runtime figures from {root}, found {sorted(out)}")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--runtime", action="store_true", help="the runtime's figures too (minutes more)")
    parser.add_argument("--smoke", action="store_true", help="small sizes, one round: proves it runs (CTest)")
    args = parser.parse_args()
    check_lines, lsp_sizes = (10000, [5000, 20000]) if not args.smoke else (500, [300])
    if args.smoke:
        args.rounds, args.edits = 1, 5
    bench_lsp = os.path.join(args.after, "bench_lsp")
    figures = {"before": {}, "after": {}}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for which in order:
            bin_dir = getattr(args, which)
            got = check_figures(bin_dir, check_lines)
            got.update(lsp_figures(bench_lsp, os.path.join(bin_dir, "shapescript-lsp"), args.edits, lsp_sizes))
            if args.runtime:
                got.update(runtime_figures(bin_dir, args.smoke))
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
        print(f"| {key} | {before:.3g} | {after:.3g} | {ratio:.2f}{flag} |")
    return 1 if worse and not args.smoke else 0  # a smoke run proves it runs; its figures are noise


if __name__ == "__main__":
    sys.exit(main())
