"""`shapescript check` end to end: output formats, positions, exit codes and
robustness on odd input. Sources use the syntax of docs (language outline)."""

import json
import re
import time

VALID = "fn f(x: [b n D]) -> [b n D]:\n    return x\n"
# The parameter list is not closed before `->`.
INVALID = "fn f(x: [b n D] -> [b n D]:\n    return x\n"

HEADER = re.compile(
    r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<sev>error|warning|info|hint)\[(?P<code>[EH]\d{4})\]: (?P<msg>.+)$",
    re.M,
)
CARET = re.compile(r"^\s*\|\s*\^~*$", re.M)
JSON_KEYS = {"file", "line", "column", "end_line", "end_column", "severity", "code", "message"}


def out(result) -> str:
    return result.stdout.decode("utf-8", errors="replace")


def err(result) -> str:
    return result.stderr.decode("utf-8", errors="replace")


def check_json(ss, *files):
    result = ss.run("check", "--format", "json", *files)
    diagnostics = json.loads(out(result))
    assert isinstance(diagnostics, list)
    for d in diagnostics:
        assert set(d) == JSON_KEYS
        assert d["line"] >= 1 and d["column"] >= 1
        assert (d["end_line"], d["end_column"]) >= (d["line"], d["column"])
        assert d["severity"] in {"error", "warning", "information", "hint"}
        assert re.fullmatch(r"[EH]\d{4}", d["code"])
    return result, diagnostics


# --- clean files and exit code 0 ---------------------------------------------

def test_valid_file_is_clean(ss):
    f = ss.write("ok.ss", VALID)
    result = ss.run("check", f)
    assert result.returncode == 0, err(result)
    assert out(result) == ""
    assert "no errors" in err(result)


def test_valid_file_json_is_empty_array(ss):
    f = ss.write("ok.ss", VALID)
    result, diagnostics = check_json(ss, f)
    assert result.returncode == 0
    assert diagnostics == []


# --- syntax errors: human and JSON --------------------------------------------

def test_syntax_error_human_format(ss):
    f = ss.write("bad.ss", INVALID)
    result = ss.run("check", "bad.ss")
    assert result.returncode == 1
    text = out(result)
    m = HEADER.search(text)
    assert m, text
    assert m["file"] == "bad.ss"
    assert m["sev"] == "error"
    assert m["code"] in {"E0001", "E0002"}
    assert int(m["line"]) == 1
    # The source line is quoted under the header, with carets under it.
    assert "fn f(x: [b n D] -> [b n D]:" in text
    assert CARET.search(text), text
    assert re.search(r"\d+ errors? in 1 file", err(result))
    assert f.exists()


def test_syntax_error_json_positions(ss):
    ss.write("bad.ss", INVALID)
    result, diagnostics = check_json(ss, "bad.ss")
    assert result.returncode == 1
    assert diagnostics
    first = diagnostics[0]
    assert first["file"] == "bad.ss"
    assert first["severity"] == "error"
    assert first["code"] in {"E0001", "E0002"}
    assert first["line"] == 1  # 1-based: the error is on the first line


def test_columns_count_code_points(ss):
    # "é" is two bytes but one column.
    ss.write("u.ss", "# é\n\treturn x\n")
    result, diagnostics = check_json(ss, "u.ss")
    tabs = [d for d in diagnostics if d["code"] == "E0006"]
    assert tabs and tabs[0]["line"] == 2 and tabs[0]["column"] == 1
    ss.write("v.ss", b"# \xc3\xa9\xc3\xa9 \xff\n")  # "# éé " then a bad byte
    result, diagnostics = check_json(ss, "v.ss")
    bad = [d for d in diagnostics if d["code"] == "E0003"]
    assert bad and bad[0]["line"] == 1 and bad[0]["column"] == 6


# --- encodings ------------------------------------------------------------------

def test_invalid_utf8_is_e0003(ss):
    ss.write("latin1.ss", b"# r\xe9sum\xe9\ndim D = 768\n")
    result, diagnostics = check_json(ss, "latin1.ss")
    assert result.returncode == 1
    e3 = [d for d in diagnostics if d["code"] == "E0003"]
    assert e3  # one per bad byte, or one per run of bad bytes
    assert (e3[0]["line"], e3[0]["column"]) == (1, 4)
    assert "0xE9" in e3[0]["message"]
    human = ss.run("check", "latin1.ss")
    assert "error[E0003]" in out(human)
    assert human.returncode == 1


def test_nul_byte_is_e0004(ss):
    ss.write("nul.ss", b"dim D = 768\x00\ndim H = 12\n")
    result, diagnostics = check_json(ss, "nul.ss")
    assert result.returncode == 1
    e4 = [d for d in diagnostics if d["code"] == "E0004"]
    assert e4 and (e4[0]["line"], e4[0]["column"]) == (1, 12)
    human = ss.run("check", "nul.ss")
    assert b"\x00" not in human.stdout  # shown as a visible symbol, not raw


def test_random_bytes_never_crash(ss):
    import random

    rng = random.Random(1234)
    for i in range(20):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        ss.write(f"r{i}.ss", data)
        for fmt in ("human", "json"):
            result = ss.run("check", "--format", fmt, f"r{i}.ss")
            assert result.returncode in (0, 1), (data, err(result))
            if fmt == "json":
                json.loads(out(result))


# --- usage and files -----------------------------------------------------------

def test_directory_argument(ss):
    (ss.tmp / "examples").mkdir()
    ok = ss.write("ok.ss", VALID)
    result = ss.run("check", "examples/", ok)
    assert result.returncode == 2
    assert "shapescript: error: examples/: is a directory, expected a .ss file" in err(result)


def test_missing_file_still_checks_the_others(ss):
    ss.write("bad.ss", INVALID)
    result = ss.run("check", "missing.ss", "bad.ss")
    assert result.returncode == 2
    assert "missing.ss" in err(result)
    assert HEADER.search(out(result))  # bad.ss was still checked


def test_empty_file(ss):
    ss.write("empty.ss", b"")
    result = ss.run("check", "empty.ss")
    assert result.returncode == 0
    assert out(result) == ""
    assert "empty" in err(result)
    result, diagnostics = check_json(ss, "empty.ss")
    assert result.returncode == 0 and diagnostics == []


def test_bad_usage_exits_2(ss):
    for args in (["check"], ["check", "--format", "xml", "a.ss"], ["check", "--nope", "a.ss"], ["frob"], []):
        result = ss.run(*args)
        assert result.returncode == 2, args
        assert err(result).strip(), args


def test_help_and_version(ss):
    result = ss.run("--help")
    assert result.returncode == 0 and "check" in out(result)
    result = ss.run("--version")
    assert result.returncode == 0 and re.match(r"shapescript \d+\.\d+\.\d+", out(result))
    result = ss.run("check", "--help")
    assert result.returncode == 0 and "--format" in out(result)


def test_later_commands_say_not_implemented(ss):
    f = ss.write("ok.ss", VALID)
    for command in ("build", "export", "run", "fmt"):
        result = ss.run(command, f)
        assert result.returncode == 2
        assert "not implemented yet" in err(result)


def test_several_files_one_json_array(ss):
    ss.write("a.ss", VALID)
    ss.write("b.ss", INVALID)
    ss.write("c.ss", b"\xff\n")
    result, diagnostics = check_json(ss, "a.ss", "b.ss", "c.ss")
    assert result.returncode == 1
    files = {d["file"] for d in diagnostics}
    assert files == {"b.ss", "c.ss"}
    # Exactly one array on stdout, nothing after it.
    assert out(result).strip().startswith("[") and out(result).strip().endswith("]")


def test_several_files_human_summary(ss):
    ss.write("a.ss", VALID)
    ss.write("b.ss", INVALID)
    result = ss.run("check", "a.ss", "b.ss")
    assert result.returncode == 1
    assert re.search(r"\d+ errors? in 1 file \(2 files checked\)", err(result))


# --- size -----------------------------------------------------------------------

def test_ten_megabyte_comment_line_is_clean_and_fast(ss):
    ss.write("big.ss", "# " + "x" * 10_000_000 + "\n" + VALID)
    start = time.monotonic()
    result = ss.run("check", "big.ss")
    elapsed = time.monotonic() - start
    assert result.returncode == 0, err(result)[:2000]
    assert elapsed < 10, f"took {elapsed:.1f}s"


def test_ten_megabyte_garbage_line_gives_bounded_output(ss):
    garbage = (")]} ->|> ,:;= 3*" * 700_000)[:10_000_000]
    ss.write("garbage.ss", garbage)
    for fmt in ("human", "json"):
        start = time.monotonic()
        result = ss.run("check", "--format", fmt, "garbage.ss", timeout=120)
        elapsed = time.monotonic() - start
        assert result.returncode == 1, err(result)[:2000]
        assert len(result.stdout) < 1_000_000, len(result.stdout)
        assert len(result.stderr) < 10_000
        assert elapsed < 60, f"took {elapsed:.1f}s"


# --- shapescript-lsp ------------------------------------------------------------

def test_lsp_check_matches_check(ss):
    ss.write("bad.ss", INVALID)
    a = ss.run("check", "--format", "json", "bad.ss")
    b = ss.run("--check", "--format", "json", "bad.ss", program="shapescript-lsp")
    assert a.returncode == b.returncode == 1
    assert json.loads(out(a)) == json.loads(out(b))


def test_lsp_stdio_not_implemented(ss):
    result = ss.run("--stdio", program="shapescript-lsp")
    assert result.returncode == 2
    assert "not implemented yet" in err(result)
    assert ss.run("--version", program="shapescript-lsp").returncode == 0
