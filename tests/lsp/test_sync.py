"""Document sync and position encodings: incremental edits give what a fresh
open of the final text gives, versions are published, and columns are
UTF-16 code units or UTF-8 bytes as negotiated."""

import random
import time

import pytest

from lsp_client import frame, position_of
from lsp_testing import EXAMPLES, RandomEditor, cli_diagnostics, comparable, fresh_diagnostics, lsp_as_cli

# Non-ASCII before the code on the same line: a string and identifiers.
NON_ASCII = (
    "# é😀 a comment: 😀😀\n"
    "fn f(état: [n]) -> [n]:\n"
    '    print("é😀", nope, état)\n'
    '    y = "😀😀中"\n'
    "    return état + zz\n"
)


def offsets_in_units(text: str, needle: str, encoding: str, occurrence: int = 0):
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return position_of(text, index, encoding), position_of(text, index + len(needle), encoding)


@pytest.mark.parametrize(
    "encodings,encoding", [(["utf-16"], "utf-16"), (["utf-8", "utf-16"], "utf-8"), (None, "utf-16")]
)
def test_diagnostic_columns_follow_the_encoding(servers, encodings, encoding):
    c = servers.started(encodings=encodings)
    uri = servers.uri("a.ss")
    c.open(uri, NON_ASCII)
    diagnostics = c.diagnostics(uri, 1)["diagnostics"]
    got = sorted(
        (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["character"])
        for d in diagnostics
    )
    want = []
    for name in ("nope", "zz"):
        start, end = offsets_in_units(NON_ASCII, name, encoding)
        want.append(("E0102", start["line"], start["character"], end["character"]))
    assert got == sorted(want)
    # The two encodings really differ on these lines.
    assert offsets_in_units(NON_ASCII, "nope", "utf-8") != offsets_in_units(NON_ASCII, "nope", "utf-16")
    assert c.shutdown_and_exit() == 0


@pytest.mark.parametrize("encodings,encoding", [(["utf-16"], "utf-16"), (["utf-8"], "utf-8")])
def test_request_positions_follow_the_encoding(servers, encodings, encoding):
    c = servers.started(encodings=encodings)
    uri = servers.uri("a.ss")
    c.open(uri, NON_ASCII)
    # `état` after the string on line 3: hover gives its range, definition the parameter.
    start, end = offsets_in_units(NON_ASCII, "état", encoding, occurrence=1)
    hover = c.hover(uri, start["line"], start["character"] + 1)["result"]
    assert hover["range"] == {"start": start, "end": end}
    definition = c.result("textDocument/definition", {"textDocument": {"uri": uri}, "position": start})
    param_start, param_end = offsets_in_units(NON_ASCII, "état", encoding, occurrence=0)
    assert definition == [{"uri": uri, "range": {"start": param_start, "end": param_end}}]
    # References of `état` after the emoji line.
    refs = c.result(
        "textDocument/references",
        {"textDocument": {"uri": uri}, "position": start, "context": {"includeDeclaration": True}},
    )
    assert {"start": param_start, "end": param_end} in [r["range"] for r in refs]
    assert len(refs) == 3
    assert c.shutdown_and_exit() == 0


def test_utf16_position_inside_a_surrogate_pair_is_the_character_start(servers):
    c = servers.started()
    uri = servers.uri("a.ss")
    text = "# 😀\nfn f(x: [n]) -> [n]:\n    return x\n"
    c.open(uri, text, 1)
    c.diagnostics(uri, 1)
    # Character 3 is between the two halves of 😀: the edit goes before it.
    c.change(
        uri, 2, [{"range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 3}}, "text": "é"}]
    )
    after = c.diagnostics(uri, 2)["diagnostics"]
    assert comparable(after) == comparable(fresh_diagnostics(servers, "# é😀\nfn f(x: [n]) -> [n]:\n    return x\n"))
    assert c.shutdown_and_exit() == 0


def test_utf8_position_inside_a_character_is_the_character_start(servers):
    """With UTF-8 positions, a byte offset inside `é` or `中` means the
    character's start: an edit there goes before it, never splitting it
    (as a UTF-16 position inside a surrogate pair does). The undefined
    name's message shows the text the server holds."""
    c = servers.started(encodings=["utf-8"])
    uri = servers.uri("a.ss")
    text = "fn f(x: [n]) -> [n]:\n    return é中\n"
    c.open(uri, text, 1)
    c.diagnostics(uri, 1)
    # On line 1, bytes 11-12 are `é`, bytes 13-15 `中`.
    c.change(
        uri,
        2,
        [
            {"range": {"start": {"line": 1, "character": 14}, "end": {"line": 1, "character": 15}}, "text": "a"},
            {"range": {"start": {"line": 1, "character": 12}, "end": {"line": 1, "character": 12}}, "text": "b"},
        ],
    )
    after = c.diagnostics(uri, 2)["diagnostics"]
    expected = "fn f(x: [n]) -> [n]:\n    return béa中\n"
    assert comparable(after) == comparable(fresh_diagnostics(servers, expected, ["utf-8"]))
    assert any("béa中" in d["message"] for d in after), after
    assert c.shutdown_and_exit() == 0


def edited_at_checkpoints(servers, text: str, editor, steps: int, every: int, encodings=None):
    """A server given `steps` random edits of `text` (`editor`'s), without
    waiting; every `every` edits yields (client, uri, version, step)."""
    c = servers.started("--debounce-ms", "0", encodings=encodings)
    uri = servers.uri("a.ss")
    c.open(uri, text, 1)
    version = 1
    for step in range(steps):
        version += 1
        c.change(uri, version, [editor.change()])
        if step % every == every - 1:
            yield c, uri, version, step
    assert c.shutdown_and_exit() == 0


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_random_edits_match_a_fresh_open(servers, encoding):
    rng = random.Random(20240 + len(encoding))
    text = (EXAMPLES / "mistakes" / "shapes.ss").read_text("utf-8") + NON_ASCII
    editor = RandomEditor(rng, text, encoding=encoding)
    encodings = [encoding]
    for c, uri, version, step in edited_at_checkpoints(servers, text, editor, 300, 60, encodings):
        # Now and then, wait for this version and compare it with a fresh open.
        published = c.diagnostics(uri, version)["diagnostics"]
        assert comparable(published) == comparable(fresh_diagnostics(servers, editor.text, encodings)), (
            f"after {step + 1} edits"
        )


def syntax_answers(client, uri: str, text: str) -> dict:
    """What the server answers from the syntax trees: tokens, folds, the
    selection at a few places, the formatted text."""
    doc = {"textDocument": {"uri": uri}}
    places = [position_of(text, i) for i in range(0, len(text), max(1, len(text) // 7))]
    return {
        "tokens": client.result("textDocument/semanticTokens/full", doc)["data"],
        "folds": client.result("textDocument/foldingRange", doc),
        "selections": client.result("textDocument/selectionRange", {**doc, "positions": places}),
        # A text with syntax errors is refused: the same refusal.
        "format": {
            k: v
            for k, v in client.request(
                "textDocument/formatting", {**doc, "options": {"tabSize": 4, "insertSpaces": True}}
            ).items()
            if k != "id"
        },
    }


def test_forgotten_trees_answer_as_a_fresh_open(servers):
    """The server frees the trees of the chunks an edit didn't touch, and all
    of them once edits pause (docs/architecture.md, syntax/): edits there,
    and the editor's questions, then read them again as they were."""
    rng = random.Random(7)
    text = (EXAMPLES / "llama.ss").read_text("utf-8") + NON_ASCII
    editor = RandomEditor(rng, text, target=len(text))
    for c, uri, version, step in edited_at_checkpoints(servers, text, editor, 40, 8):
        c.diagnostics(uri, version)
        if step % 16 == 15:
            time.sleep(0.5)  # edits pause: every tree is forgotten
        fresh = servers.started()
        fresh_uri = servers.uri("fresh.ss")
        fresh.open(fresh_uri, editor.text, 1)
        fresh.diagnostics(fresh_uri, 1)
        assert syntax_answers(c, uri, editor.text) == syntax_answers(fresh, fresh_uri, editor.text), (
            f"after {step + 1} edits"
        )
        assert fresh.shutdown_and_exit() == 0


def test_typing_a_file_character_by_character(servers, tmp_path):
    text = (EXAMPLES / "mistakes" / "names_and_sizes.ss").read_text("utf-8")
    c = servers.started("--debounce-ms", "0")
    uri = servers.uri("typed.ss")
    c.open(uri, "", 1)
    typed = ""
    data = []
    for i, ch in enumerate(text):
        start = position_of(typed, len(typed))
        data.append(
            frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": i + 2},
                        "contentChanges": [{"range": {"start": start, "end": start}, "text": ch}],
                    },
                }
            )
        )
        typed += ch
    c.send_raw(b"".join(data))
    final = c.diagnostics(uri, len(text) + 1, timeout=20)["diagnostics"]
    assert comparable(final) == comparable(fresh_diagnostics(servers, text))
    path = tmp_path / "typed_check.ss"
    path.write_text(text, "utf-8")
    assert lsp_as_cli(final, text) == cli_diagnostics(servers.checker, path)
    assert c.shutdown_and_exit() == 0


def test_several_changes_in_one_notification_apply_in_order(servers):
    c = servers.started()
    uri = servers.uri("a.ss")
    c.open(uri, "fn f(x: [n]) -> [n]:\n    return x\n", 3)
    c.diagnostics(uri, 3)
    changes = [
        # return x -> return qq (the second change sees the first's text).
        {"range": {"start": {"line": 1, "character": 11}, "end": {"line": 1, "character": 12}}, "text": "q"},
        {"range": {"start": {"line": 1, "character": 12}, "end": {"line": 1, "character": 12}}, "text": "q"},
        {
            "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
            "text": "fn g(y: [n]) -> [n]:\n    return y\n",
        },
    ]
    c.change(uri, 4, changes)
    [d] = c.diagnostics(uri, 4)["diagnostics"]
    assert d["code"] == "E0102" and "`qq`" in d["message"]
    assert d["range"] == {"start": {"line": 1, "character": 11}, "end": {"line": 1, "character": 13}}
    # A change without a range replaces the whole text.
    c.change(uri, 5, [{"text": "fn h(z: [n]) -> [n]:\n    return w\n"}])
    [d] = c.diagnostics(uri, 5)["diagnostics"]
    assert "`w`" in d["message"]
    assert c.shutdown_and_exit() == 0


def test_each_published_version_is_the_latest_edit_seen(servers):
    c = servers.started("--debounce-ms", "0")
    uri = servers.uri("a.ss")
    c.open(uri, "fn f(x: [n]) -> [n]:\n    return x\n", 1)
    assert c.diagnostics(uri, 1)["diagnostics"] == []
    # An error on each odd version, none on even ones.
    for v in range(2, 42):
        body = "return x" if v % 2 == 0 else "return q"
        c.change(
            uri,
            v,
            [{"range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 12}}, "text": body}],
        )
    last = c.diagnostics(uri, 41)["diagnostics"]
    assert [d["code"] for d in last] == ["E0102"]
    for m in c.received:
        if m.get("method") == "textDocument/publishDiagnostics":
            p = m["params"]
            assert bool(p["diagnostics"]) == (p["version"] % 2 == 1 and p["version"] > 1), p
    versions = [m["params"]["version"] for m in c.received if m.get("method") == "textDocument/publishDiagnostics"]
    assert versions == sorted(versions)
    assert c.shutdown_and_exit() == 0


def test_an_edit_after_its_check_is_checked_at_once_a_burst_once_at_its_end(servers):
    # Leading-edge debounce (docs/lsp.md); a long debounce makes each case
    # plain. An edit that comes after the last one's check is out waits for
    # nothing; edits that come together are checked once, after the last
    # has waited the debounce.
    debounce_s = 1.5
    c = servers.started("--debounce-ms", str(int(debounce_s * 1000)))
    uri = servers.uri("a.ss")
    # Long enough that a check lasts longer than the edits of one write
    # take to arrive.
    functions = "".join(f"fn g{i}(x: [n]) -> [n]:\n    return x\n" for i in range(1000))
    c.open(uri, "fn f(x: [n]) -> [n]:\n    return x\n" + functions, 1)
    assert c.diagnostics(uri, 1)["diagnostics"] == []

    def edit(version):
        body = "return x" if version % 2 == 0 else "return q"
        at = {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 12}}
        return {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": at, "text": body}],
            },
        }

    for version in (2, 3):  # each sent once the last is published, as a key typed after a glance
        sent = time.monotonic()
        c.send(edit(version))
        assert bool(c.diagnostics(uri, version)["diagnostics"]) == (version % 2 == 1)
        assert time.monotonic() - sent < debounce_s * 0.6, f"version {version} waited for the debounce"
    c.send_raw(b"".join(frame(edit(version)) for version in range(4, 10)))  # a burst: one write
    sent = time.monotonic()
    assert [d["code"] for d in c.diagnostics(uri, 9)["diagnostics"]] == ["E0102"]
    assert time.monotonic() - sent >= debounce_s * 0.9, "the end of a burst was checked before the debounce"
    published = [m["params"]["version"] for m in c.received if m.get("method") == "textDocument/publishDiagnostics"]
    # Version 4 came after version 3's check: it may have started at once
    # (and been stopped by the next); 5 to 8 came within the debounce.
    assert not set(published) & {5, 6, 7, 8}, published
    assert c.shutdown_and_exit() == 0


def test_documents_are_independent(servers):
    c = servers.started()
    a, b = servers.uri("a.ss"), servers.uri("b.ss")
    c.open(a, "fn f(x: [n]) -> [n]:\n    return p\n", 1)
    c.open(b, "fn f(x: [n]) -> [n]:\n    return x\n", 10)
    assert [d["code"] for d in c.diagnostics(a, 1)["diagnostics"]] == ["E0102"]
    assert c.diagnostics(b, 10)["diagnostics"] == []
    c.notify("textDocument/didClose", {"textDocument": {"uri": a}})
    assert c.diagnostics(a)["diagnostics"] == []
    # A re-open starts afresh with its own version.
    c.open(a, "fn f(x: [n]) -> [n]:\n    return x\n", 1)
    assert c.diagnostics(a, 1)["diagnostics"] == []
    response = c.hover(b, 1, 11)
    assert "x" in response["result"]["contents"]["value"]
    assert c.shutdown_and_exit() == 0
