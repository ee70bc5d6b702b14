"""How the server is reached and where its log goes: `--port N` serves one
TCP client; `--log-file` gets the log; standard output carries nothing but
protocol messages."""

import socket
import subprocess
import threading

from lsp_client import LspClient
from lsp_testing import EXAMPLES

ATTENTION = (EXAMPLES / "attention.ss").read_text("utf-8")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_tcp_server(servers, *args):
    """A `--port` server, once it listens; retries another port if the chosen one was taken meanwhile."""
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen(
            [str(servers.lsp), "--port", str(port), *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=servers.tmp,
        )
        lines: list[bytes] = []
        ready = threading.Event()

        # This attempt's process, lines and event as arguments: a thread
        # outlives its attempt, and must not see the next attempt's.
        def watch(proc, lines, ready):
            for line in proc.stderr:
                lines.append(line)
                if b"listening on" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=watch, args=(proc, lines, ready), daemon=True).start()
        ready.wait(10)
        if proc.poll() is None and any(b"listening on 127.0.0.1:%d" % port in line for line in lines):
            return proc, port, lines
        proc.kill()
        proc.wait(5)
    raise AssertionError(f"no TCP server started: {b''.join(lines)!r}")


def test_tcp_serves_one_client(servers):
    proc, port, stderr_lines = start_tcp_server(servers)
    c = LspClient.tcp("127.0.0.1", port, proc)
    servers.clients.append(c)
    result = c.initialize({"general": {"positionEncodings": ["utf-8"]}})
    assert result["capabilities"]["positionEncoding"] == "utf-8"
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION, 1)
    assert c.diagnostics(uri, 1)["diagnostics"] == []
    assert "att: [b H n m]" in c.hover(uri, 11, 5)["result"]["contents"]["value"]
    assert c.shutdown_and_exit() == 0
    assert proc.stdout.read() == b"", "nothing on standard output in TCP mode"
    assert not c.protocol_errors


def test_tcp_client_going_away_ends_the_server(servers):
    proc, port, _ = start_tcp_server(servers)
    c = LspClient.tcp("127.0.0.1", port, proc)
    servers.clients.append(c)
    c.initialize({})
    # shutdown, not just close: a close while the reader thread is in recv() sends nothing.
    c._socket.shutdown(socket.SHUT_RDWR)
    c._socket.close()
    assert c.wait_exit(10) == 1


def test_tcp_port_in_use_is_an_error(servers):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = subprocess.run(
            [str(servers.lsp), "--port", str(port)], capture_output=True, timeout=10, stdin=subprocess.DEVNULL
        )
    assert result.returncode == 2
    assert b"cannot listen on 127.0.0.1:%d" % port in result.stderr


def test_log_file_gets_the_log_and_stdout_only_protocol(servers, tmp_path):
    log = tmp_path / "lsp.log"
    c = servers.start("--log-file", str(log), "--log-level", "trace")
    c.initialize({})
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION, 1)
    c.diagnostics(uri, 1)
    c.request("workspace/noSuchMethod")  # something worth a log line
    c.send_raw(b"Content-Length: x\r\n\r\n{}")  # and a framing error
    c.hover(uri, 11, 5)
    assert c.shutdown_and_exit() == 0
    text = log.read_text("utf-8")
    assert "starting" in text
    assert "bad message framing" in text
    assert len(text.splitlines()) >= 3
    # Standard output: nothing but well-formed frames; standard error: nothing (the log went to the file).
    assert not c.protocol_errors
    assert c.raw_output.startswith(b"Content-Length: ")
    assert c.stderr_text == ""


def test_default_log_goes_to_stderr_never_stdout(servers):
    c = servers.start("--log-level", "trace", log=False)
    c.initialize({})
    uri = servers.uri("a.ss")
    c.open(uri, ATTENTION, 1)
    c.diagnostics(uri, 1)
    c.send_raw(b"not a header\r\n\r\n")
    c.hover(uri, 11, 5)
    assert c.shutdown_and_exit() == 0
    assert not c.protocol_errors
    assert "starting" in c.stderr_text
    assert "bad message framing" in c.stderr_text


def test_log_level_off_logs_nothing(servers, tmp_path):
    log = tmp_path / "quiet.log"
    c = servers.start("--log-file", str(log), "--log-level", "off")
    c.initialize({})
    c.send_raw(b"garbage\r\n\r\n")
    c.request("workspace/noSuchMethod")
    assert c.shutdown_and_exit() == 0
    assert log.read_text("utf-8") == ""


def test_unwritable_log_file_is_a_usage_error(servers, tmp_path):
    (tmp_path / "a_file").write_text("")
    result = subprocess.run(
        [str(servers.lsp), "--stdio", "--log-file", str(tmp_path / "a_file" / "x.log")],
        capture_output=True,
        timeout=10,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert b"cannot open the log file" in result.stderr
    assert result.stdout == b""


def test_input_from_a_regular_file(servers, tmp_path):
    """`shapescript-lsp --stdio < session.txt`: a whole session from a file."""
    from lsp_client import frame

    uri = servers.uri("a.ss")
    data = b"".join(
        frame(m)
        for m in [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "shapescript", "version": 1, "text": ATTENTION}},
            },
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 11, "character": 5}},
            },
            {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ]
    )
    session = tmp_path / "session.txt"
    session.write_bytes(data)
    with open(session, "rb") as stdin:
        result = subprocess.run([str(servers.lsp), "--stdio"], stdin=stdin, capture_output=True, timeout=20)
    assert result.returncode == 0, result.stderr
    assert b'"id":2' in result.stdout and b"att: [b H n m]" in result.stdout
