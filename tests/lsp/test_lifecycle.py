"""The LSP lifecycle: initialize, shutdown, exit and their exit codes, the
server's state rules, unknown methods, and cancellation."""

import time

from lsp_client import frame
from lsp_testing import EXAMPLES

ATTENTION = (EXAMPLES / "attention.ss").read_text("utf-8")
HOVER_ATT = (11, 5)  # `att` in attention.ss


def hover_params(uri, line=0, character=0):
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def big_source(n_functions: int) -> str:
    """attention.ss's dims, then its function `n_functions` times under different names."""
    head, fn = ATTENTION.split("\nfn ", 1)
    return (
        head
        + "\n"
        + "".join(("fn " + fn).replace("causal_attention", f"attention_{i}") + "\n" for i in range(n_functions))
    )


# ------------------------------------------------------------ exit codes


def test_exit_after_shutdown_is_0(servers):
    c = servers.started()
    assert c.shutdown_and_exit() == 0
    assert not c.protocol_errors


def test_exit_without_shutdown_is_1(servers):
    c = servers.started()
    c.notify("exit")
    assert c.wait_exit() == 1


def test_exit_before_initialize_is_1(servers):
    c = servers.start()
    c.notify("exit")
    assert c.wait_exit() == 1


def test_end_of_input_exits_1(servers):
    c = servers.started()
    c.open(servers.uri("a.ss"), ATTENTION)
    c.diagnostics(servers.uri("a.ss"))
    c.close_input()
    assert c.wait_exit(10) == 1


def test_end_of_input_before_anything_exits_1(servers):
    c = servers.start()
    c.close_input()
    assert c.wait_exit(10) == 1


def test_end_of_input_inside_a_message_exits_1(servers):
    c = servers.started()
    c.send_raw(b'Content-Length: 100\r\n\r\n{"jsonrpc": "2.0", "id": 9, "meth')
    c.close_input()
    assert c.wait_exit(10) == 1
    assert not [m for m in c.received if m.get("id") == 9]


def test_end_of_input_after_shutdown_exits_1(servers):
    # Only `exit` after `shutdown` is a clean end; the client going away is not.
    c = servers.started()
    assert c.request("shutdown")["result"] is None
    c.close_input()
    assert c.wait_exit(10) == 1


def test_end_of_input_while_checking_a_big_file_does_not_hang(servers):
    c = servers.started()
    c.open(servers.uri("big.ss"), big_source(400))
    c.close_input()
    assert c.wait_exit(20) == 1


# ------------------------------------------------------------ state rules


def test_requests_before_initialize_get_32002(servers):
    c = servers.start()
    for method, params in [
        ("textDocument/hover", hover_params(servers.uri("a.ss"))),
        ("shutdown", None),
        ("textDocument/noSuchThing", {}),
    ]:
        response = c.request(method, params)
        assert response["error"]["code"] == -32002, response
        assert "initialize" in response["error"]["message"]
    # A notification before initialize is dropped: the document was never opened.
    c.open(servers.uri("a.ss"), ATTENTION)
    c.initialize({})
    response = c.hover(servers.uri("a.ss"), *HOVER_ATT)
    assert response["error"]["code"] == -32602, response
    assert "never opened" in response["error"]["message"]
    assert not [m for m in c.received if m.get("method") == "textDocument/publishDiagnostics"]
    assert c.shutdown_and_exit() == 0


def test_second_initialize_is_refused_and_the_server_goes_on(servers):
    c = servers.started(encodings=["utf-8"])
    response = c.request(
        "initialize",
        {"processId": None, "rootUri": None, "capabilities": {"general": {"positionEncodings": ["utf-16"]}}},
    )
    assert response["error"]["code"] == -32600, response
    # The first initialize's encoding still holds: `é` is 2 bytes in UTF-8.
    uri = servers.uri("a.ss")
    c.open(uri, "# é\nfn f(x: [n]) -> [n]:\n    return é\n")
    [d] = c.diagnostics(uri)["diagnostics"]
    assert d["range"]["end"] == {"line": 2, "character": 13}
    assert c.shutdown_and_exit() == 0


def test_requests_after_shutdown_get_32600(servers):
    c = servers.started()
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION)
    assert c.request("shutdown")["result"] is None
    for method, params in [
        ("textDocument/hover", hover_params(uri, *HOVER_ATT)),
        ("shutdown", None),
        ("initialize", {"capabilities": {}}),
    ]:
        response = c.request(method, params)
        assert response["error"]["code"] == -32600, response
    c.notify("exit")
    assert c.wait_exit() == 0


def test_unknown_request_gets_32601_with_its_id(servers):
    c = servers.started()
    for id in (41, "a string id", 0):
        c.send_request("workspace/noSuchMethod", {"x": 1}, id=id)
        response = c.wait_for_response(id)
        assert response["error"]["code"] == -32601
        assert "workspace/noSuchMethod" in response["error"]["message"]
    assert c.shutdown_and_exit() == 0


def test_unknown_notifications_are_ignored(servers):
    c = servers.started()
    c.notify("$/setTrace", {"value": "verbose"})
    c.notify("$/somethingNew", {"x": [1, 2]})
    c.notify("workspace/didChangeConfiguration", {"settings": {}})
    c.notify("textDocument/didSave", {"textDocument": {"uri": servers.uri("a.ss")}})
    c.notify("custom/notification")
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION)
    assert "att: [b H n m]" in c.hover(uri, *HOVER_ATT)["result"]["contents"]["value"]
    c.diagnostics(uri)
    assert c.pending() == [], "nothing answers a notification"
    assert c.shutdown_and_exit() == 0


def test_responses_from_the_client_are_ignored(servers):
    c = servers.started()
    c.send({"jsonrpc": "2.0", "id": 12345, "result": {"anything": True}})
    c.send({"jsonrpc": "2.0", "id": 12346, "error": {"code": -32603, "message": "no"}})
    response = c.request("workspace/noSuchMethod")
    assert response["error"]["code"] == -32601
    assert c.pending() == []
    assert c.shutdown_and_exit() == 0


# ------------------------------------------------------------ cancellation


def test_cancel_a_queued_request_gets_32800(servers):
    c = servers.started()
    uri = servers.uri("big.ss")
    open_big = frame(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {"uri": uri, "languageId": "shapescript", "version": 1, "text": big_source(300)}
            },
        }
    )
    slow = frame(c.request_message("textDocument/hover", hover_params(uri, *HOVER_ATT), id="slow"))
    cancelled = frame(c.request_message("textDocument/hover", hover_params(uri, *HOVER_ATT), id="cancelled"))
    cancel = frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "cancelled"}})
    # One write: the server reads the cancel long before it is done checking
    # the big file, which the first hover waits for.
    c.send_raw(open_big + slow + cancelled + cancel)
    first = c.wait_for_response("slow", timeout=20)
    assert "att: [b H n m]" in first["result"]["contents"]["value"]
    response = c.wait_for_response("cancelled", timeout=20)
    assert response["error"]["code"] == -32800, response
    # Responses come in the order of the requests.
    ids = [m.get("id") for m in c.received if "method" not in m]
    assert ids.index("slow") < ids.index("cancelled")
    assert c.shutdown_and_exit() == 0


def test_cancel_with_an_integer_id(servers):
    c = servers.started()
    uri = servers.uri("big.ss")
    c.open(uri, big_source(300))
    slow = frame(c.request_message("textDocument/hover", hover_params(uri, *HOVER_ATT), id=100))
    cancelled = frame(c.request_message("textDocument/definition", hover_params(uri, 5, 9), id=101))
    cancel = frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 101}})
    c.send_raw(slow + cancelled + cancel)
    assert "result" in c.wait_for_response(100, timeout=20)
    assert c.wait_for_response(101, timeout=20)["error"]["code"] == -32800
    assert c.shutdown_and_exit() == 0


def test_cancel_of_an_answered_or_unknown_request_is_harmless(servers):
    c = servers.started()
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION)
    id = c.send_request("textDocument/hover", hover_params(uri, *HOVER_ATT))
    assert "result" in c.wait_for_response(id)
    for bad in ({"id": id}, {"id": 99999}, {"id": None}, {"id": [1]}, {}, None):
        c.notify("$/cancelRequest", bad)
    # The cancel of an answered id does not cancel a later request with the same id.
    c.send_request("textDocument/hover", hover_params(uri, *HOVER_ATT), id=id)
    assert "result" in c.wait_for_response(id)
    assert [m for m in c.pending() if "method" not in m] == [], "no reply to a cancel"
    assert c.shutdown_and_exit() == 0


def test_many_requests_in_one_write_are_all_answered_in_order(servers):
    c = servers.started()
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION)
    data = b"".join(
        frame(c.request_message("textDocument/hover", hover_params(uri, *HOVER_ATT), id=i)) for i in range(1000, 1200)
    )
    start = time.monotonic()
    c.send_raw(data)
    for i in range(1000, 1200):
        assert "att" in c.wait_for_response(i)["result"]["contents"]["value"]
    assert time.monotonic() - start < 10
    ids = [m["id"] for m in c.received if "method" not in m and isinstance(m.get("id"), int) and m["id"] >= 1000]
    assert ids == list(range(1000, 1200))
    assert c.shutdown_and_exit() == 0
