"""The mutation test (CTest `mutation`, tests/README.md): mutants of the
examples and of the checker's test files, for a bounded time. For every
mutant that `shapescript check` accepts without errors, `shapescript build`
writes a module that imports, and calling each of its functions on
arguments made from their declared types raises nothing but ArgumentError
(caller.py). For every mutant the formatter accepts, the formatted text
gets the same diagnostic codes and, when it checks clean, builds the same
Python module (line numbers and docstrings aside).

Exits 1 on a failure that known.py doesn't list. Run it longer with
SS_MUTATION_SECONDS=600 (or --seconds), other mutants with
SS_MUTATION_SEED; one mutant again with --start K --count 1 --keep DIR."""

import argparse
import ast
import collections
import difflib
import json
import os
import pathlib
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from known import ALLOWED, known_class  # noqa: E402
from mutants import mutant  # noqa: E402

BATCH = 40
BACKLOG = 8  # built modules the worker may have queued while the next batch is made
HANG_SECONDS = 60  # the worker said nothing for this long: it hangs, not a slow call (those time out)


def corpus():
    files = sorted((ROOT / "examples").rglob("*.ss")) + sorted((ROOT / "tests" / "check").rglob("*.ss"))
    return [(str(p.relative_to(ROOT)), p.read_bytes().decode("utf-8", "surrogateescape")) for p in files]


def write(path, text):
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def diagnostics(binary, paths):
    """path -> sorted list of (severity, code) that `check` reports for it."""
    if not paths:
        return {}
    r = subprocess.run(
        [binary, "check", "--format", "json", "--max-diagnostics", "0", *map(str, paths)],
        capture_output=True,
        timeout=300,
    )
    found = {str(p): [] for p in paths}
    for d in json.loads(r.stdout or b"[]"):
        found[d["file"]].append((d["severity"], d["code"]))
    return {p: sorted(v) for p, v in found.items()}


def clean_files(binary, files, folder):
    """The indices of `files` that check without errors."""
    paths = []
    for i, (_, text) in enumerate(files):
        paths.append(folder / ("corpus%d.ss" % i))
        write(paths[-1], text)
    found = diagnostics(binary, paths)
    return [i for i, p in enumerate(paths) if all(s != "error" for s, _ in found[str(p)])]


def comparable_module(path, folder):
    """The generated module as an AST dump, without what layout changes: line
    numbers of the .ss file, docstrings (they quote the header as written),
    the folder it was built in, spaces inside strings. None when it isn't
    Python."""
    text = path.read_text().replace(str(folder), "DIR")
    try:
        tree = ast.parse(text)
    except SyntaxError:  # nothing to compare: the worker reports the module
        return None
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                body[0] = ast.Pass()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = re.sub(r"\s+", "", re.sub(r"\.ss:\d+", ".ss:N", node.value))
    return ast.dump(tree)


class Worker:
    """caller.py in a process of its own, fed module paths; a reader thread
    puts its lines in a queue."""

    def __init__(self, cwd):
        self.cwd = cwd
        self.lines = queue.Queue()
        self.start()

    def start(self):
        read, write_end = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT / "runtime"), env.get("PYTHONPATH", "")])
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "caller.py"), str(write_end)],
            stdin=subprocess.PIPE,
            pass_fds=(write_end,),
            cwd=self.cwd,
            env=env,
            text=True,
            stdout=subprocess.DEVNULL,
            stderr=open(self.cwd / "worker.log", "a"),  # noqa: SIM115 (the child holds it)
        )
        os.close(write_end)
        stream = os.fdopen(read)
        lines = self.lines
        threading.Thread(
            target=lambda: [lines.put(json.loads(x)) for x in stream] + [lines.put(None)], daemon=True
        ).start()

    def send(self, job):
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()

    def kill(self):
        self.proc.kill()
        self.proc.wait()
        while self.lines.get() is not None:  # the old reader's last lines
            pass


class Run:
    def __init__(self, args):
        self.args = args
        self.binary = args.bin
        self.tmp = pathlib.Path(args.keep or tempfile.mkdtemp(prefix="ss-mutation-"))
        for d in ("src", "fmt", "py", "pyfmt", "work"):
            (self.tmp / d).mkdir(parents=True, exist_ok=True)
        self.corpus = corpus()
        self.clean = clean_files(self.binary, self.corpus, self.tmp / "src")
        self.count = collections.Counter()
        self.failures = []
        self.known = collections.Counter()  # known.KNOWN: defects not fixed yet, by class
        self.allowed = collections.Counter()  # known.ALLOWED: what the source asks for
        self.origin = {}  # mutant id -> (corpus file, what was done)
        self.pending = {}  # mutant id -> job, sent to the worker, no result yet
        self.started = None
        self.worker = Worker(self.tmp / "work")

    def fail(self, kind, k, **details):
        failure = {"kind": kind, "mutant": k, "file": self.origin[k][0], "mutations": self.origin[k][1], **details}
        cls = known_class(failure)
        if cls is not None:
            (self.allowed if cls in ALLOWED else self.known)[cls.name] += 1
        else:
            self.failures.append(failure)

    # ---- one batch of mutants through check, fmt and build
    def batch(self, ids):
        src, fmt = self.tmp / "src", self.tmp / "fmt"
        paths = {}
        for k in ids:
            which, text, done = mutant(self.corpus, self.clean, self.args.seed, k)
            self.origin[k] = (self.corpus[which][0], done)
            paths[k] = src / ("m%d.ss" % k)
            write(paths[k], text)
            write(fmt / paths[k].name, text)
        self.count["mutants"] += len(ids)
        diags = diagnostics(self.binary, paths.values())
        subprocess.run([self.binary, "fmt", *(str(fmt / p.name) for p in paths.values())], capture_output=True)
        changed = [k for k in ids if (fmt / paths[k].name).read_bytes() != paths[k].read_bytes()]
        self.count["formatted"] += len(changed)
        fdiags = diagnostics(self.binary, [fmt / paths[k].name for k in changed])
        for k in changed:
            before = [c for _, c in diags[str(paths[k])]]
            after = [c for _, c in fdiags[str(fmt / paths[k].name)]]
            if before != after:
                self.fail("fmt-codes", k, message="codes %s, after fmt %s" % (before, after))
        for k in ids:
            if any(s == "error" for s, _ in diags[str(paths[k])]):
                continue
            self.count["clean"] += 1
            out = self.tmp / "py" / ("m%d.py" % k)
            r = subprocess.run([self.binary, "build", str(paths[k]), "-o", str(out)], capture_output=True, text=True)
            if r.returncode != 0:
                self.fail("build", k, type="exit %d" % r.returncode, message=r.stderr.strip()[:800])
                continue
            self.count["built"] += 1
            if k in changed:
                self.compare_formatted(k, out)
            self.pending[k] = {"id": k, "path": str(out), "seed": self.args.seed}
            self.worker.send(self.pending[k])

    def compare_formatted(self, k, out):
        formatted = self.tmp / "fmt" / ("m%d.ss" % k)
        out2 = self.tmp / "pyfmt" / out.name
        r = subprocess.run([self.binary, "build", str(formatted), "-o", str(out2)], capture_output=True, text=True)
        if r.returncode != 0:
            self.fail("fmt-build", k, message=r.stderr.strip()[:800])
            return
        before, after = comparable_module(out, self.tmp / "src"), comparable_module(out2, self.tmp / "fmt")
        if before is not None and before != after:
            self.fail("fmt-module", k, message="the formatted file builds a different module")

    # ---- the worker's results
    def take(self, line):
        if "started" in line:
            self.started = line["id"]
            return
        k = line["id"]
        self.pending.pop(k, None)
        if "import" in line:
            self.count["import_" + line["import"]["outcome"]] += 1
            if line["import"]["outcome"] == "error":
                self.fail("import", k, **line["import"])
            return
        self.count["imported"] += 1
        for call in line["calls"]:
            self.count["calls"] += 1
            self.count["call_" + call["outcome"]] += 1
            if call["outcome"] == "error":
                self.fail("call", k, **call)

    def drain(self, keep):
        """Takes the worker's lines until at most `keep` modules wait for
        their results (so the worker never lags far behind, and the run ends
        on time), then what else is there. A worker silent for HANG_SECONDS
        while it has more than `keep` hangs: it is restarted."""
        while True:
            waiting = len(self.pending) > keep
            try:
                line = self.worker.lines.get(timeout=HANG_SECONDS if waiting else 0)
            except queue.Empty:
                if not waiting:
                    return
                self.hung()
                continue
            if line is None:  # the worker died
                self.hung(died=True)
                continue
            self.take(line)

    def hung(self, died=False):
        k = self.started if self.started in self.pending else min(self.pending)
        self.count["hangs"] += 1
        self.fail("worker", k, type="died" if died else "hang", message="the worker %s" % ("died" if died else "hung"))
        if not died:
            self.worker.kill()
        self.pending.pop(k, None)
        self.started = None
        self.worker.start()
        for job in sorted(self.pending.values(), key=lambda j: j["id"]):
            self.worker.send(job)

    def run(self):
        start = time.monotonic()
        k = self.args.start
        end = None if self.args.count is None else self.args.start + self.args.count
        while (end is None or k < end) and time.monotonic() - start < self.args.seconds:
            ids = list(range(k, k + BATCH if end is None else min(k + BATCH, end)))
            self.batch(ids)
            k = ids[-1] + 1
            self.drain(BACKLOG)
        self.drain(0)
        self.worker.proc.stdin.close()
        self.worker.proc.wait()
        self.count["seconds"] = round(time.monotonic() - start)
        return self.report()

    def report(self):
        c = self.count
        print(
            "mutants %d (seed %d, %d..%d), checked clean %d, built %d, imported %d; "
            "calls %d: ok %d, ArgumentError %d, timeouts %d, skipped %d, out of memory %d; "
            "formatted %d; what the source asks for %d; failures %d (known %d, new %d); %d s"
            % (
                c["mutants"],
                self.args.seed,
                self.args.start,
                self.args.start + c["mutants"] - 1,
                c["clean"],
                c["built"],
                c["imported"],
                c["calls"],
                c["call_ok"],
                c["call_argument_error"],
                c["call_timeout"] + c["import_timeout"],
                c["call_skipped"],
                c["call_memory"] + c["import_memory"],
                c["formatted"],
                sum(self.allowed.values()),
                len(self.failures) + sum(self.known.values()),
                sum(self.known.values()),
                len(self.failures),
                c["seconds"],
            )
        )
        for name, n in sorted(self.allowed.items()):
            print("  asked for: %s: %d" % (name, n))
        for name, n in sorted(self.known.items()):
            print("  known: %s: %d" % (name, n))
        classes = collections.defaultdict(list)
        for f in self.failures:
            message = re.sub(r"\d+", "N", f.get("message", ""))[:160]
            classes[(f["kind"], f.get("type"), message)].append(f)
        for (kind, typ, _message), fs in sorted(classes.items(), key=lambda kv: -len(kv[1])):
            f = fs[0]
            print("\nFAIL %s %s x%d: %s" % (kind, typ, len(fs), f.get("message", "")[:400]))
            print("  mutant %d of %s: %s" % (f["mutant"], f["file"], "; ".join(f["mutations"]) or "unchanged"))
            for key in ("function", "module_line", "innermost"):
                if f.get(key):
                    print("  %s: %s" % (key, f[key]))
            print("  again: %s --seed %d --start %d --count 1 --keep DIR" % (__file__, self.args.seed, f["mutant"]))
            self.show_diff(f)
        if self.args.report:
            pathlib.Path(self.args.report).write_text(json.dumps(self.failures, indent=1))
        if not self.args.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)
        return 1 if self.failures else 0

    def show_diff(self, f):
        original = dict(self.corpus)[f["file"]].split("\n")
        text = (self.tmp / "src" / ("m%d.ss" % f["mutant"])).read_text(errors="replace").split("\n")
        for line in list(difflib.unified_diff(original, text, lineterm="", n=1))[2:14]:
            print("    " + repr(line)[1:-1])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.environ.get("SHAPESCRIPT_BIN", str(ROOT / "build" / "bin" / "shapescript")))
    p.add_argument("--seconds", type=float, default=float(os.environ.get("SS_MUTATION_SECONDS", "75")))
    p.add_argument("--seed", type=int, default=int(os.environ.get("SS_MUTATION_SEED", "1")))
    p.add_argument("--start", type=int, default=0, help="the first mutant (0.. the corpus size: the files unchanged)")
    p.add_argument("--count", type=int, help="this many mutants, then stop (else until --seconds)")
    p.add_argument("--keep", help="a folder to keep the mutants and modules in")
    p.add_argument("--report", help="write the failures as JSON to this file")
    return Run(p.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
