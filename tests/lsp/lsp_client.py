"""A small synchronous LSP client for tests.

It talks to `shapescript-lsp --stdio` over the subprocess's pipes (or to
`--port N` over a TCP socket): messages are framed with `Content-Length`,
a background thread reads and parses everything the server sends and keeps
it in a list, and the test thread waits on that list with a timeout, so a
server that hangs fails the test instead of hanging CI.

The reader is strict: any byte on the server's output that is not part of a
well-formed `Content-Length: N\\r\\n\\r\\n<N bytes of JSON>` frame is
recorded in `protocol_errors` (the server must write nothing but protocol
messages on standard output). Requests the server sends (such as
`window/workDoneProgress/create`) are answered with a null result, or as
`answer_server` says.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

DEFAULT_TIMEOUT = 10.0


class LspTimeout(AssertionError):
    """Nothing matching arrived in time (an AssertionError so pytest shows it as a failure)."""


def frame(message: Any) -> bytes:
    """One message framed for the wire; `message` may be a dict or already-serialised bytes/str."""
    if isinstance(message, (bytes, bytearray)):
        body = bytes(message)
    elif isinstance(message, str):
        body = message.encode("utf-8")
    else:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def file_uri(path: Path | str) -> str:
    return Path(path).resolve().as_uri()


# ----------------------------------------------------------------- positions

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[tuple[int, int]]:
    """(start, end-without-break) index pairs of each line, with LSP's line breaks
    (\\n, \\r\\n, lone \\r); there is always at least one line."""
    lines = []
    start = 0
    for m in _LINE_BREAK.finditer(text):
        lines.append((start, m.start()))
        start = m.end()
    lines.append((start, len(text)))
    return lines


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def index_of(
    text: str, line: int, character: int, encoding: str = "utf-16", lines: list[tuple[int, int]] | None = None
) -> int:
    """The str index of an LSP position, clamped the way the server clamps:
    a line past the end is the end of the text, a character past the line's
    end is the line's end, a negative one is 0, and a position inside a
    character (a surrogate pair's second half) is the character's start."""
    lines = lines if lines is not None else split_lines(text)
    if line < 0:
        line = 0
    if line >= len(lines):
        return len(text)
    start, end = lines[line]
    character = max(character, 0)
    units = 0
    i = start
    while i < end:
        w = len(text[i].encode("utf-8")) if encoding == "utf-8" else utf16_len(text[i])
        if units + w > character:
            break
        units += w
        i += 1
    return i


def position_of(text: str, index: int, encoding: str = "utf-16", lines: list[tuple[int, int]] | None = None) -> dict:
    """The LSP position of str index `index`."""
    lines = lines if lines is not None else split_lines(text)
    # Last line starting at or before index.
    lo, hi = 0, len(lines) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if lines[mid][0] <= index:
            lo = mid
        else:
            hi = mid - 1
    start, _ = lines[lo]
    prefix = text[start:index]
    n = len(prefix.encode("utf-8")) if encoding == "utf-8" else utf16_len(prefix)
    return {"line": lo, "character": n}


def apply_change(text: str, change: dict, encoding: str = "utf-16") -> str:
    """`text` after one TextDocumentContentChangeEvent, as the server applies it."""
    if "range" not in change:
        return change["text"]
    lines = split_lines(text)
    r = change["range"]
    a = index_of(text, r["start"]["line"], r["start"]["character"], encoding, lines)
    b = index_of(text, r["end"]["line"], r["end"]["character"], encoding, lines)
    if b < a:
        a, b = b, a
    return text[:a] + change["text"] + text[b:]


# -------------------------------------------------------------------- client


class LspClient:
    """One connection to a language server. Use `LspClient.stdio(argv)` or
    `LspClient.tcp(host, port, process)`."""

    def __init__(
        self,
        send_bytes: Callable[[bytes], None],
        recv_bytes: Callable[[], bytes],
        process: subprocess.Popen | None = None,
        close_input: Callable[[], None] | None = None,
    ):
        self._send_bytes = send_bytes
        self._recv_bytes = recv_bytes
        self._close_input = close_input
        self.process = process
        self._cond = threading.Condition()
        self._pending: list[dict] = []  # received, not yet taken by a wait
        self.received: list[dict] = []  # everything received, in order
        self.protocol_errors: list[str] = []  # bytes on the wire that were not a frame
        self.raw_output = bytearray()  # every byte the server wrote
        self.eof = False
        # How a request from the server is answered: a function of the
        # request giving the response's {"result": ...} or {"error": ...},
        # or None to leave it unanswered (the test may answer later).
        self.answer_server: Callable[[dict], dict | None] = lambda request: {"result": None}
        self._next_id = 1
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # ------------------------------------------------------------ starting

    @classmethod
    def stdio(cls, argv: list[str], stderr=subprocess.PIPE, cwd=None, env=None) -> LspClient:
        proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd, env=env, bufsize=0
        )
        in_fd = proc.stdin.fileno()
        out_fd = proc.stdout.fileno()

        def send(data: bytes) -> None:
            view = memoryview(data)
            while view:
                n = os.write(in_fd, view)
                view = view[n:]

        def recv() -> bytes:
            return os.read(out_fd, 65536)

        def close_input() -> None:
            try:
                proc.stdin.close()
            except OSError:
                pass

        client = cls(send, recv, proc, close_input)
        if stderr == subprocess.PIPE:
            client._stderr = bytearray()
            client._stderr_thread = threading.Thread(target=client._drain_stderr, daemon=True)
            client._stderr_thread.start()
        return client

    @classmethod
    def tcp(
        cls, host: str, port: int, process: subprocess.Popen | None = None, timeout: float = DEFAULT_TIMEOUT
    ) -> LspClient:
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.settimeout(None)

        def send(data: bytes) -> None:
            sock.sendall(data)

        def recv() -> bytes:
            try:
                return sock.recv(65536)
            except OSError:
                return b""

        def close_input() -> None:
            try:
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass

        client = cls(send, recv, process, close_input)
        client._socket = sock
        return client

    def _drain_stderr(self) -> None:
        fd = self.process.stderr.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self._stderr.extend(chunk)

    @property
    def stderr_text(self) -> str:
        return bytes(getattr(self, "_stderr", b"")).decode("utf-8", "replace")

    # ------------------------------------------------------------- reading

    def _read_loop(self) -> None:
        buf = bytearray()
        try:
            while True:
                chunk = self._recv_bytes()
                if not chunk:
                    break
                self.raw_output.extend(chunk)
                buf.extend(chunk)
                while True:
                    message = self._take_frame(buf)
                    if message is None:
                        break
                    self._deliver(message)
        except Exception as e:  # a broken pipe, a closed socket
            with self._cond:
                self.protocol_errors.append(f"reader stopped: {e!r}")
        finally:
            if buf:
                with self._cond:
                    self.protocol_errors.append(f"output ended inside a message: {bytes(buf[:200])!r}")
            with self._cond:
                self.eof = True
                self._cond.notify_all()

    def _take_frame(self, buf: bytearray) -> dict | None:
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            if len(buf) > 1024:
                raise ValueError(f"no header end in {bytes(buf[:200])!r}")
            if buf and not b"Content-Length: ".startswith(bytes(buf[:16])):
                raise ValueError(f"not a header: {bytes(buf[:200])!r}")
            return None
        headers = bytes(buf[:end]).split(b"\r\n")
        length = None
        for h in headers:
            name, sep, value = h.partition(b":")
            if not sep:
                raise ValueError(f"bad header line {h!r}")
            if name.strip().lower() == b"content-length":
                if length is not None:
                    raise ValueError("two Content-Length headers")
                length = int(value.strip())
            elif name.strip().lower() != b"content-type":
                raise ValueError(f"unexpected header {h!r}")
        if length is None:
            raise ValueError(f"no Content-Length in {headers!r}")
        if len(buf) < end + 4 + length:
            return None
        body = bytes(buf[end + 4 : end + 4 + length])
        del buf[: end + 4 + length]
        message = json.loads(body.decode("utf-8"))  # raises on bad JSON: recorded as an error
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise ValueError(f"not a JSON-RPC message: {body[:200]!r}")
        return message

    def _deliver(self, message: dict) -> None:
        if "method" in message and "id" in message:
            # A request from the server: answered so it never waits on us,
            # unless the test chose otherwise.
            answer = self.answer_server(message)
            if answer is not None:
                try:
                    self.send({"jsonrpc": "2.0", "id": message["id"], **answer})
                except OSError:
                    pass
        with self._cond:
            self.received.append(message)
            self._pending.append(message)
            self._cond.notify_all()

    def wait_for(
        self, predicate: Callable[[dict], bool], timeout: float = DEFAULT_TIMEOUT, what: str = "a message"
    ) -> dict:
        """Takes the first received, not yet taken message that satisfies
        `predicate`, waiting up to `timeout` seconds for it."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for i, m in enumerate(self._pending):
                    if predicate(m):
                        del self._pending[i]
                        return m
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.eof:  # after end of output, nothing more can come
                    raise LspTimeout(
                        f"{'the server closed its output' if self.eof else f'no answer in {timeout:.0f} s'}"
                        f" while waiting for {what}; not taken: {_short(self._pending)};"
                        f" protocol errors: {self.protocol_errors}; stderr: {self.stderr_text[-2000:]!r}"
                    )
                self._cond.wait(min(remaining, 0.5))

    def pending(self) -> list[dict]:
        with self._cond:
            return list(self._pending)

    def take_pending(self) -> list[dict]:
        with self._cond:
            out = list(self._pending)
            self._pending.clear()
            return out

    # ------------------------------------------------------------- writing

    def send_raw(self, data: bytes) -> None:
        with self._write_lock:
            self._send_bytes(data)

    def send(self, message: Any) -> None:
        self.send_raw(frame(message))

    def new_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def request_message(self, method: str, params: Any = None, id: Any = None) -> dict:
        message = {"jsonrpc": "2.0", "id": self.new_id() if id is None else id, "method": method}
        if params is not None:
            message["params"] = params
        return message

    def send_request(self, method: str, params: Any = None, id: Any = None) -> Any:
        """Sends a request without waiting; returns its id."""
        message = self.request_message(method, params, id)
        self.send(message)
        return message["id"]

    def wait_for_response(self, id: Any, timeout: float = DEFAULT_TIMEOUT) -> dict:
        return self.wait_for(
            lambda m: "method" not in m and m.get("id") == id and ("result" in m or "error" in m),
            timeout,
            f"the response to request {id!r}",
        )

    def request(self, method: str, params: Any = None, timeout: float = DEFAULT_TIMEOUT) -> dict:
        """Sends a request and returns the whole response message ({id, result} or {id, error})."""
        return self.wait_for_response(self.send_request(method, params), timeout)

    def result(self, method: str, params: Any = None, timeout: float = DEFAULT_TIMEOUT) -> Any:
        """Sends a request and returns its result, failing on an error response."""
        response = self.request(method, params, timeout)
        assert "error" not in response, f"{method} failed: {response['error']}"
        return response["result"]

    def notify(self, method: str, params: Any = None) -> None:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_for_notification(
        self, method: str, predicate: Callable[[dict], bool] | None = None, timeout: float = DEFAULT_TIMEOUT
    ) -> dict:
        """The params of the first not yet taken notification `method` whose params satisfy `predicate`."""

        def match(m: dict) -> bool:
            return m.get("method") == method and "id" not in m and (predicate is None or predicate(m.get("params")))

        return self.wait_for(match, timeout, f"notification {method}")["params"]

    # -------------------------------------------------------- conveniences

    def initialize(
        self, capabilities: dict | None = None, initialization_options: dict | None = None, root: Path | None = None
    ) -> dict:
        params = {
            "processId": os.getpid(),
            "rootUri": file_uri(root) if root else None,
            "capabilities": capabilities if capabilities is not None else {},
        }
        if initialization_options is not None:
            params["initializationOptions"] = initialization_options
        result = self.result("initialize", params)
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "shapescript", "version": version, "text": text}},
        )

    def change(self, uri: str, version: int, changes: list[dict]) -> None:
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        )

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = DEFAULT_TIMEOUT) -> dict:
        """The params of the next publishDiagnostics for `uri` (with `version`, when given;
        one without a version fails at once rather than after the timeout)."""
        params = self.wait_for_notification(
            "textDocument/publishDiagnostics",
            lambda p: p.get("uri") == uri and (version is None or p.get("version") == version or "version" not in p),
            timeout,
        )
        assert version is None or params.get("version") == version, f"expected version {version}: {params}"
        return params

    def hover(self, uri: str, line: int, character: int, timeout: float = DEFAULT_TIMEOUT) -> dict:
        return self.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
            timeout,
        )

    def shutdown_and_exit(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        response = self.request("shutdown", None, timeout)
        assert response.get("result", "missing") is None, response
        self.notify("exit")
        return self.wait_exit(timeout)

    # ----------------------------------------------------------- stopping

    def close_input(self) -> None:
        if self._close_input:
            self._close_input()

    def wait_exit(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """The server process's exit code, waiting up to `timeout` seconds."""
        assert self.process is not None
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise LspTimeout(f"the server did not exit within {timeout:.0f} s") from None
        # Everything it wrote is read before the caller looks at it.
        for thread in (self._reader, getattr(self, "_stderr_thread", None)):
            if thread is not None:
                thread.join(5)
        return code

    @property
    def returncode(self) -> int | None:
        return self.process.poll() if self.process else None

    def kill(self) -> None:
        """Ends the process if it still runs (test teardown)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                pass
        sock = getattr(self, "_socket", None)
        if sock is not None:
            for end in (lambda: sock.shutdown(socket.SHUT_RDWR), sock.close):
                try:
                    end()
                except OSError:
                    pass
        for stream in (self.process.stdin, self.process.stdout) if self.process else ():
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self._reader.join(2)


def _short(messages: list[dict], limit: int = 6) -> str:
    text = [json.dumps(m)[:300] for m in messages[:limit]]
    more = f" and {len(messages) - limit} more" if len(messages) > limit else ""
    return "[" + ", ".join(text) + "]" + more
