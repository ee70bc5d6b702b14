"""Tests of the checker test runner itself (test_check_files.py): its parsing
of expectation comments and its matching must fail when they should. No
binary is needed: diagnostics are made up here."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_check_files as runner  # noqa: E402
from test_check_files import Diagnostic, Expectation, MalformedExpectation  # noqa: E402


def parse(text: str) -> list[Expectation]:
    return runner.parse_expectations(text)


def malformed(text: str) -> MalformedExpectation:
    with pytest.raises(MalformedExpectation) as info:
        parse(text)
    return info.value


def diag(line, code="E0001", severity="error", column=1, message="syntax error: unexpected `x`"):
    return Diagnostic(line, column, severity, code, message)


def problems(source: str, diagnostics: list[Diagnostic]) -> list[str]:
    """check_result on a made-up run that reported `diagnostics`."""
    stdout = json.dumps(
        [
            {
                "file": "t.ss",
                "line": d.line,
                "column": d.column,
                "end_line": d.line,
                "end_column": d.column + 1,
                "severity": d.severity,
                "code": d.code,
                "message": d.message,
                "related": [],
            }
            for d in diagnostics
        ]
    ).encode()
    status = 1 if any(d.severity == "error" for d in diagnostics) else 0
    return runner.check_result("t.ss", source, status, stdout, b"")


# --- parsing -----------------------------------------------------------------


def test_one_expectation_on_its_own_line():
    assert parse("a\ny = .5  # error E0001\n") == [Expectation(2, "error", "E0001", comment_line=2)]


def test_several_on_one_line_and_every_severity():
    got = parse("x  # error E0102, warning E0103,hint H2001 , info E0104\n")
    assert [(e.line, e.severity, e.code) for e in got] == [
        (1, "error", "E0102"),
        (1, "warning", "E0103"),
        (1, "hint", "H2001"),
        (1, "information", "E0104"),
    ]


def test_line_offsets():
    text = "a\nb\nc  # error@-2 E0001, error@+1 E0002\nd\n"
    got = parse(text)
    assert [(e.line, e.code, e.comment_line) for e in got] == [(1, "E0001", 3), (4, "E0002", 3)]
    # The line after the last line break exists (a diagnostic at the end of
    # the file is on it); one further does not.
    assert parse("a\n# error@+1 E0002\n")[0].line == 3
    assert "outside the file's lines 1 to 3" in malformed("a\n# error@+2 E0002\n").reason
    assert "line 0" in malformed("# error@-1 E0002\n").reason
    assert "leave the offset out" in malformed("x # error@+0 E0001\n").reason
    for bad in ("error@3 E0001", "error@ E0001", "error@col:5 E0001", "error@+1x E0001"):
        assert "@+N" in malformed(f"a\nb # {bad}\nc\n").reason, bad


def test_column_and_message():
    (e,) = parse('fn f(x: [n]) -> [n] # error E0002 col=20 "expected `:` to open"\n')
    assert (e.column, e.message) == (20, "expected `:` to open")
    (e,) = parse('x # error E0102 "did you mean `width`" col=3\n')  # either order
    assert (e.column, e.message) == (3, "did you mean `width`")
    (e,) = parse(r'x # error E0102 "a \"quoted\" word, a \\ and a # sign"' + "\n")
    assert e.message == 'a "quoted" word, a \\ and a # sign'
    # A comma inside the quotes does not start another expectation.
    (e,) = parse('x # error E0102 "a, b"\n')
    assert e.message == "a, b"
    assert e.describe() == 'error E0102 "a, b"'


def test_comments_that_are_not_expectations():
    assert parse("") == []
    assert parse("# E0001: syntax errors\n# see error E0001 below\n# Error: handling\n") == []
    assert parse("# errors.md has a section per code\n# hints come later\n") == []
    # A `#` inside a string starts no comment, even with an escaped quote.
    assert parse('print("# error E0001")\nprint("\\"# error E0001")\n') == []
    # But the comment after the string does.
    assert parse('print("#")  # error E0001\n')[0].line == 1


def test_lines_end_as_the_cli_counts_them():
    # CRLF and a lone CR end lines too (not \f or \u2028, as str.splitlines would).
    got = parse("a\r\nb\rc\fd\u2028e # error E0001\n")
    assert got[0].line == 3


@pytest.mark.parametrize(
    "comment, reason",
    [
        ("# warn E0101", "found `warn`"),
        ("# Error E0001", "found `Error`"),
        ("# information E0001", "found `information`"),
        ("# error", "expected a diagnostic code"),
        ("# error e0001", "expected a diagnostic code"),
        ("# error E001", "expected a diagnostic code"),
        ("# errorE0001", "a space between the severity and the code"),
        ("# error@+1E0001", "@+N"),
        ("# error E0001 because of the comma", "unexpected `because"),
        ("# error E0001 col=0", "1-based column"),
        ("# error E0001 col=x", "1-based column"),
        ("# error E0001 col=2 col=3", "given twice"),
        ('# error E0001 "a" "b"', "two message substrings"),
        ('# error E0001 "unterminated', "unterminated"),
        ('# error E0001 ""', "empty message"),
        ('# error E0001 "a"col=3', "expected a space or `,`"),
        ("# error E0001,", "no expectation after it"),
        ("# error E0001, and more", "found `and`"),
        ("# fact", "a pass and a kind"),
        ("# fact padding", "a pass and a kind"),
        ("# fact Padding:padded-loop", "a pass and a kind"),
        ("# fact E0001", "a pass and a kind"),
        ("# facts padding:padded-loop", "found `facts`"),
    ],
)
def test_malformed_comments_fail_loudly(comment, reason):
    e = malformed(f"x = 1\ny = 2  {comment}\n")
    assert e.line == 2
    assert reason in e.reason, e.reason


def test_malformed_comment_is_reported_by_check_result():
    [row] = problems("x  # error E0001 oops\n", [diag(1)])
    assert row.startswith("t.ss:1: malformed expectation:")


# --- matching ----------------------------------------------------------------


def test_clean_file_and_exact_match_pass():
    assert problems("dim D = 1\n", []) == []
    assert problems('a\nb  # error E0001 col=3 "unexpected `x`"\n', [diag(2, column=3)]) == []


def test_missing():
    [row] = problems("a  # error E0001\n", [])
    assert row == "t.ss:1: missing: error E0001"


def test_unexpected_in_a_file_without_expectations():
    [row] = problems("a\nb\n", [diag(2, column=4, message="syntax error: unexpected `b`")])
    assert row == "t.ss:2:4: unexpected: error E0001: syntax error: unexpected `b`"


def test_wrong_code():
    rows = problems("a  # error E0002\n", [diag(1, code="E0001")])
    assert rows == ["t.ss:1: missing: error E0002", "t.ss:1:1: unexpected: error E0001: syntax error: unexpected `x`"]


def test_wrong_line():
    rows = problems("a  # error E0001\nb\n", [diag(2)])
    assert rows[0].startswith("t.ss:1: missing: error E0001\n")
    assert "note: the closest unmatched E0001 is on line 2, not 1" in rows[0]
    assert rows[1] == "t.ss:2:1: unexpected: error E0001: syntax error: unexpected `x`"


def test_wrong_severity():
    rows = problems("a  # warning E0001\n", [diag(1, severity="error")])
    assert len(rows) == 2
    assert "is error, not warning" in rows[0]
    # info stands for the JSON's "information", and nothing else does.
    assert problems("a  # info H3101\n", [diag(1, code="H3101", severity="information")]) == []
    assert len(problems("a  # hint H3101\n", [diag(1, code="H3101", severity="information")])) == 2


def test_wrong_message_substring():
    rows = problems('a  # error E0001 "unexpected `y`"\n', [diag(1)])
    assert len(rows) == 2
    assert 'has no "unexpected `y`" in its message' in rows[0]
    assert "unexpected: error E0001: syntax error: unexpected `x`" in rows[1]
    # Matching is case-sensitive and needs the substring whole.
    assert len(problems('a  # error E0001 "Syntax"\n', [diag(1)])) == 2


def test_wrong_column():
    rows = problems("a  # error E0001 col=36\n", [diag(1, column=20)])
    assert len(rows) == 2
    assert "starts at col=20, not col=36" in rows[0]
    assert rows[1].startswith("t.ss:1:20: unexpected:")


def test_offsets_move_the_expected_line():
    source = "fn f(x: [n]) -> [n]\n    return x  # error@-1 E0002 col=20\n"
    assert problems(source, [diag(1, code="E0002", column=20)]) == []
    rows = problems(source, [diag(2, code="E0002", column=20)])
    assert rows[0] == (
        "t.ss:1: missing: error E0002 col=20 (written on line 2)\n"
        "    note: the closest unmatched E0002 is on line 2, not 1"
    )
    source = "# error@+1 E0005\n  y = x\n"
    assert problems(source, [diag(2, code="E0005")]) == []
    assert len(problems(source, [diag(1, code="E0005")])) == 2


def test_counts_must_agree():
    # Two expected, one reported: one missing.
    rows = problems("a  # error E0001, error E0001\n", [diag(1)])
    assert rows == ["t.ss:1: missing: error E0001"]
    # One expected, two reported: one unexpected.
    rows = problems("a  # error E0001\n", [diag(1, column=1), diag(1, column=5)])
    assert rows == ["t.ss:1:5: unexpected: error E0001: syntax error: unexpected `x`"]


def test_matching_does_not_depend_on_order():
    # The general expectation comes first and could take the diagnostic the
    # specific one needs; a maximum matching pairs both anyway.
    expectations = [Expectation(1, "error", "E0001"), Expectation(1, "error", "E0001", column=9)]
    diagnostics = [diag(1, column=9), diag(1, column=2)]
    assert runner.match(expectations, diagnostics) == ([], [])
    assert runner.match(expectations[::-1], diagnostics[::-1]) == ([], [])
    assert problems("a  # error E0001, error E0001 col=9\n", diagnostics) == []


def test_problems_are_sorted_by_line():
    rows = problems("a  # error E0002\nb\nc  # error E0003\n", [diag(2)])
    assert [r.split(":")[1] for r in rows] == ["1", "2", "3"]


# --- the run itself ------------------------------------------------------------


def test_a_crash_or_usage_error_fails():
    [row] = runner.check_result("t.ss", "", 2, b"[]", b"shapescript: error: t.ss: no such file")
    assert "exited with status 2" in row and "no such file" in row
    [row] = runner.check_result("t.ss", "", -11, b"", b"")
    assert "exited with status -11" in row


def test_output_that_is_not_the_json_array_fails():
    [row] = runner.check_result("t.ss", "", 0, b"t.ss:1:1: error[E0001]: ...", b"")
    assert "printed no JSON array" in row
    [row] = runner.check_result("t.ss", "", 0, b"{}", b"")
    assert "not a JSON array" in row
    [row] = runner.check_result("t.ss", "", 1, b'[{"line": 1}]', b"")
    assert "without exactly the keys" in row


def test_exit_status_must_agree_with_the_diagnostics():
    one_error = json.dumps(
        [
            {
                "file": "t.ss",
                "line": 1,
                "column": 1,
                "end_line": 1,
                "end_column": 2,
                "severity": "error",
                "code": "E0001",
                "message": "m",
                "related": [],
            }
        ]
    ).encode()
    [row] = runner.check_result("t.ss", "a  # error E0001\n", 0, one_error, b"")
    assert "exited with status 0" in row
    [row] = runner.check_result("t.ss", "a\n", 1, b"[]", b"")
    assert "exited with status 1" in row


def test_the_files_are_found_with_ids_relative_to_tests_check():
    ids = [p.relative_to(runner.CHECK_DIR).as_posix() for p in runner.SS_FILES]
    assert "syntax/e0001_unexpected_text.ss" in ids
    assert ids == sorted(ids)


# --- facts (`# fact PASS:KIND`) ---------------------------------------------


def fact_run(source: str, facts: list[tuple[int, str, str]]) -> list[str]:
    """check_result on a made-up `--facts` run with no diagnostics and
    `facts` as (line, pass:kind, detail)."""
    rows = []
    for line, code, detail in facts:
        pass_name, kind = code.split(":")
        rows.append(
            {
                "file": "t.ss",
                "line": line,
                "column": 1,
                "end_line": line,
                "end_column": 2,
                "pass": pass_name,
                "kind": kind,
                "function": "f",
                "detail": detail,
            }
        )
    stdout = json.dumps({"diagnostics": [], "facts": rows}).encode()
    return runner.check_result("t.ss", source, 0, stdout, b"")


def test_a_fact_expectation_is_parsed():
    got = parse('x  # fact padding:padded-loop, error E0001\ny  # fact@-1 steps:step "changes `m`"\n')
    assert got[0] == Expectation(1, "fact", "padding:padded-loop", comment_line=1)
    assert got[1] == Expectation(1, "error", "E0001", comment_line=1)
    assert got[2] == Expectation(1, "fact", "steps:step", None, "changes `m`", comment_line=2)


def test_facts_match_like_diagnostics():
    assert fact_run("a  # fact steps:step\n", [(1, "steps:step", "changes `m`")]) == []
    missing, unexpected = fact_run('a  # fact steps:step "opt"\n', [(1, "steps:step", "changes `m`")])
    assert "missing: fact steps:step" in missing and 'has no "opt"' in missing
    assert "unexpected: fact steps:step: changes `m`" in unexpected
    unexpected, missing = fact_run("a\nb  # fact steps:step\n", [(1, "steps:step", "")])
    assert "missing" in missing and "on line 1, not 2" in missing


def test_a_stated_pass_must_be_stated_whole_and_others_are_not_checked():
    facts = [(1, "steps:step", ""), (2, "steps:device-work", "update"), (2, "padding:padded-loop", "")]
    [row] = fact_run("a  # fact steps:step\nb\n", facts)
    assert "t.ss:2:1: unexpected: fact steps:device-work: update" in row
    assert fact_run("a  # fact steps:step\nb  # fact steps:device-work\n", facts) == []
    assert fact_run("a\nb\n", facts) == []


def test_facts_without_their_keys_fail():
    stdout = json.dumps({"diagnostics": [], "facts": [{"line": 1}]}).encode()
    [row] = runner.check_result("t.ss", "a\n", 0, stdout, b"")
    assert "a fact without exactly the keys" in row
