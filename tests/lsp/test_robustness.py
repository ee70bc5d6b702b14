"""Bad input never crashes or hangs the server: each case gets an error
reply or a logged refusal, and then the server still answers a hover
correctly."""

import json
import random
import time

import pytest

from lsp_client import apply_change, frame
from lsp_testing import EXAMPLES, comparable, fresh_diagnostics, log_text

ATTENTION = (EXAMPLES / "attention.ss").read_text("utf-8")


def hover_message(c, uri, id=None):
    return c.request_message(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 11, "character": 5}}, id
    )


@pytest.fixture
def session(servers):
    """An initialized server with attention.ss open and checked."""
    c = servers.started()
    c.uri = servers.uri("attention.ss")
    c.open(c.uri, ATTENTION, 1)
    assert c.diagnostics(c.uri, 1)["diagnostics"] == []
    yield c
    if c.returncode is None:
        assert c.shutdown_and_exit() == 0, "the server ends cleanly after the bad input"
    assert not c.protocol_errors


def assert_alive(c, timeout=10):
    """The server answers a hover on attention.ss's `att` with its shape."""
    message = hover_message(c, c.uri)
    c.send(message)
    response = c.wait_for_response(message["id"], timeout)
    assert "att: [b H n m]" in response["result"]["contents"]["value"], response
    assert c.returncode is None


def wait_for_log(c, text, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in log_text(c):
            return
        time.sleep(0.02)
    raise AssertionError(f"{text!r} not in the log:\n{log_text(c)[-3000:]}")


def error_reply(c, code, id=None, timeout=10):
    """The next error response with `code` (and `id`, null by default)."""
    return c.wait_for(
        lambda m: "error" in m and m.get("id", "missing") == id and m["error"]["code"] == code,
        timeout,
        f"an error {code} with id {id}",
    )


# ------------------------------------------------------------ framing

BODY = b'{"jsonrpc": "2.0", "method": "$/nothing"}'
FRAMING_CASES = {
    "no_colon": (b"Garbage header\r\n\r\n" + BODY, "expected a header `Name: value`"),
    "non_numeric_length": (b"Content-Length: abc\r\n\r\n" + BODY, "expected a byte count"),
    "negative_length": (b"Content-Length: -5\r\n\r\n" + BODY, "expected a byte count"),
    "length_with_sign": (b"Content-Length: +41\r\n\r\n" + BODY, "expected a byte count"),
    "empty_length": (b"Content-Length:\r\n\r\n" + BODY, "expected a byte count"),
    "duplicated_length": (b"Content-Length: 41\r\nContent-Length: 41\r\n\r\n" + BODY, "found a second"),
    "missing_length": (
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + BODY,
        "expected a Content-Length header",
    ),
    "10kb_header_line": (b"X-Junk: " + b"a" * 10240 + b"\r\n\r\n" + BODY, "at most 8 KiB"),
    "10kb_line_without_break": (b"X" * 10240, "at most 8 KiB"),
    "10kb_length_line": (b"Content-Length: " + b" " * 10240 + b"41\r\n\r\n" + BODY, "at most 8 KiB"),
    "10kb_length_line_without_break": (b"Content-Length: " + b"9" * 10240, "at most 8 KiB"),
    "huge_length_10e30": (b"Content-Length: %d\r\n\r\n" % 10**30 + BODY, "expected a byte count"),
}
# A Content-Length over 64 MiB is skipped by its length, so what follows it
# is not read: see the tests after test_body_over_64_mib_is_skipped.


@pytest.mark.parametrize("together", [False, True], ids=["then", "same_write"])
@pytest.mark.parametrize("case", sorted(FRAMING_CASES))
def test_bad_framing_is_logged_and_skipped(session, case, together):
    bad, logged = FRAMING_CASES[case]
    if together:
        # The bad bytes and the next request in one write.
        message = hover_message(session, session.uri)
        session.send_raw(bad + frame(message))
        assert "result" in session.wait_for_response(message["id"])
    else:
        session.send_raw(bad)
        wait_for_log(session, "bad message framing")
    wait_for_log(session, logged)
    assert_alive(session)
    assert [m for m in session.received if "error" in m] == [], "framing errors are logged, not answered"


def test_header_variants_are_accepted(session):
    heads = [
        b"content-length: %d\r\n\r\n",  # any case
        b"Content-Length:   %d   \r\n\r\n",  # spaces
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: %d\r\n\r\n",
        b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n",
        b"Content-Length: %d\n\n",  # bare LF
        b"\r\n\r\nContent-Length: %d\r\n\r\n",  # stray blank lines first
    ]
    for i, head in enumerate(heads):
        body = json.dumps(hover_message(session, session.uri, id=f"variant{i}")).encode()
        session.send_raw(head % len(body) + body)
        assert "result" in session.wait_for_response(f"variant{i}"), head
    assert_alive(session)


def test_a_message_split_into_single_bytes(session):
    message = hover_message(session, session.uri)
    for byte in frame(message):
        session.send_raw(bytes([byte]))
    assert "att" in session.wait_for_response(message["id"])["result"]["contents"]["value"]
    assert_alive(session)


def test_content_length_too_small(session):
    message = json.dumps(hover_message(session, session.uri, id="short")).encode()
    session.send_raw(b"Content-Length: %d\r\n\r\n" % (len(message) - 10) + message)
    # The cut body is not JSON; what is left of it is skipped up to the next header.
    error = error_reply(session, -32700)
    assert "JSON" in error["error"]["message"]
    assert_alive(session)  # the very next message is read
    wait_for_log(session, "bad message framing")


def test_content_length_too_large(session):
    message = json.dumps(hover_message(session, session.uri, id="long")).encode()
    session.send_raw(b"Content-Length: %d\r\n\r\n" % (len(message) + 30) + message)
    # The body takes 30 bytes of the next message: not JSON, and that message is lost.
    lost = hover_message(session, session.uri, id="lost")
    session.send(lost)
    error_reply(session, -32700)
    assert_alive(session)


def test_huge_content_length_swallows_what_follows(session):
    # The peer declared a terabyte of body: what follows is that body, skipped
    # unbuffered, and no message in it runs, up to the end of input.
    hidden = hover_message(session, session.uri, id="hidden")
    session.send_raw(b"Content-Length: 1000000000000\r\n\r\n" + frame(json.dumps(hidden).encode()))
    wait_for_log(session, "the body is skipped")
    session.close_input()
    assert session.wait_exit() == 1  # end of input without shutdown
    assert not [m for m in session.take_pending() if m.get("id") == "hidden"]
    wait_for_log(session, "input ended inside a refused body")


def test_message_inside_a_refused_body_is_not_run(session):
    # The body (64 MiB + 1 byte, one over the limit) starts with a framed
    # request: resynchronising at its Content-Length would run it.
    hidden = frame(json.dumps(hover_message(session, session.uri, id="hidden")).encode())
    length = 64 * 2**20 + 1
    session.send_raw(b"Content-Length: %d\r\n\r\n" % length + hidden + b" " * (length - len(hidden)))
    assert_alive(session, timeout=20)
    assert not [m for m in session.take_pending() if m.get("id") == "hidden"]


def test_body_over_64_mib_is_skipped(session):
    text = "a" * (65 * 2**20)
    session.open(session.uri.replace("attention", "huge"), text)
    wait_for_log(session, "at most 67108864 bytes")
    assert_alive(session, timeout=20)


# ------------------------------------------------------------ bodies


@pytest.mark.parametrize(
    "body",
    [
        b'{"jsonrpc": "2.0", "id": 5, "method": ',
        b"not json at all",
        b"",
        b"{} {}",
        b'{"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {"x": "\xff\xfe"}}',
        b'{"jsonrpc": "2.0", "id": 7, "method": "x", "params": {"s": "\\ud800"}}',
        b"\x00" * 20,
    ],
    ids=["cut", "text", "empty", "two_values", "invalid_utf8", "lone_surrogate", "nuls"],
)
def test_invalid_json_gets_32700_with_null_id(session, body):
    session.send_raw(frame(body))
    error = error_reply(session, -32700)
    assert error["id"] is None
    assert_alive(session)


@pytest.mark.parametrize(
    "body,expected",
    [
        ([{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}], "an array"),
        (42, "an integer"),
        ("a string", "a string"),
        (None, "null"),
        (True, "a boolean"),
        (2.5, "a number"),
    ],
)
def test_json_that_is_not_an_object_gets_32600(session, body, expected):
    session.send_raw(frame(json.dumps(body).encode()))
    error = error_reply(session, -32600)
    assert expected in error["error"]["message"]
    assert_alive(session)


@pytest.mark.parametrize(
    "message,code,id,expected",
    [
        ({"jsonrpc": "2.0", "id": 8}, -32600, 8, "method"),
        ({"jsonrpc": "2.0", "id": 9, "method": 17}, -32600, 9, "`method` to be a string"),
        ({"jsonrpc": "2.0", "id": 1.5, "method": "shutdown"}, -32600, None, "`id`"),
        ({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}, -32600, None, "`id`"),
        ({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": "x"}, -32602, 10, "`params`"),
        ({"jsonrpc": "2.0", "id": 11, "method": "textDocument/hover", "params": 3}, -32602, 11, "`params`"),
    ],
)
def test_malformed_messages(session, message, code, id, expected):
    session.send(message)
    error = error_reply(session, code, id)
    assert expected in error["error"]["message"], error
    assert_alive(session)
    # None of these shut the server down.
    assert session.returncode is None


def test_deeply_nested_json(session):
    deep = b"[" * 100000 + b"]" * 100000
    inside = b'{"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {"x": %s}}' % deep
    for body in (deep, b'{"a":' * 100000 + b"1" + b"}" * 100000, inside):
        session.send_raw(frame(body))
        assert "nested at most 512 deep" in error_reply(session, -32600)["error"]["message"]
    assert_alive(session)


def test_nesting_up_to_the_limit_is_read(session):
    # 510 levels in params, 512 with the message and params objects.
    message = hover_message(session, session.uri, id="nested")
    message["params"]["deep"] = json.loads("[" * 510 + "]" * 510)
    session.send(message)
    assert "att" in session.wait_for_response("nested")["result"]["contents"]["value"]


@pytest.mark.parametrize("id", ["x" * 10000, 2**63 - 1, 2**64 - 1, -(2**63), 0, -1, ""])
def test_unusual_ids_are_echoed(session, id):
    session.send(hover_message(session, session.uri, id=id))
    response = session.wait_for_response(id)
    assert response["id"] == id and "result" in response


# ------------------------------------------------------------ parameters


def hover_with(c, params):
    return c.request("textDocument/hover", params)


@pytest.mark.parametrize(
    "params,where,found",
    [
        ({"textDocument": {"uri": "U"}, "position": "11:5"}, "`position`", "a string"),
        ({"textDocument": {"uri": 42}, "position": {"line": 0, "character": 0}}, "`textDocument.uri`", "an integer"),
        ({"textDocument": "U", "position": {"line": 0, "character": 0}}, "`textDocument`", "a string"),
        ({"position": {"line": 0, "character": 0}}, "`textDocument`", "nothing"),
        ({"textDocument": {"uri": "U"}}, "`position`", "nothing"),
        ({"textDocument": {"uri": "U"}, "position": {"line": "11", "character": 5}}, "`position.line`", "a string"),
        (
            {"textDocument": {"uri": "U"}, "position": {"line": 11, "character": 5.5}},
            "`position.character`",
            "a number with a fraction",
        ),
        (
            {"textDocument": {"uri": "U"}, "position": {"line": 2**64 - 1, "character": 0}},
            "`position.line`",
            "an integer",
        ),
        ({"textDocument": {"uri": "U"}, "position": [11, 5]}, "`position`", "an array"),
    ],
)
def test_wrong_parameter_types_get_32602_saying_what_was_expected_and_found(session, params, where, found):
    params = json.loads(json.dumps(params).replace('"U"', json.dumps(session.uri)))
    response = hover_with(session, params)
    message = response["error"]["message"]
    assert response["error"]["code"] == -32602, response
    assert where in message and "expected" in message and f"found {found}" in message, message
    assert_alive(session)


def test_null_and_array_params(session):
    for params in (None, [], {}):
        message = {"jsonrpc": "2.0", "id": f"p{params!r}", "method": "textDocument/hover", "params": params}
        session.send(message)
        assert session.wait_for_response(message["id"])["error"]["code"] == -32602
    assert_alive(session)


def test_hover_on_an_unopened_file(session):
    response = session.hover(session.uri.replace("attention", "never_opened"), 0, 0)
    assert response["error"]["code"] == -32602
    assert "never opened" in response["error"]["message"]
    assert_alive(session)


def test_did_change_for_an_unopened_file(session):
    uri = session.uri.replace("attention", "never_opened")
    session.change(uri, 2, [{"text": "fn f() -> [n]:\n    return y\n"}])
    wait_for_log(session, "not open")
    response = session.hover(uri, 0, 0)
    assert response["error"]["code"] == -32602
    assert not [m for m in session.received if m.get("params", {}).get("uri") == uri]
    assert_alive(session)


@pytest.mark.parametrize(
    "params,logged",
    [
        ({"textDocument": {"uri": "U2", "version": 1}}, "textDocument.text"),
        ({"textDocument": {"uri": "U2", "text": 5, "version": 1}}, "textDocument.text"),
        ({"textDocument": {"uri": "U2", "text": "", "version": "1"}}, "textDocument.version"),
        ({"textDocument": ["U2"]}, "textDocument"),
        ({}, "textDocument"),
    ],
)
def test_malformed_did_open_is_refused_and_logged(session, params, logged):
    uri2 = session.uri.replace("attention", "other")
    params = json.loads(json.dumps(params).replace('"U2"', json.dumps(uri2)))
    session.notify("textDocument/didOpen", params)
    wait_for_log(session, logged)
    assert session.hover(uri2, 0, 0)["error"]["code"] == -32602
    assert_alive(session)


@pytest.mark.parametrize(
    "changes,logged",
    [
        ("not a list", "contentChanges"),
        ([5], "contentChanges[0]"),
        (
            [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}],
            "contentChanges[0].text",
        ),
        ([{"range": "everything", "text": "x"}], "contentChanges[0].range"),
        ([{"range": {"start": {"line": 0, "character": 0}}, "text": "x"}], "contentChanges[0].range.end"),
    ],
)
def test_malformed_did_change_is_refused_and_logged(session, changes, logged):
    session.notify(
        "textDocument/didChange", {"textDocument": {"uri": session.uri, "version": 2}, "contentChanges": changes}
    )
    wait_for_log(session, logged)
    assert_alive(session)


# ------------------------------------------------------------ edits


@pytest.mark.parametrize(
    "start,end",
    [
        ({"line": 10**6, "character": 0}, {"line": 10**6, "character": 0}),
        ({"line": 3, "character": -5}, {"line": 3, "character": -5}),
        ({"line": 3, "character": 10**9}, {"line": 3, "character": 10**9}),
        ({"line": -1, "character": -1}, {"line": -1, "character": -1}),
        ({"line": 10**12, "character": 10**12}, {"line": 10**12, "character": 10**12}),
        ({"line": 2**62, "character": 0}, {"line": 0, "character": 0}),  # a range past the end back to 0
        ({"line": 5, "character": 4}, {"line": 4, "character": 2}),  # end before start: swapped
        ({"line": 4, "character": 7}, {"line": 4, "character": 10**6}),  # the rest of line 5
    ],
)
def test_out_of_range_edit_positions_are_clamped(servers, start, end):
    c = servers.started("--debounce-ms", "0")
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION, 1)
    c.diagnostics(uri, 1)
    change = {"range": {"start": start, "end": end}, "text": "\nfn g(y: [m]) -> [m]:\n    return qq\n"}
    c.change(uri, 2, [change])
    published = c.diagnostics(uri, 2)["diagnostics"]
    expected_text = apply_change(ATTENTION, change)
    assert comparable(published) == comparable(fresh_diagnostics(servers, expected_text))
    assert any("`qq`" in d["message"] for d in published)
    # The positions of requests are clamped the same way.
    for position in (start, end):
        response = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position})
        assert "result" in response, response
    assert c.shutdown_and_exit() == 0


def test_binary_junk(session):
    rng = random.Random(7)
    junk = [
        bytes(rng.randrange(256) for _ in range(65536)),
        b"\x00" * 10000,
        bytes(rng.randrange(256) for _ in range(100)),
        b"\r\n" * 1000,
        b"Content-Len",
        "é😀".encode() * 1000,
        b"\xff" * 9000,
    ]
    for piece in junk:
        session.send_raw(piece)
        assert_alive(session)
    # Junk between two messages in one write, and junk that ends in half a header.
    a = hover_message(session, session.uri, id="before")
    b = hover_message(session, session.uri, id="after")
    session.send_raw(frame(a) + bytes(rng.randrange(256) for _ in range(5000)) + b"\n" + frame(b) + b"Content-Le")
    assert "result" in session.wait_for_response("before")
    assert "result" in session.wait_for_response("after")
    assert_alive(session)


def test_nul_bytes_and_invalid_text_in_a_document(servers):
    c = servers.started()
    uri = servers.uri("nul.ss")
    c.open(uri, "fn f(x: [n]) -> [n]:\n    return x\x00\n\ud7ff\uffff\n", 1)
    codes = [d["code"] for d in c.diagnostics(uri, 1)["diagnostics"]]
    assert "E0004" in codes
    assert c.shutdown_and_exit() == 0


@pytest.mark.time_limit(60)
def test_a_5_mb_file_opened_and_edited(servers):
    c = servers.started()
    uri = servers.uri("big.ss")
    head, fn = ATTENTION.split("\nfn ", 1)
    functions = "".join(("fn " + fn).replace("causal_attention", f"attention_{i}") + "\n" for i in range(200))
    filler = ("# " + "x" * 97 + "\n") * (5 * 2**20 // 100)
    text = head + "\n" + filler + functions
    assert len(text.encode()) > 5 * 10**6
    started = time.monotonic()
    c.open(uri, text, 1)
    assert c.diagnostics(uri, 1, timeout=30)["diagnostics"] == []
    opened = time.monotonic() - started
    last_line = text.count("\n") - 9  # `att = ...` of the last function
    assert text.split("\n")[last_line].startswith("    att =")
    response = c.hover(uri, last_line, 5)
    assert "att: [b H n m]" in response["result"]["contents"]["value"]
    # Edits at the start, in the middle and at the end.
    version = 1
    for line in (0, len(text.split("\n")) // 2, last_line):
        version += 1
        started = time.monotonic()
        c.change(
            uri,
            version,
            [
                {
                    "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
                    "text": "# edit\n",
                }
            ],
        )
        assert c.diagnostics(uri, version, timeout=20)["diagnostics"] == []
        assert time.monotonic() - started < 10, "an edit of a big file is checked in reasonable time"
    version += 1
    # Before the last function's `return`: `zz = nope` is an error there.
    c.change(
        uri,
        version,
        [
            {
                "range": {
                    "start": {"line": last_line + 5, "character": 4},
                    "end": {"line": last_line + 5, "character": 4},
                },
                "text": "zz = nope\n    ",
            }
        ],
    )
    [d] = c.diagnostics(uri, version, timeout=20)["diagnostics"]
    assert d["code"] == "E0102" and d["range"]["start"]["line"] == last_line + 5
    assert opened < 30
    assert c.shutdown_and_exit() == 0


def test_a_document_over_the_size_limit_is_not_checked(servers):
    c = servers.started()
    uri = servers.uri("huge.ss")
    c.open(uri, "# " + "x" * (33 * 2**20) + "\n", 1)
    shown = c.wait_for_notification("window/showMessage", timeout=20)
    assert "huge.ss" in shown["message"] and "not checked" in shown["message"]
    response = c.hover(uri, 0, 0, timeout=20)
    assert response["error"]["code"] == -32803, response
    # Shrunk under the limit, it is checked.
    c.change(uri, 2, [{"text": "fn f(x: [n]) -> [n]:\n    return q\n"}])
    [d] = c.diagnostics(uri, 2, timeout=20)["diagnostics"]
    assert d["code"] == "E0102"
    assert c.shutdown_and_exit() == 0


def test_a_stale_version_is_logged_but_applied(session):
    session.change(
        session.uri,
        1,
        [{"range": {"start": {"line": 11, "character": 4}, "end": {"line": 11, "character": 4}}, "text": "y"}],
    )
    wait_for_log(session, "versions should grow")
    params = session.diagnostics(session.uri, 1)
    assert params["diagnostics"], "`yatt` is not defined... and `att` is no longer assigned"


def test_open_twice_and_close_unopened(session):
    session.open(session.uri, "fn f(x: [n]) -> [n]:\n    return q\n", 5)
    assert [d["code"] for d in session.diagnostics(session.uri, 5)["diagnostics"]] == ["E0102"]
    session.notify("textDocument/didClose", {"textDocument": {"uri": session.uri + ".never"}})
    session.open(session.uri, ATTENTION, 6)
    assert session.diagnostics(session.uri, 6)["diagnostics"] == []
    assert_alive(session)


def test_a_size_that_does_not_fit_is_a_diagnostic(session):
    # -2^63 / -1 trapped in the checker (SIGFPE), ending the server.
    uri = session.uri.replace("attention", "quotient")
    session.open(uri, "dim Q = (0 - 9223372036854775807 - 1) / (0 - 1)\n", 1)
    codes = [d["code"] for d in session.diagnostics(uri, 1)["diagnostics"]]
    assert codes == ["E0402"]
    assert_alive(session)
