"""The mutation test's pieces (CTest `mutation_parts`): the lexer cuts a
file at token boundaries only, mutants are made again from their numbers,
the arguments made from a signature pass its own check (else every call
would stop at ArgumentError and test nothing), the worker tells a call's
outcomes apart, and each known failure class matches its example and no
other failure."""

import os
import pathlib
import random
import signal
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import caller  # noqa: E402
import known  # noqa: E402
import shapescript.rt as rt  # noqa: E402
from arguments import NoArguments, arguments  # noqa: E402
from mutants import mutant, tokens  # noqa: E402
from run import clean_files, corpus  # noqa: E402

BINARY = os.environ.get("SHAPESCRIPT_BIN", str(HERE.parents[1] / "build" / "bin" / "shapescript"))


def test_tokens_leave_only_whitespace_and_comments_between_them():
    for name, text in corpus():
        at = 0
        for begin, end in tokens(text):
            gap = text[at:begin]
            assert gap.strip(" \t\f\v\r\n") == "" or gap.lstrip(" \t\f\v\r\n").startswith("#"), (name, gap)
            at = end
        assert text[at:].strip() == "" or text[at:].lstrip().startswith("#")


def test_tokens_keep_sizes_ranges_and_operators_whole():
    text = 'x: [16gh] = a..b |> f(1e-5, "a \\" b") # c'
    assert [text[a:b] for a, b in tokens(text)] == [
        "x", ":", "[", "16gh", "]", "=", "a", "..", "b", "|>", "f", "(", "1e-5", ",", '"a \\" b"', ")",
    ]  # fmt: skip


def test_a_mutant_is_made_again_from_its_numbers():
    files = corpus()
    clean = list(range(0, len(files), 2))
    assert mutant(files, clean, 7, 0) == (0, files[0][1], [])
    made = [mutant(files, clean, 7, k) for k in range(len(files), len(files) + 50)]
    assert made == [mutant(files, clean, 7, k) for k in range(len(files), len(files) + 50)]
    assert made != [mutant(files, clean, 8, k) for k in range(len(files), len(files) + 50)]
    # A mutation may give the text back (a token replaced by its twin), rarely.
    assert sum(bool(done) and text != files[which][1] for which, text, done in made) >= 40


def test_arguments_made_from_a_signature_pass_its_check(tmp_path):
    files = corpus()
    signatures = 0
    for i in clean_files(BINARY, files, tmp_path):
        out = tmp_path / ("m%d.py" % i)
        subprocess.run([BINARY, "build", str(tmp_path / ("corpus%d.ss" % i)), "-o", str(out)], check=True)
        job = {"id": i, "path": str(out), "seed": 1}
        module = caller.load(job)
        for _, sig in caller.functions(module):
            if any(isinstance(spec, rt.AnySpec) for _, spec in sig.params):
                continue
            try:
                made = [arguments(sig, random.Random(seed)) for seed in range(3)]
            except NoArguments:  # a size too large for a test, such as [n * 2^62]
                continue
            for args in made:
                rt.check_args(sig, args, True)
            signatures += 1
    assert signatures >= 30


FAKE = """
import shapescript.rt as _ss_rt
_n = _ss_rt.TensorSpec((("n", ((1, ("n",)),)),), "f32")
_ss_sig_fine = _ss_rt.Signature("fine", "t.ss:1", (("x", _n),))
_ss_sig_typo = _ss_rt.Signature("typo", "t.ss:2", (("x", _n),))
_ss_sig_refuses = _ss_rt.Signature("refuses", "t.ss:3", (("x", _n),))
_ss_sig_spins = _ss_rt.Signature("spins", "t.ss:4", (("x", _n),))
_ss_sig_untyped = _ss_rt.Signature("untyped", "t.ss:5", (("x", _ss_rt.AnySpec()),))

def fine(x):
    return x + 1

def typo(x):
    return x + "1"

def refuses(x):
    raise _ss_rt.ArgumentError("refuses(): argument `x`")

def spins(x):
    while True:
        pass

def untyped(x):
    return x
"""


def test_the_worker_tells_outcomes_apart(tmp_path, monkeypatch):
    path = tmp_path / "fake.py"
    path.write_text(FAKE)
    monkeypatch.setattr(caller, "CALL_SECONDS", 0.3)
    previous = signal.signal(signal.SIGALRM, caller._on_alarm)
    try:
        result = caller.run_module({"id": 0, "path": str(path), "seed": 1})
    finally:
        signal.signal(signal.SIGALRM, previous)
    outcomes = {c["function"]: c["outcome"] for c in result["calls"]}
    assert outcomes == {
        "fine": "ok",
        "typo": "error",
        "refuses": "argument_error",
        "spins": "timeout",
        "untyped": "skipped",
    }
    typo = next(c for c in result["calls"] if c["function"] == "typo")
    assert typo["type"] == "TypeError" and typo["module_line"].endswith('return x + "1"')


@pytest.mark.parametrize("cls", known.KNOWN + known.ALLOWED, ids=lambda k: k.name)
def test_a_known_class_matches_its_example_and_nothing_else(cls):
    assert known.known_class(cls.example) is cls
    for other in known.KNOWN + known.ALLOWED:
        if other is not cls:
            assert not cls.matches(other.example), other.name
    assert not cls.matches({"kind": cls.kind, "type": "TypeError", "message": "unsupported operand"})
