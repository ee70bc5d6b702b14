"""workspace/executeCommand `shapescript-lsp.export` (docs/lsp.md, "Commands"):
`shapescript export` in a child process while the server goes on
answering, with work-done progress on the request's token; the answer is
the file it wrote, which torch loads, or torch's error; `$/cancelRequest`
and `window/workDoneProgress/cancel` stop it; a document with unsaved
changes, a file with errors or a missing function is refused at once."""

import os
import stat
import subprocess
import sys
import time

from lsp_client import position_of
from lsp_testing import EXAMPLES

ATTENTION = (EXAMPLES / "attention.ss").read_text().replace("fn causal_attention", "export fn causal_attention")
SLOW_TIMEOUT = 600


def python():
    return os.environ.get("SHAPESCRIPT_PYTHON") or sys.executable


def exporting(servers, name="attn.ss", text=ATTENTION):
    """A server whose exports trace with this Python, and `name` open."""
    servers.write(name, text)
    c = servers.start()
    c.initialize({}, {"pythonPath": python()})
    uri = servers.uri(name)
    c.open(uri, text)
    return c, uri


def test_export_writes_the_pt2_with_progress_and_names_it(servers):
    c, uri = exporting(servers)
    token = "export-1"
    id = c.send_request(
        "workspace/executeCommand",
        {"command": "shapescript-lsp.export", "arguments": [uri, {"checks": "always"}], "workDoneToken": token},
    )
    begin = c.wait_for_notification("$/progress", lambda p: p["token"] == token)["value"]
    assert begin["kind"] == "begin" and begin["title"] == "Exporting `causal_attention`" and begin["cancellable"]
    # The worker goes on while torch traces.
    at = position_of(ATTENTION, ATTENTION.index("w_qkv"))
    hover = c.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})
    assert "contents" in hover
    response = c.wait_for_response(id, SLOW_TIMEOUT)
    assert "error" not in response, response["error"]["message"]
    result = response["result"]
    out = servers.tmp / "attn.pt2"
    assert result["path"] == str(out) and result["function"] == "causal_attention" and result["aoti"] is False
    assert result["uri"].startswith("file://") and "wrote" in result["output"]
    end = c.wait_for_notification("$/progress", lambda p: p["token"] == token)["value"]
    assert end == {"kind": "end", "message": "done"}
    load = (
        "import sys, torch\n"
        "p = torch.export.load(sys.argv[1]).module()\n"
        "print(p(torch.randn(2, 3, 768), torch.randn(768, 2304), torch.randn(768, 768)).shape)\n"
    )
    ran = subprocess.run([python(), "-c", load, str(out)], capture_output=True, text=True, timeout=SLOW_TIMEOUT)
    assert ran.returncode == 0 and "torch.Size([2, 3, 768])" in ran.stdout, ran.stderr
    assert c.shutdown_and_exit() == 0


def test_torch_s_error_comes_back_as_the_answer(servers):
    # A loop whose state changes size at each step: torch.while_loop can't carry it.
    text = (
        "fn pos(x: [n]) -> [?k]:\n    return x[x > 0.0]\n\n"
        "export fn a(x: [n]) -> [?k]:\n    y = pos(x)\n    for t in 0..n:\n        y = pos(y - 1.0)\n    return y\n"
    )
    c, uri = exporting(servers, "bad.ss", text)
    response = c.request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri]}, SLOW_TIMEOUT
    )
    assert response["error"]["code"] == -32803
    message = response["error"]["message"]
    assert "exited with 1" in message and "torch couldn't export `a`" in message, message
    assert not (servers.tmp / "bad.pt2").exists()
    assert c.shutdown_and_exit() == 0


def test_cancel_stops_the_export(servers):
    c, uri = exporting(servers)
    for how in ("request", "progress"):
        token = "export-" + how
        id = c.send_request(
            "workspace/executeCommand",
            {"command": "shapescript-lsp.export", "arguments": [uri], "workDoneToken": token},
        )
        c.wait_for_notification("$/progress", lambda p, token=token: p["token"] == token)
        time.sleep(0.5)  # Python has started
        started = time.monotonic()
        if how == "request":
            c.notify("$/cancelRequest", {"id": id})
        else:
            c.notify("window/workDoneProgress/cancel", {"token": token})
        response = c.wait_for_response(id, 60)
        assert response["error"]["code"] == -32800, response
        assert time.monotonic() - started < 10  # stopped, not waited for
        end = c.wait_for_notification("$/progress", lambda p, token=token: p["token"] == token)
        assert end["value"]["kind"] == "end"
    assert not (servers.tmp / "attn.pt2").exists()
    assert c.shutdown_and_exit() == 0


def test_refused_at_once(servers):
    c, uri = exporting(servers)
    c.change(uri, 2, [{"text": ATTENTION + "\n# not saved\n"}])
    response = c.request("workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri]})
    assert response["error"]["code"] == -32803 and "unsaved changes: save it first" in response["error"]["message"]

    servers.write("two.ss", "export fn a(x: [n]) -> [n]:\n    return x\n\nexport fn b(x: [n]) -> [n]:\n    return x\n")
    two = servers.uri("two.ss")
    response = c.request("workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [two]})
    assert "choose one with --fn" in response["error"]["message"]
    response = c.request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [two, {"fn": "c"}]}
    )
    assert "no function `c`" in response["error"]["message"]

    servers.write("broken.ss", "export fn f(x: [n]) -> [n]:\n    return x + nope\n")
    response = c.request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [servers.uri("broken.ss")]}
    )
    assert (
        response["error"]["code"] == -32803 and "1 error in the file, nothing exported" in response["error"]["message"]
    )

    for bad in ([], [42], [uri, {"aoti": "yes"}], [uri, {"fn": 3}], [uri, {"checks": "sometimes"}]):
        response = c.request("workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": bad})
        assert response["error"]["code"] == -32602, (bad, response)
    response = c.request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": ["untitled:Untitled-1"]}
    )
    assert response["error"]["code"] == -32803 and "save it as a file first" in response["error"]["message"]
    assert c.shutdown_and_exit() == 0


def test_refused_in_an_untrusted_workspace(servers):
    """VS Code's Restricted Mode (initializationOptions.workspaceTrusted
    false): export runs Python and what the file imports, so it is refused
    and nothing is written; build, which runs nothing, still works."""
    servers.write("attn.ss", ATTENTION)
    c = servers.start()
    c.initialize({}, {"pythonPath": python(), "workspaceTrusted": False})
    uri = servers.uri("attn.ss")
    c.open(uri, ATTENTION)
    response = c.request("workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri]})
    assert response["error"]["code"] == -32803 and "untrusted workspace" in response["error"]["message"], response
    assert not (servers.tmp / "attn.pt2").exists()
    built = c.result("workspace/executeCommand", {"command": "shapescript-lsp.build", "arguments": [uri]})
    assert built["path"] == str(servers.tmp / "attn.py")
    assert c.shutdown_and_exit() == 0


def test_an_output_that_isnt_a_regular_file_is_refused_at_once(servers):
    """The same rule as `shapescript export -o` (tests/cli/test_outputs.py):
    a FIFO, a directory or a missing folder, left as they are."""
    c, uri = exporting(servers)
    os.mkfifo(servers.tmp / "fifo.pt2")
    (servers.tmp / "folder.pt2").mkdir()
    for output, words in (
        ("fifo.pt2", "found a FIFO (left as it is)"),
        ("folder.pt2", "found a directory (left as it is)"),
        ("no_such/x.pt2", "found no"),
    ):
        response = c.request(
            "workspace/executeCommand",
            {"command": "shapescript-lsp.export", "arguments": [uri, {"output": str(servers.tmp / output)}]},
        )
        assert response["error"]["code"] == -32803 and words in response["error"]["message"], response
    assert stat.S_ISFIFO(os.stat(servers.tmp / "fifo.pt2").st_mode)
    assert c.shutdown_and_exit() == 0


def test_an_export_running_at_exit_is_stopped(servers):
    """`exit` while torch traces: the server ends at once and stops the
    child (and what it started), which writes nothing."""
    c, uri = exporting(servers)
    token = "export-exit"
    c.send_request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri], "workDoneToken": token}
    )
    c.wait_for_notification("$/progress", lambda p: p["token"] == token)
    time.sleep(0.5)  # Python has started
    started = time.monotonic()
    assert c.shutdown_and_exit() == 0
    assert time.monotonic() - started < 10
    time.sleep(1.0)
    assert not (servers.tmp / "attn.pt2").exists()
    leftover = subprocess.run(["pgrep", "-f", str(servers.tmp / "attn.ss")], capture_output=True, text=True)
    assert leftover.stdout.strip() == "", "a child of the export is still running"


GPT2 = (EXAMPLES / "gpt2.ss").read_text()


def test_format_gguf_writes_a_gguf_file_with_its_title_and_format(servers):
    c, uri = exporting(servers, "gpt2.ss", GPT2)
    token = "gguf-1"
    id = c.send_request(
        "workspace/executeCommand",
        {"command": "shapescript-lsp.export", "arguments": [uri, {"format": "gguf"}], "workDoneToken": token},
    )
    begin = c.wait_for_notification("$/progress", lambda p: p["token"] == token)["value"]
    assert begin["title"] == "Exporting `forward` to a GGUF file"
    response = c.wait_for_response(id, SLOW_TIMEOUT)
    assert "error" not in response, response["error"]["message"]
    result = response["result"]
    out = servers.tmp / "gpt2.gguf"
    assert result["path"] == str(out) and result["format"] == "gguf" and result["function"] == "forward"
    assert "(architecture gpt2)" in result["output"] and out.read_bytes()[:4] == b"GGUF"
    # Written new: a second export refuses the file the first wrote.
    again = c.request(
        "workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri, {"format": "gguf"}]}
    )
    assert again["error"]["code"] == -32803 and "exists" in again["error"]["message"]
    assert c.shutdown_and_exit() == 0


def test_format_hf_with_vllm_refuses_a_broken_serving_rule_at_once(servers):
    c, uri = exporting(servers, "vit.ss", (EXAMPLES / "vit.ss").read_text())
    response = c.request(
        "workspace/executeCommand",
        {"command": "shapescript-lsp.export", "arguments": [uri, {"format": "hf", "fn": "classify", "vllm": True}]},
    )
    message = response["error"]["message"]
    assert response["error"]["code"] == -32803 and "E3301" in message, message
    assert not (servers.tmp / "vit_hf").exists()
    for bad in ({"format": "onnx"}, {"format": "pt2", "vllm": True}, {"format": "gguf", "arch": "bert"}):
        response = c.request("workspace/executeCommand", {"command": "shapescript-lsp.export", "arguments": [uri, bad]})
        assert response["error"]["code"] == -32602, (bad, response)
    assert c.shutdown_and_exit() == 0
