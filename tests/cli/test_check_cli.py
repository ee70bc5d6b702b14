"""`shapescript check` end to end: output formats, positions, exit codes and
robustness on odd input. Sources use the syntax of docs (language outline)."""

import json
import os
import re
import subprocess
import time
from functools import lru_cache
from pathlib import Path

VALID = "fn f(x: [b n D]) -> [b n D]:\n    return x\n"
# The parameter list is not closed before `->`.
INVALID = "fn f(x: [b n D] -> [b n D]:\n    return x\n"

HEADER = re.compile(
    r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<sev>error|warning|info|hint)\[(?P<code>[EH]\d{4})\]: (?P<msg>.+)$",
    re.M,
)
CARET = re.compile(r"^\s*\|\s*\^~*$", re.M)
JSON_KEYS = {"file", "line", "column", "end_line", "end_column", "severity", "code", "message", "related"}


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


def test_facts_come_with_the_diagnostics_in_one_object(ss):
    f = ss.write(
        "s.ss",
        "dim V = 8\nmodel M:\n    w: [V] = normal(0.1)\nfn s(mut m: M, x: [V]):\n    m.w = m.w * 0.5 + x\n",
    )
    bad = ss.write("bad.ss", INVALID)
    result = ss.run("check", "--format", "json", "--facts", f, bad)
    assert result.returncode == 1, err(result)
    data = json.loads(out(result))
    assert set(data) == {"diagnostics", "facts"}
    assert data["diagnostics"] and all(d["file"] == str(bad) for d in data["diagnostics"])
    step = [x for x in data["facts"] if x["kind"] == "step"]
    assert step == [
        {
            "file": str(f),
            "line": 4,
            "column": 1,
            "end_line": 5,
            "end_column": 24,
            "pass": "steps",
            "kind": "step",
            "function": "s",
            "detail": "changes `m`",
        }
    ]
    for args in (["--facts", f], ["--format", "sarif", "--facts", f], ["--format", "json", "--facts=yes", f]):
        refused = ss.run("check", *args)
        assert refused.returncode == 2 and "--facts" in err(refused), args


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
        for fmt in ("human", "json", "sarif"):
            result = ss.run("check", "--format", fmt, f"r{i}.ss")
            assert result.returncode in (0, 1), (data, err(result))
            if fmt == "json":
                json.loads(out(result))
            if fmt == "sarif":
                validate_sarif(out(result))


# --- usage and files -----------------------------------------------------------


def test_directory_argument(ss):
    (ss.tmp / "examples").mkdir()
    ok = ss.write("ok.ss", VALID)
    result = ss.run("check", "examples/", ok)
    assert result.returncode == 2
    assert "shapescript: error: examples/: is a directory, expected a .ss file" in err(result)


def test_only_regular_files_are_read(ss):
    # A FIFO would block until a writer came, /dev/zero never ends: each is
    # refused before a byte is read, and the other files are still checked.
    os.mkfifo(ss.tmp / "pipe.ss")
    ok = ss.write("ok.ss", VALID)
    result = ss.run("check", "pipe.ss", "/dev/zero", "/dev/urandom", ok, timeout=10)
    assert result.returncode == 2
    assert "shapescript: error: pipe.ss: is a FIFO, not a regular file" in err(result)
    assert "shapescript: error: /dev/zero: is a character device, not a regular file" in err(result)
    assert "shapescript: error: /dev/urandom: is a character device, not a regular file" in err(result)


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


def test_a_misspelt_command_or_option_is_named_with_the_closest(ss):
    result = ss.run("chek", "a.ss")
    assert result.returncode == 2
    assert err(result).startswith("shapescript: error: unknown command `chek`; did you mean `check`?")
    result = ss.run("check", "--formt", "json", "a.ss")
    assert result.returncode == 2
    assert "unknown option `--formt`; did you mean `--format`?" in err(result)
    assert "did you mean" not in err(ss.run("frobnicate"))


def test_run_of_a_missing_file_is_said_before_python_starts(ss):
    result = ss.run("run", "missing.ss")
    assert result.returncode == 2
    assert err(result).startswith("shapescript run: error: missing.ss"), err(result)


def test_json_keeps_the_notes_the_human_format_prints(ss):
    ss.write("late.ss", "fn f(x: [n]) -> [n]:\n    y = z + x\n    z = x\n    return y\n")
    _, [d] = check_json(ss, "late.ss")
    assert d["code"] == "E0105"
    assert d["related"] == [
        {"file": "late.ss", "line": 3, "column": 5, "end_line": 3, "end_column": 6, "message": "`z` is assigned here"}
    ]
    human = err(ss.run("check", "late.ss")) + out(ss.run("check", "late.ss"))
    assert "late.ss:3:5: note: `z` is assigned here" in human


def test_colours_on_a_terminal_only(ss):
    ss.write("late.ss", "fn f(x: [n]) -> [n]:\n    y = z + x\n    z = x\n    return y\n")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    shown = ss.on_terminal("check", "late.ss", env=env)
    assert "\x1b[1;31merror[E0105]\x1b[0m" in shown and "\x1b[1;32mnote:\x1b[0m" in shown, repr(shown)
    # Without the escapes, what a pipe gets.
    plain = re.sub(r"\x1b\[[0-9;]*m", "", shown).replace("\r\n", "\n")
    assert out(ss.run("check", "late.ss")) in plain
    assert "\x1b[" not in out(ss.run("check", "late.ss"))
    for off in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
        assert "\x1b[" not in ss.on_terminal("check", "late.ss", env={**env, **off})
    ss.write("bad.ss", "fn f(x: [n]) -> [n]:\n    return q\n")
    assert "\x1b[1;31merror[E0102]\x1b[0m" in ss.on_terminal("build", "bad.ss", env=env)


def test_help_and_version(ss):
    result = ss.run("--help")
    assert result.returncode == 0 and "check" in out(result)
    result = ss.run("--version")
    assert result.returncode == 0 and re.match(r"shapescript \d+\.\d+\.\d+", out(result))
    result = ss.run("check", "--help")
    assert result.returncode == 0 and "--format" in out(result)


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
    for fmt in ("human", "json", "sarif"):
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


def test_lsp_usage_errors(ss):
    # The protocol itself is tested in tests/lsp; here only the options.
    for args in (
        (),
        ("--stdio", "--port", "9"),
        ("--port", "0"),
        ("--port", "x"),
        ("--stdio", "--log-level", "loud"),
        ("--stdio", "--debounce-ms", "-1"),
        ("--bogus",),
    ):
        result = ss.run(*args, program="shapescript-lsp")
        assert result.returncode == 2, args
        assert "usage:" in err(result), args
    assert ss.run("--version", program="shapescript-lsp").returncode == 0


# --- SARIF ----------------------------------------------------------------------

SARIF_SCHEMA = Path(__file__).with_name("sarif-subset.schema.json")


@lru_cache(maxsize=1)
def sarif_validator():
    import jsonschema  # requirements-dev.txt; imported here so only SARIF tests need it

    schema = json.loads(SARIF_SCHEMA.read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def validate_sarif(text: str) -> dict:
    """Parses one SARIF log, checks it against the subset schema and checks
    what a schema cannot: indexes point at the entries they name."""
    log = json.loads(text)
    errors = sorted(sarif_validator().iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    rules, artifacts = run["tool"]["driver"]["rules"], run["artifacts"]
    assert run["columnKind"] == "unicodeCodePoints"
    assert {r["ruleId"] for r in run["results"]} == {r["id"] for r in rules}
    for r in run["results"]:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        for loc in r["locations"] + r.get("relatedLocations", []):
            where = loc["physicalLocation"]["artifactLocation"]
            assert artifacts[where["index"]]["location"]["uri"] == where["uri"]
            region = loc["physicalLocation"]["region"]
            assert (region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"])
    return log


def check_sarif(ss, *args, program="shapescript"):
    if program == "shapescript":
        result = ss.run("check", "--format", "sarif", *args)
    else:
        result = ss.run("--check", "--format", "sarif", *args, program=program)
    log = validate_sarif(out(result))
    return result, log["runs"][0]


def region(result):
    return result["locations"][0]["physicalLocation"]["region"]


def uri(result):
    return result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]


def test_sarif_clean_file_has_no_results(ss):
    ss.write("ok.ss", VALID)
    result, run = check_sarif(ss, "ok.ss")
    assert result.returncode == 0
    assert run["results"] == []
    assert run["tool"]["driver"]["name"] == "shapescript"
    version = ss.run("--version").stdout.decode().split()[1]
    assert run["tool"]["driver"]["version"] == version
    assert run["tool"]["driver"]["rules"] == []
    assert run["artifacts"] == [{"location": {"uri": "ok.ss"}}]
    assert run["invocations"][0]["executionSuccessful"] is True
    assert run["invocations"][0]["toolExecutionNotifications"] == []
    log = json.loads(out(result))
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"


def test_sarif_errors_match_the_json_format(ss):
    ss.write("bad.ss", INVALID)
    result, run = check_sarif(ss, "bad.ss")
    assert result.returncode == 1
    _, diagnostics = check_json(ss, "bad.ss")
    assert len(run["results"]) == len(diagnostics) > 0
    for r, d in zip(run["results"], diagnostics, strict=True):
        assert r["ruleId"] == d["code"] and r["ruleId"] in {"E0001", "E0002"}
        assert r["level"] == "error"
        assert r["message"]["text"] == d["message"]
        assert uri(r) == "bad.ss"
        assert region(r) == {
            "startLine": d["line"],
            "startColumn": d["column"],
            "endLine": d["end_line"],
            "endColumn": d["end_column"],
        }
    for rule in run["tool"]["driver"]["rules"]:
        assert rule["shortDescription"]["text"]
        assert rule["defaultConfiguration"]["level"] == "error"
        assert f"docs/errors.md#{rule['id'].lower()}" in rule["help"]["text"]
        assert "helpUri" not in rule  # only with --sarif-docs-base


def test_sarif_columns_count_code_points(ss):
    ss.write("u.ss", "# é\n\treturn x\n")
    _, run = check_sarif(ss, "u.ss")
    tab = [r for r in run["results"] if r["ruleId"] == "E0006"]
    assert tab and region(tab[0]) == {"startLine": 2, "startColumn": 1, "endLine": 2, "endColumn": 2}
    ss.write("v.ss", b"# \xc3\xa9\xc3\xa9 \xff\n")  # "# éé " then a bad byte
    result, run = check_sarif(ss, "v.ss")
    bad = [r for r in run["results"] if r["ruleId"] == "E0003"]
    assert bad and region(bad[0]) == {"startLine": 1, "startColumn": 6, "endLine": 1, "endColumn": 7}
    assert "0xFF" in bad[0]["message"]["text"]
    assert result.returncode == 1


def test_sarif_missing_file_is_a_notification(ss):
    ss.write("bad.ss", INVALID)
    result, run = check_sarif(ss, "missing.ss", "bad.ss")
    assert result.returncode == 2
    assert "missing.ss: no such file" in err(result)
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert note["message"]["text"] == "missing.ss: no such file"
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "missing.ss"
    assert {uri(r) for r in run["results"]} == {"bad.ss"}  # the other file is still checked
    assert run["artifacts"] == [{"location": {"uri": "bad.ss"}}]


def test_sarif_several_files_one_log(ss):
    ss.write("a.ss", VALID)
    ss.write("b.ss", INVALID)
    ss.write("c.ss", b"\xff\n")
    result, run = check_sarif(ss, "a.ss", "b.ss", "c.ss", "b.ss")
    assert result.returncode == 1
    assert [a["location"]["uri"] for a in run["artifacts"]] == ["a.ss", "b.ss", "c.ss"]
    assert {uri(r) for r in run["results"]} == {"b.ss", "c.ss"}
    assert "E0003" in {r["ruleId"] for r in run["results"]}
    assert out(result).count('"version": "2.1.0"') == 1  # one log, nothing after it
    assert out(result).strip().endswith("}")


def test_sarif_uris_are_escaped(ss):
    ss.write("my dir/é:x.ss", INVALID)
    _, run = check_sarif(ss, "my dir/é:x.ss")
    assert run["artifacts"][0]["location"]["uri"] == "my%20dir/%C3%A9%3Ax.ss"
    absolute = ss.tmp / "my dir" / "é:x.ss"
    _, run = check_sarif(ss, absolute)
    assert run["artifacts"][0]["location"]["uri"].startswith("file:///")
    assert run["artifacts"][0]["location"]["uri"].endswith("/my%20dir/%C3%A9%3Ax.ss")


def test_sarif_file_names_with_invalid_utf8(ss):
    name = os.fsdecode(b"bad\xff.ss")  # the raw byte 0xFF on the command line
    (ss.tmp / name).write_bytes(INVALID.encode())
    missing = os.fsdecode(b"gone\xfe.ss")
    result, run = check_sarif(ss, name, missing)
    assert result.returncode == 2
    assert run["artifacts"] == [{"location": {"uri": "bad%FF.ss"}}]
    assert {uri(r) for r in run["results"]} == {"bad%FF.ss"}
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"] == "gone\ufffd.ss: no such file"
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "gone%FE.ss"


def test_sarif_stdin(ss):
    result = subprocess.run(
        [str(ss.bin_dir / "shapescript"), "check", "--format", "sarif", "-"],
        input=INVALID.encode(),
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 1
    run = validate_sarif(out(result))["runs"][0]
    assert {uri(r) for r in run["results"]} == {"%3Cstdin%3E"}


def test_sarif_max_diagnostics_is_noted_in_the_log(ss):
    ss.write("many.ss", b"\xff\n" * 7)
    result, run = check_sarif(ss, "--max-diagnostics", "2", "many.ss")
    assert result.returncode == 1
    assert len(run["results"]) == 2
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "note"
    assert "not shown" in note["message"]["text"]
    assert run["invocations"][0]["executionSuccessful"] is True


def test_sarif_docs_base_gives_absolute_help_uris(ss):
    ss.write("bad.ss", INVALID)
    base = "https://example.org/shapescript/blob/v0.1.0"
    result, run = check_sarif(ss, "--sarif-docs-base", base, "bad.ss")
    assert result.returncode == 1
    driver = run["tool"]["driver"]
    assert driver["informationUri"] == base + "/README.md"
    for rule in driver["rules"]:
        assert rule["helpUri"] == f"{base}/docs/errors.md#{rule['id'].lower()}"
    for args in (
        ["--sarif-docs-base", "docs/", "bad.ss"],
        ["--sarif-docs-base", "https://x.org/a b/", "bad.ss"],
        ["--sarif-docs-base"],
    ):
        bad = ss.run("check", "--format", "sarif", *args)
        assert bad.returncode == 2 and "--sarif-docs-base" in err(bad), args
    bad = ss.run("check", "--format", "json", "--sarif-docs-base", base, "bad.ss")
    assert bad.returncode == 2 and "only with `--format sarif`" in err(bad)


def test_sarif_lsp_check_matches_check(ss):
    ss.write("bad.ss", INVALID)
    a, run_a = check_sarif(ss, "bad.ss")
    b, run_b = check_sarif(ss, "bad.ss", program="shapescript-lsp")
    assert a.returncode == b.returncode == 1
    assert run_a == run_b
