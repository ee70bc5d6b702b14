"""Soak: thousands of random edits sent in batches without waiting, with
requests in between; the diagnostics of the final version must be exactly
those of `shapescript check --format json` on the final text and those of a
fresh server that opens it.

SS_LSP_SOAK_EDITS sets the number of edits (default 10000);
SS_LSP_SOAK_SEED the random seed (default: fixed, so a failure repeats)."""

import os
import random
import time

import pytest

from lsp_client import frame, position_of
from lsp_testing import EXAMPLES, RandomEditor, cli_diagnostics, comparable, fresh_diagnostics, lsp_as_cli

EDITS = int(os.environ.get("SS_LSP_SOAK_EDITS", "10000"))
SEED = int(os.environ.get("SS_LSP_SOAK_SEED", "1234"))


def soak(servers, tmp_path, edits: int, seed: int, debounce_args, encoding="utf-16"):
    rng = random.Random(seed)
    start_text = (EXAMPLES / "attention.ss").read_text("utf-8")
    editor = RandomEditor(rng, start_text, encoding=encoding, target=4000)
    c = servers.started(*debounce_args, encodings=[encoding])
    uri = servers.uri("soak.ss")
    c.open(uri, start_text, 1)
    version = 1
    request_ids = []
    done = 0
    started = time.monotonic()
    while done < edits:
        batch = []
        for _ in range(min(rng.randint(1, 120), edits - done)):
            version += 1
            n = 1 if rng.random() < 0.9 else rng.randint(2, 4)  # now and then several changes in one
            changes = [editor.change() for _ in range(n)]
            done += 1
            batch.append(
                frame(
                    {
                        "jsonrpc": "2.0",
                        "method": "textDocument/didChange",
                        "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes},
                    }
                )
            )
            if rng.random() < 0.01:
                # A request on the text as it is at this point of the stream.
                where = position_of(editor.text, rng.randint(0, len(editor.text)), encoding)
                method = rng.choice(
                    [
                        "textDocument/hover",
                        "textDocument/definition",
                        "textDocument/documentHighlight",
                        "textDocument/references",
                    ]
                )
                message = c.request_message(
                    method, {"textDocument": {"uri": uri}, "position": where, "context": {"includeDeclaration": True}}
                )
                request_ids.append(message["id"])
                batch.append(frame(message))
        c.send_raw(b"".join(batch))
        if rng.random() < 0.05:
            time.sleep(rng.random() * 0.02)  # sometimes let a check start, to be stopped by the next edit
    sent = time.monotonic() - started

    final = c.diagnostics(uri, version, timeout=60)["diagnostics"]
    for id in request_ids:
        response = c.wait_for_response(id, timeout=30)
        assert "error" not in response, response
    # Versions were published in order, none after the last.
    time.sleep(0.2)
    versions = [
        m["params"]["version"]
        for m in c.received
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
    ]
    assert versions == sorted(versions) and versions[-1] == version
    assert c.shutdown_and_exit(timeout=20) == 0
    assert not c.protocol_errors

    path = tmp_path / "final.ss"
    path.write_bytes(editor.text.encode("utf-8"))
    from_cli = cli_diagnostics(servers.checker, path)
    assert lsp_as_cli(final, editor.text, encoding) == from_cli, (
        f"seed {seed}: the server's diagnostics after {edits} edits differ from `shapescript check` (text in {path})"
    )
    assert comparable(final) == comparable(fresh_diagnostics(servers, editor.text, [encoding], timeout=30)), (
        f"seed {seed}: the server's diagnostics after {edits} edits differ from a fresh server's"
    )
    return sent, len(versions), len(final)


@pytest.mark.time_limit(max(120, EDITS // 50))
def test_soak_random_edits_debounce_0(servers, tmp_path):
    soak(servers, tmp_path, EDITS, SEED, ["--debounce-ms", "0"])


@pytest.mark.time_limit(max(60, EDITS // 100))
def test_soak_random_edits_default_debounce_utf8(servers, tmp_path):
    soak(servers, tmp_path, max(1, EDITS // 4), SEED + 1, [], encoding="utf-8")
