"""`fmt` never changes what a file means (issue 12, item 11), also where the
file separates its tokens with odd whitespace: a vertical tab, a form feed
or a tab inside a line is whitespace to the parser, so it must be to the
checker too, and the formatter, which writes a space there, must give a
file with the same diagnostics that builds the same module.

Every example and checker test file, its spaces inside lines replaced by
each odd space in turn: check gives the codes of the file as written, and
so does the formatted text; a file that checks clean builds, before and
after fmt, the module the file as written builds. The mutation test
(tests/mutation) does the same on mutants."""

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "mutation"))

from mutants import tokens  # noqa: E402
from run import comparable_module, corpus, diagnostics  # noqa: E402

FILES = corpus()
ODD = {"vertical-tab": "\v", "form-feed": "\f", "tab": "\t"}


def spaced_with(text, space):
    """`text` with each single space between two tokens of a line replaced by `space`."""
    out, at = [], 0
    toks = tokens(text)
    for (_, end), (begin, _) in zip(toks, toks[1:], strict=False):
        if text[end:begin] == " ":
            out.append(text[at:end] + space)
            at = begin
    return "".join(out) + text[at:]


@pytest.mark.parametrize("space", ODD.values(), ids=ODD.keys())
@pytest.mark.parametrize("name, text", FILES, ids=[n for n, _ in FILES])
def test_odd_whitespace_means_the_same_before_and_after_fmt(ss, bin_dir, name, text, space):
    binary = bin_dir / "shapescript"
    variant = spaced_with(text, space)
    assert variant != text
    original, odd, formatted = ss.tmp / "a" / "f.ss", ss.tmp / "b" / "f.ss", ss.tmp / "c" / "f.ss"
    for path, content in ((original, text), (odd, variant), (formatted, variant)):
        path.parent.mkdir()
        path.write_bytes(content.encode("utf-8", "surrogateescape"))
    refused = ss.run("fmt", formatted).returncode != 0
    found = diagnostics(binary, [original, odd, formatted])
    codes = {p: [c for _, c in d] for p, d in found.items()}
    assert codes[str(odd)] == codes[str(original)]
    if refused:  # a syntax error: fmt leaves the file alone
        assert any(c.startswith("E00") for c in codes[str(original)])
        return
    assert codes[str(formatted)] == codes[str(original)]
    if all(severity != "error" for severity, _ in found[str(original)]):
        modules = []
        for path in (original, odd, formatted):
            r = ss.run("build", path, "-o", path.with_suffix(".py"))
            assert r.returncode == 0, r.stderr.decode()
            modules.append(comparable_module(path.with_suffix(".py"), path.parent))
        assert modules[1] == modules[0]
        assert modules[2] == modules[0]
