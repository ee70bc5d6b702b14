r"""Data-driven checker tests: every `.ss` file under tests/check/ carries the
diagnostics `shapescript check` must report for it, as comments on the lines
they belong to (in the style of rustc's UI tests and clang's -verify). One
pytest test per file; it fails on any missing or extra diagnostic.

The format (also in tests/README.md)
------------------------------------

    fn g(x: [n]) -> [n]
        y = f(x,, x) + [1 2]  # error E0001 col=12, error E0001 col=23 "`2`"
        z = widht             # error E0102 "did you mean `width`"
        return y              # error@-3 E0002 col=20 "expected `:`"

- An *expectation comment* is a `#` comment (outside string literals) whose
  first word is a severity. It holds one or more expectations separated by
  commas, and nothing else.
- An expectation is `SEVERITY[@+N|@-N] CODE [col=C] ["SUBSTRING"]`:
  - SEVERITY is `error`, `warning`, `info` (the JSON's `information`, the
    LSP's Information) or `hint`, in lower case;
  - `@+N` / `@-N` moves the expected line N lines below / above the
    comment's line (for a diagnostic on a line that can't hold the comment,
    or whose position a comment on it would change); without it, the
    diagnostic must start on the comment's own line;
  - CODE is the diagnostic code, `E0001`;
  - `col=C` (optional) is the 1-based column where the diagnostic starts,
    counted in code points as in `shapescript check --format json`;
  - `"SUBSTRING"` (optional) must occur in the message; `\"` and `\\`
    stand for `"` and `\` inside it.
- Each expectation matches exactly one diagnostic that starts on its line
  with its severity and code (and column and message, when given). Two equal
  expectations on a line want two such diagnostics.
- Every diagnostic no expectation matches fails the test ("unexpected"), and
  so does every expectation no diagnostic matches ("missing"). A file with
  no expectation comments must check clean.
- A comment whose first word looks like a severity but that does not follow
  the format (`# warn E0101`, `# Error E0001`, `# error E0001 because ...`)
  fails the test instead of being skipped: start explanations with another
  word, on a line of their own.
- The exit status must agree with the diagnostics (1 when there is an error,
  else 0), and `--max-diagnostics 0` is passed so none is hidden.
- Files import each other within their folder under tests/check/ (the
  first level, `modules/`): it is passed as `--path`, as a program's own
  folder is when its package's modules are checked alone.

Facts the analyses find (server/analysis/facts.hpp) are stated the same way,
with `fact` for the severity and PASS:KIND for the code, as
`shapescript check --facts` names them (in the style of go/analysis's
analysistest):

    fn s(mut m: M, x: [V]):  # fact steps:step "changes `m`"
        m.w = m.w + x        # fact steps:device-work, fact steps:changes-state "m"

A fact starts on the line of its range's start (a step's fact is the whole
function: the `fn` line); `col=` and `"SUBSTRING"` (of its detail) work as
for diagnostics. A file that states any fact of a pass states all of that
pass's facts: the ones no expectation matches fail the test. Facts of
passes a file doesn't mention are not checked.

The binary comes from SS_BIN_DIR (set by CTest), or build/bin when unset.
The parsing and matching functions are pure and tested by
test_runner_selftest.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

CHECK_DIR = Path(__file__).resolve().parent
REPO_DIR = CHECK_DIR.parents[1]

# Severity as written in an expectation -> severity in the JSON output.
SEVERITIES = {"error": "error", "warning": "warning", "info": "information", "hint": "hint"}
_SEVERITY_WORDS = {json_name: word for word, json_name in SEVERITIES.items()}
# A comment whose first word is one of these (in any case) is read as an
# expectation, so a misspelt one fails loudly instead of being ignored.
_EXPECTATION_WORDS = set(SEVERITIES) | {"information", "warn", "err", "fact", "facts"}
FACT = "fact"  # the severity of a fact expectation, and of a fact read from the output

_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # as the CLI counts lines (docs/cli.md)
# The first word, and what may follow it in an expectation (a code written
# without the space, `errorE0001`, still counts as one).
_FIRST_WORD = re.compile(r"\s*([A-Za-z]+?)(?=@|\s|,|$|[A-Z][0-9])")
_SEVERITY = re.compile(r"([A-Za-z]+?)(?=[^A-Za-z]|$|[A-Z][0-9])")
_OFFSET = re.compile(r"@([+-])([0-9]+)(?=\s|$)")
_CODE = re.compile(r"[A-Z][0-9]{4}(?=[\s,]|$)")
_FACT_CODE = re.compile(r"[a-z]+:[a-z]+(?:-[a-z]+)*(?=[\s,]|$)")
_COLUMN = re.compile(r"col=([0-9]+)(?=[\s,]|$)")

JSON_KEYS = {"file", "line", "column", "end_line", "end_column", "severity", "code", "message", "related"}
FACT_KEYS = {"file", "line", "column", "end_line", "end_column", "pass", "kind", "function", "detail"}


@dataclass(frozen=True)
class Expectation:
    line: int  # 1-based line the diagnostic must start on
    severity: str  # as in the JSON: error, warning, information, hint
    code: str
    column: int | None = None  # 1-based code-point column, when checked
    message: str | None = None  # a substring of the message, when checked
    comment_line: int = 0  # the line of the comment that wrote it

    def describe(self) -> str:
        text = f"{_SEVERITY_WORDS.get(self.severity, self.severity)} {self.code}"
        if self.column is not None:
            text += f" col={self.column}"
        if self.message is not None:
            text += ' "' + self.message.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return text


@dataclass(frozen=True)
class Diagnostic:
    line: int
    column: int
    severity: str
    code: str
    message: str

    def describe(self) -> str:
        return f"{_SEVERITY_WORDS.get(self.severity, self.severity)} {self.code}: {self.message}"


class MalformedExpectation(Exception):
    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


# ------------------------------------------------------------------- parsing


def split_lines(text: str) -> list[str]:
    """The lines of a source as the CLI numbers them (LF, CRLF, lone CR)."""
    return _LINE_BREAK.split(text)


def comment_start(line: str) -> int | None:
    """Index of the `#` that starts the line's comment, if any: the first `#`
    outside a double-quoted string (strings have backslash escapes)."""
    in_string = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "#":
            return i
        i += 1
    return None


def is_expectation_comment(comment: str) -> bool:
    """Whether a comment's text (after the `#`) is meant as expectations."""
    m = _FIRST_WORD.match(comment)
    return bool(m) and m.group(1).lower() in _EXPECTATION_WORDS


def parse_comment(comment: str, line: int, line_count: int) -> list[Expectation]:
    """The expectations in one comment's text (after the `#`), written on
    `line` of a file of `line_count` lines. Raises MalformedExpectation."""
    expectations = []
    pos = 0
    n = len(comment)

    def skip_spaces(p: int) -> int:
        while p < n and comment[p].isspace():
            p += 1
        return p

    def fail(reason: str):
        raise MalformedExpectation(line, f"{reason} in the expectation comment `#{comment.rstrip()}`")

    while True:
        pos = skip_spaces(pos)
        m = _SEVERITY.match(comment, pos)
        if not m or (m.group(1) not in SEVERITIES and m.group(1) != FACT):
            found = f"`{m.group(1)}`" if m else ("the end" if pos >= n else f"`{comment[pos:].strip()}`")
            fail(f"expected a severity (error, warning, info or hint) or `fact`, found {found}")
        severity = SEVERITIES.get(m.group(1), FACT)
        pos = m.end()

        target = line
        if pos < n and comment[pos] == "@":
            m = _OFFSET.match(comment, pos)
            if not m:
                fail("expected a line offset `@+N` or `@-N` after the severity")
            offset = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            if offset == 0:
                fail("`@+0` is the comment's own line: leave the offset out")
            target = line + offset
            if not 1 <= target <= line_count:
                fail(
                    f"line offset `@{m.group(1)}{m.group(2)}` points to line {target}, "
                    f"outside the file's lines 1 to {line_count}"
                )
            pos = m.end()

        after_severity = skip_spaces(pos)
        m = (_FACT_CODE if severity == FACT else _CODE).match(comment, after_severity)
        if not m and severity == FACT:
            fail("expected a pass and a kind such as `padding:padded-loop` after `fact`")
        if not m:
            fail("expected a diagnostic code such as E0001 after the severity")
        if after_severity == pos:
            fail("expected a space between the severity and the code")
        code = m.group(0)
        pos = m.end()

        column = message = None
        while True:
            after = skip_spaces(pos)
            if after >= n or comment[after] == ",":
                pos = after
                break
            if after == pos:
                fail(f"expected a space before `{comment[pos:].strip()}`")
            pos = after
            if comment.startswith("col=", pos):
                m = _COLUMN.match(comment, pos)
                if not m or int(m.group(1)) == 0:
                    fail("expected a 1-based column after `col=`")
                if column is not None:
                    fail("`col=` given twice")
                column = int(m.group(1))
                pos = m.end()
            elif comment[pos] == '"':
                if message is not None:
                    fail("two message substrings for one diagnostic")
                chars = []
                pos += 1
                while True:
                    if pos >= n:
                        fail('unterminated message substring (a `"` is missing)')
                    c = comment[pos]
                    if c == "\\" and pos + 1 < n and comment[pos + 1] in '"\\':
                        chars.append(comment[pos + 1])
                        pos += 2
                    elif c == '"':
                        pos += 1
                        break
                    else:
                        chars.append(c)
                        pos += 1
                message = "".join(chars)
                if not message:
                    fail("empty message substring")
                if pos < n and not comment[pos].isspace() and comment[pos] != ",":
                    fail(f"expected a space or `,` after the message substring, found `{comment[pos:].strip()}`")
            else:
                fail(
                    f"unexpected `{comment[pos:].strip()}`: after the code come only "
                    f'`col=N`, a "message substring" and `,` before another expectation'
                )

        expectations.append(Expectation(target, severity, code, column, message, comment_line=line))
        if pos >= n:
            return expectations
        pos += 1  # the comma
        if not comment[pos:].strip():
            fail("a `,` with no expectation after it")


def parse_expectations(text: str) -> list[Expectation]:
    """Every expectation in a source text. Raises MalformedExpectation."""
    lines = split_lines(text)
    expectations = []
    for number, line in enumerate(lines, start=1):
        start = comment_start(line)
        if start is None:
            continue
        comment = line[start + 1 :]
        if is_expectation_comment(comment):
            expectations += parse_comment(comment, number, len(lines))
    return expectations


# ------------------------------------------------------------------ matching


def fits(e: Expectation, d: Diagnostic) -> bool:
    return (
        e.line == d.line
        and e.severity == d.severity
        and e.code == d.code
        and (e.column is None or e.column == d.column)
        and (e.message is None or e.message in d.message)
    )


def match(expectations: list[Expectation], diagnostics: list[Diagnostic]):
    """Pairs expectations with diagnostics, one to one, as many as possible
    (a maximum bipartite matching, so the order of the comments never
    matters). Returns (missing expectations, unexpected diagnostics)."""
    owner: dict[int, int] = {}  # diagnostic index -> expectation index
    candidates = [[j for j, d in enumerate(diagnostics) if fits(e, d)] for e in expectations]

    def augment(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(expectations)):
        augment(i, set())
    matched = set(owner.values())
    missing = [e for i, e in enumerate(expectations) if i not in matched]
    unexpected = [d for j, d in enumerate(diagnostics) if j not in owner]
    return missing, unexpected


def _near_miss(e: Expectation, unexpected: list[Diagnostic]) -> str | None:
    """Why the closest unmatched diagnostic with the same code did not match."""
    same_code = [d for d in unexpected if d.code == e.code]
    if not same_code:
        return None
    d = min(same_code, key=lambda d: (abs(d.line - e.line), d.line, d.column))
    why = []
    if d.line != e.line:
        why.append(f"is on line {d.line}, not {e.line}")
    if d.severity != e.severity:
        why.append(
            f"is {_SEVERITY_WORDS.get(d.severity, d.severity)}, not {_SEVERITY_WORDS.get(e.severity, e.severity)}"
        )
    if e.column is not None and d.column != e.column:
        why.append(f"starts at col={d.column}, not col={e.column}")
    if e.message is not None and e.message not in d.message:
        why.append(f'has no "{e.message}" in its message')
    if not why:
        return None
    return f"the closest unmatched {e.code} " + " and ".join(why)


def report(label: str, missing: list[Expectation], unexpected: list[Diagnostic]) -> list[str]:
    """One line per problem, in line order, each starting with label:line."""
    rows = []
    for e in missing:
        where = "" if e.comment_line == e.line else f" (written on line {e.comment_line})"
        text = f"{label}:{e.line}: missing: {e.describe()}{where}"
        note = _near_miss(e, unexpected)
        if note:
            text += f"\n    note: {note}"
        rows.append(((e.line, 0, e.column or 0), text))
    for d in unexpected:
        rows.append(((d.line, 1, d.column), f"{label}:{d.line}:{d.column}: unexpected: {d.describe()}"))
    return [text for _, text in sorted(rows, key=lambda r: r[0])]


def parse_output(returncode: int, stdout: bytes, stderr: bytes) -> tuple[list[Diagnostic], list[str]]:
    """The diagnostics of one `shapescript check --format json` run on one
    file (with `--facts`, its facts too, as Diagnostics of severity `fact`
    and code PASS:KIND), and the problems with the run itself (crash, bad
    JSON, wrong exit status)."""
    err = stderr.decode("utf-8", errors="replace").strip()
    if returncode not in (0, 1):
        return [], [
            f"shapescript check exited with status {returncode}" + (f"; its standard error:\n{err}" if err else "")
        ]
    try:
        data = json.loads(stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return [], [
            f"shapescript check printed no JSON array ({e}):\n" + stdout.decode("utf-8", errors="replace")[:2000]
        ]
    facts = []
    if isinstance(data, dict) and set(data) == {"diagnostics", "facts"} and isinstance(data["facts"], list):
        data, facts = data["diagnostics"], data["facts"]
    if not isinstance(data, list):
        return [], [f"shapescript check printed {type(data).__name__}, not a JSON array"]
    diagnostics, problems = [], []
    for item in data:
        if not isinstance(item, dict) or set(item) != JSON_KEYS:
            problems.append(f"a diagnostic without exactly the keys {sorted(JSON_KEYS)}: {item!r}")
            continue
        diagnostics.append(Diagnostic(item["line"], item["column"], item["severity"], item["code"], item["message"]))
    want = 1 if any(d.severity == "error" for d in diagnostics) else 0
    for item in facts:
        if not isinstance(item, dict) or set(item) != FACT_KEYS:
            problems.append(f"a fact without exactly the keys {sorted(FACT_KEYS)}: {item!r}")
            continue
        code = f"{item['pass']}:{item['kind']}"
        diagnostics.append(Diagnostic(item["line"], item["column"], FACT, code, item["detail"]))
    if not problems and returncode != want:
        problems.append(
            f"shapescript check exited with status {returncode}, but its diagnostics "
            f"call for {want} (1 when there is an error, else 0)"
        )
    return diagnostics, problems


def check_result(label: str, source: str, returncode: int, stdout: bytes, stderr: bytes) -> list[str]:
    """Everything wrong with one file's check: malformed expectations, a bad
    run, missing and unexpected diagnostics. Empty when the file passes."""
    try:
        expectations = parse_expectations(source)
    except MalformedExpectation as e:
        return [f"{label}:{e.line}: malformed expectation: {e.reason}"]
    diagnostics, problems = parse_output(returncode, stdout, stderr)
    if problems:
        return [f"{label}: {p}" for p in problems]
    # Only the facts of the passes the file states facts of.
    stated = {e.code.split(":")[0] for e in expectations if e.severity == FACT}
    diagnostics = [d for d in diagnostics if d.severity != FACT or d.code.split(":")[0] in stated]
    missing, unexpected = match(expectations, diagnostics)
    return report(label, missing, unexpected)


# ----------------------------------------------------------------- the tests


def _ss_files() -> list[Path]:
    return sorted(CHECK_DIR.rglob("*.ss"), key=lambda p: p.relative_to(CHECK_DIR).as_posix())


SS_FILES = _ss_files()


@pytest.fixture(scope="session")
def shapescript() -> Path:
    value = os.environ.get("SS_BIN_DIR")
    bin_dir = Path(value) if value else REPO_DIR / "build" / "bin"
    exe = bin_dir / "shapescript"
    if not exe.is_file():
        if value:
            why = f"SS_BIN_DIR={value} holds no `shapescript` program"
        else:
            why = f"SS_BIN_DIR is not set, and the default {bin_dir} holds no `shapescript` program"
        pytest.fail(
            f"{why}: build first (cmake --build build), and set SS_BIN_DIR to the folder "
            "of the built programs (CTest sets it)",
            pytrace=False,
        )
    return exe


def test_there_are_check_files():
    assert SS_FILES, f"no .ss files under {CHECK_DIR}"


@pytest.mark.parametrize("path", SS_FILES, ids=lambda p: p.relative_to(CHECK_DIR).as_posix())
def test_check_file(path: Path, shapescript: Path):
    label = path.relative_to(REPO_DIR).as_posix()
    source = path.read_bytes().decode("utf-8", errors="replace")
    group = CHECK_DIR / path.relative_to(CHECK_DIR).parts[0]
    result = subprocess.run(
        [str(shapescript), "check", "--format", "json", "--facts", "--max-diagnostics", "0"]
        + ["--path", str(group), str(path)],
        capture_output=True,
        timeout=60,
    )
    problems = check_result(label, source, result.returncode, result.stdout, result.stderr)
    if problems:
        pytest.fail(f"{len(problems)} problem(s):\n" + "\n".join(problems), pytrace=False)
