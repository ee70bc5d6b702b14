"""Runs each scripted session in sessions/*.session against a fresh server
(format in README.md): `-->` lines are sent, `<--` lines are waited for and
matched as a subset of the next message that fits."""

import json
import re
import shlex
from pathlib import Path

import pytest

from lsp_client import file_uri
from lsp_testing import REPO

SESSIONS = Path(__file__).resolve().parent / "sessions"
TIMEOUT = 10.0


class Step:
    def __init__(self, kind: str, line: int, text: str):
        self.kind = kind  # "-->" or "<--"
        self.line = line
        self.text = text


def parse_session(path: Path):
    """(steps, server arguments, expected exit code or None)."""
    steps: list[Step] = []
    args: list[str] = []
    exit_code = None
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        stripped = line.strip()
        if line.startswith("-->") or line.startswith("<--"):
            steps.append(Step(line[:3], number, line[3:]))
        elif stripped.startswith("#"):
            directive = re.match(r"#\s*(ARGS|EXIT):(.*)", stripped)
            if directive and directive.group(1) == "ARGS":
                args += shlex.split(directive.group(2))
            elif directive:
                exit_code = int(directive.group(2))
        elif stripped:
            if not steps:
                raise ValueError(f"{path.name}:{number}: JSON before the first --> or <--")
            steps[-1].text += "\n" + line  # a message written over several lines
    return steps, args, exit_code


def substitute(text: str, default_uri: str) -> str:
    def text_of(m):
        return json.dumps((REPO / m.group(1)).read_text("utf-8"))

    def uri_of(m):
        return file_uri(REPO / m.group(1))

    text = re.sub(r"\$TEXT\(([^)]*)\)", text_of, text)
    text = re.sub(r"\$URI\(([^)]*)\)", uri_of, text)
    return text.replace("$URI", default_uri)


def mismatch(expected, actual, path: str = "") -> str | None:
    """Where `actual` does not match `expected`, or None. Objects: every key of
    `expected` must be in `actual` and match (`{"$absent": true}`: the key
    must be missing); lists: the same length, elements matched in order;
    `{"$contains": "text"}`: a string containing text; anything else: equal."""
    if isinstance(expected, dict) and set(expected) == {"$contains"}:
        if isinstance(actual, str) and expected["$contains"] in actual:
            return None
        return f"{path or '.'}: expected a string containing {expected['$contains']!r}, found {actual!r}"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path or '.'}: expected an object, found {json.dumps(actual)[:200]}"
        for key, value in expected.items():
            if value == {"$absent": True}:
                if key in actual:
                    return f"{path}.{key}: expected no such key, found {json.dumps(actual[key])[:200]}"
                continue
            if key not in actual:
                return f"{path}.{key}: missing"
            found = mismatch(value, actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path or '.'}: expected a list of {len(expected)}, found {json.dumps(actual)[:300]}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = mismatch(e, a, f"{path}[{i}]")
            if found:
                return found
        return None

    def number(v):
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    if type(expected) is not type(actual) and not (number(expected) and number(actual)):
        return f"{path or '.'}: expected {json.dumps(expected)}, found {json.dumps(actual)[:200]}"
    if expected != actual:
        return f"{path or '.'}: expected {json.dumps(expected)}, found {json.dumps(actual)[:200]}"
    return None


def run_session(servers, path: Path) -> None:
    steps, args, exit_code = parse_session(path)
    client = servers.start(*args)
    default_uri = servers.uri("session.ss")
    for step in steps:
        where = f"{path.name}:{step.line}"
        try:
            message = json.loads(substitute(step.text, default_uri))
        except json.JSONDecodeError as e:
            raise AssertionError(f"{where}: not JSON: {e}") from None
        if step.kind == "-->":
            client.send(message)
            continue
        # The first message not yet taken that matches; report the closest miss.
        misses: dict[int, str] = {}

        def fits(m, message=message, misses=misses):
            why = mismatch(message, m)
            if why:
                misses[id(m)] = f"{json.dumps(m)[:300]}\n      {why}"
            return why is None

        try:
            client.wait_for(fits, TIMEOUT, f"{where}: {json.dumps(message)[:300]}")
        except AssertionError:
            tried = "\n    ".join(misses.values()) or "(nothing)"
            raise AssertionError(
                f"{where}: no message matched {json.dumps(message)[:400]}\n"
                f"  messages not matched:\n    {tried}\n  log: {client.stderr_text[-1000:]}"
            ) from None
    leftover_errors = [m for m in client.pending() if "error" in m and "method" not in m]
    assert not leftover_errors, f"{path.name}: error responses the session did not expect: {leftover_errors}"
    if exit_code is not None:
        assert client.wait_exit(TIMEOUT) == exit_code, f"{path.name}: exit code"
    assert not client.protocol_errors, client.protocol_errors


@pytest.mark.parametrize("path", sorted(SESSIONS.glob("*.session")), ids=lambda p: p.stem)
def test_session(servers, path):
    run_session(servers, path)


# ---------------------------------------------------------------- the runner's own checks


def test_matcher():
    assert mismatch({"a": 1}, {"a": 1, "b": 2}) is None
    assert mismatch({"a": 1}, {"a": 2})
    assert mismatch({"a": {"$absent": True}}, {"b": 1}) is None
    assert mismatch({"a": {"$absent": True}}, {"a": 1})
    assert mismatch([{"a": 1}], [{"a": 1, "b": 0}]) is None
    assert mismatch([{"a": 1}], [{"a": 1}, {"a": 1}])  # lists: exactly the same length
    assert mismatch([], [1])
    assert mismatch({"$contains": "b n"}, "x: [b n D]") is None
    assert mismatch({"$contains": "b n"}, "x: [n b D]")
    assert mismatch({"x": None}, {"x": None}) is None
    assert mismatch({"x": None}, {"x": 0})
    assert mismatch({"x": 1}, {"x": True})  # true is not 1


def test_session_parser(tmp_path):
    path = tmp_path / "a.session"
    path.write_text('# ARGS: --debounce-ms 0\n# EXIT: 0\n--> {"a":\n  1}\n\n<-- {"b": $TEXT(examples/attention.ss)}\n')
    steps, args, exit_code = parse_session(path)
    assert args == ["--debounce-ms", "0"] and exit_code == 0
    assert [s.kind for s in steps] == ["-->", "<--"] and json.loads(steps[0].text) == {"a": 1}
    text = json.loads(substitute(steps[1].text, "file:///x.ss"))["b"]
    assert text == (REPO / "examples/attention.ss").read_text("utf-8")
