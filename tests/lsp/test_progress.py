"""Work-done progress for the check of a large document (512 KiB or more),
under each editor's capability set: only for a client that declared
`window.workDoneProgress`, only after the client answered
`window/workDoneProgress/create` with a result, and never for a token it
refused (an error answer) or didn't answer; after a refusal the server asks
no more. Diagnostics come either way."""

import time

import pytest

from client_declared import Declared, client_capabilities
from lsp_testing import EXAMPLES

CLIENTS = client_capabilities()
PROGRESSING = sorted(name for name, caps in CLIENTS.items() if Declared(caps).work_done_progress)
SILENT = sorted(name for name, caps in CLIENTS.items() if not Declared(caps).work_done_progress)

CREATE = "window/workDoneProgress/create"


def large_text() -> str:
    """A clean program padded with comments past 512 KiB."""
    text = (EXAMPLES / "attention.ss").read_text("utf-8")
    line = "# " + "x" * 78 + "\n"
    return text + line * (600 * 1024 // len(line))


def is_create(m: dict) -> bool:
    return m.get("method") == CREATE and "id" in m


def progress_of(client, token=None) -> list[dict]:
    return [
        m["params"]
        for m in client.received
        if m.get("method") == "$/progress" and (token is None or m["params"]["token"] == token)
    ]


def answering_create(answer):
    """A client's answers: `answer(request)` for create requests, a null result for others."""
    return lambda m: answer(m) if m["method"] == CREATE else {"result": None}


INSERT_LINE = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "\n"}


def open_large(servers, capabilities, answer=None):
    client = servers.start("--debounce-ms", "0")
    if answer is not None:
        client.answer_server = answer
    client.initialize(capabilities)
    uri = servers.uri("large.ss")
    client.open(uri, large_text(), 1)
    return client, uri


def test_every_editor_is_in_one_group():
    assert "vscode" in PROGRESSING and "empty" in SILENT
    assert set(PROGRESSING) | set(SILENT) == set(CLIENTS)


@pytest.mark.time_limit(60)
@pytest.mark.parametrize("name", PROGRESSING)
def test_progress_begins_after_the_client_accepted_the_token(servers, name):
    client, uri = open_large(servers, CLIENTS[name], answer=answering_create(lambda m: None))  # answered below
    create = client.wait_for(is_create, what=CREATE)
    token = create["params"]["token"]
    time.sleep(0.3)  # the check waits for the answer: nothing is reported meanwhile
    assert progress_of(client) == []
    client.send({"jsonrpc": "2.0", "id": create["id"], "result": None})
    assert client.diagnostics(uri, 1, timeout=30)["diagnostics"] == []
    kinds = [p["value"]["kind"] for p in progress_of(client, token)]
    assert kinds == ["begin", "end"]
    assert progress_of(client) == progress_of(client, token)  # no other token used


@pytest.mark.time_limit(60)
@pytest.mark.parametrize("name", PROGRESSING)
def test_no_progress_for_a_refused_token(servers, name):
    refuse = answering_create(lambda m: {"error": {"code": -32603, "message": "no progress here"}})
    client, uri = open_large(servers, CLIENTS[name], answer=refuse)
    client.wait_for(is_create, what=CREATE)
    assert client.diagnostics(uri, 1, timeout=30)["diagnostics"] == []
    # An edit: checked again, and no token asked for after the refusal.
    client.change(uri, 2, [INSERT_LINE])
    assert client.diagnostics(uri, 2, timeout=30)["diagnostics"] == []
    assert progress_of(client) == []
    assert [m for m in client.pending() if is_create(m)] == []


@pytest.mark.time_limit(60)
def test_no_progress_for_a_token_never_answered(servers):
    client, uri = open_large(servers, CLIENTS["vscode"], answer=answering_create(lambda m: None))
    create = client.wait_for(is_create, what=CREATE)
    # The check goes ahead after a wait, without progress.
    assert client.diagnostics(uri, 1, timeout=30)["diagnostics"] == []
    client.send({"jsonrpc": "2.0", "id": create["id"], "result": None})  # too late: not used
    client.change(uri, 2, [INSERT_LINE])
    assert client.diagnostics(uri, 2, timeout=30)["diagnostics"] == []
    assert progress_of(client) == []
    assert [m for m in client.pending() if is_create(m)] == []


@pytest.mark.time_limit(60)
@pytest.mark.parametrize("name", SILENT)
def test_no_progress_without_the_capability(servers, name):
    client, uri = open_large(servers, CLIENTS[name])
    assert client.diagnostics(uri, 1, timeout=30)["diagnostics"] == []
    assert [m for m in client.received if is_create(m)] == []
    assert progress_of(client) == []


def test_a_small_document_reports_no_progress(servers):
    client = servers.start("--debounce-ms", "0")
    client.initialize(CLIENTS["vscode"])
    uri = servers.uri("small.ss")
    client.open(uri, (EXAMPLES / "attention.ss").read_text("utf-8"), 1)
    assert client.diagnostics(uri, 1)["diagnostics"] == []
    assert [m for m in client.received if is_create(m)] == [] and progress_of(client) == []
