"""Helpers shared by the protocol tests: starting servers, reading their
logs, and comparing diagnostics from the server with those of a fresh
server or of `shapescript check --format json`."""

import json
import subprocess
from pathlib import Path

from lsp_client import LspClient, apply_change, file_uri, position_of, split_lines

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


class Servers:
    """Starts `shapescript-lsp` processes for one test and ends them all at teardown."""

    def __init__(self, bin_dir: Path, tmp: Path):
        self.bin_dir = bin_dir
        self.tmp = tmp
        self.clients: list[LspClient] = []
        self.log_count = 0

    @property
    def lsp(self) -> Path:
        return self.bin_dir / "shapescript-lsp"

    @property
    def checker(self) -> Path:
        return self.bin_dir / "shapescript"

    def start(self, *args: str, stderr=subprocess.PIPE, log: bool = True) -> LspClient:
        """A server on stdio. With `log`, it logs at debug level to a file
        (client.log_path) so tests can look for logged refusals."""
        argv = [str(self.lsp), "--stdio", *args]
        log_path = None
        if log and "--log-file" not in args:
            self.log_count += 1
            log_path = self.tmp / f"server{self.log_count}.log"
            argv += ["--log-file", str(log_path)]
            if "--log-level" not in args:
                argv += ["--log-level", "debug"]
        client = LspClient.stdio(argv, stderr=stderr, cwd=self.tmp)
        client.log_path = log_path
        self.clients.append(client)
        return client

    def started(self, *args: str, encodings=None, **kwargs) -> LspClient:
        """A server already initialized (UTF-16 unless `encodings` offers more)."""
        client = self.start(*args, **kwargs)
        capabilities = {"general": {"positionEncodings": encodings}} if encodings else {}
        client.initialize(capabilities)
        return client

    def write(self, name: str, text: str) -> Path:
        path = self.tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        return path

    def uri(self, name: str) -> str:
        return file_uri(self.tmp / name)

    def close_all(self) -> None:
        for c in self.clients:
            c.kill()


def log_text(client: LspClient) -> str:
    path = getattr(client, "log_path", None)
    if not path or not Path(path).exists():
        return ""
    return Path(path).read_text("utf-8", "replace")


# ------------------------------------------------------------- diagnostics

SEVERITY_NAMES = {1: "error", 2: "warning", 3: "information", 4: "hint"}


def _cli_column(text: str, lines, line: int, character: int, encoding: str) -> int:
    """The 1-based code-point column (the CLI's) of an LSP position the server
    sent: walks the text from the line's start (a position just past a `\\r`
    of a `\\r\\n` counts that `\\r`, as the server's byte offsets do)."""
    start = lines[line][0]
    units = 0
    i = start
    while units < character and i < len(text):
        c = text[i]
        units += len(c.encode("utf-8")) if encoding == "utf-8" else (2 if ord(c) > 0xFFFF else 1)
        i += 1
    assert units == character, f"character {character} of line {line} is inside a character or past the text"
    return i - start + 1


def lsp_as_cli(diagnostics: list[dict], text: str, encoding: str = "utf-16") -> list[tuple]:
    """LSP diagnostics as the CLI's JSON describes them: (line, column,
    end_line, end_column, severity, code, message), 1-based code-point columns."""
    lines = split_lines(text)
    out = []
    for d in diagnostics:
        r = d["range"]
        out.append(
            (
                r["start"]["line"] + 1,
                _cli_column(text, lines, r["start"]["line"], r["start"]["character"], encoding),
                r["end"]["line"] + 1,
                _cli_column(text, lines, r["end"]["line"], r["end"]["character"], encoding),
                SEVERITY_NAMES[d["severity"]],
                d["code"],
                d["message"],
            )
        )
    return out


def cli_diagnostics(checker: Path, path: Path) -> list[tuple]:
    """`shapescript check --format json` of one file, as lsp_as_cli's tuples."""
    result = subprocess.run(
        [str(checker), "check", "--format", "json", "--max-diagnostics", "0", str(path)],
        capture_output=True,
        timeout=60,
    )
    assert result.returncode in (0, 1), result.stderr.decode("utf-8", "replace")
    return [
        (d["line"], d["column"], d["end_line"], d["end_column"], d["severity"], d["code"], d["message"])
        for d in json.loads(result.stdout)
    ]


def comparable(diagnostics: list[dict]) -> list[str]:
    """Diagnostics with their uri-dependent parts dropped, for comparing two servers' answers."""
    out = []
    for d in diagnostics:
        d = dict(d)
        if "relatedInformation" in d:
            d["relatedInformation"] = [
                {"range": r["location"]["range"], "message": r["message"]} for r in d["relatedInformation"]
            ]
        out.append(json.dumps(d, sort_keys=True))
    return out


def fresh_diagnostics(
    servers: Servers, text: str, encodings=None, name: str = "fresh.ss", timeout: float = 20
) -> list[dict]:
    """What a new server publishes for `text` opened as it is."""
    client = servers.started(encodings=encodings)
    uri = servers.uri(name)
    client.open(uri, text, 1)
    params = client.diagnostics(uri, 1, timeout=timeout)
    assert client.shutdown_and_exit() == 0
    return params["diagnostics"]


# ------------------------------------------------------------ random edits

# Mostly what code is made of; brackets and odd characters now and then.
RANDOM_CHARACTERS = (
    list("abcdxyzDHnmkv_01234") * 3
    + list("    \n\n,.=+-*/@:")
    + list('()[]|>!#"\t')
    + ["é", "😀", "中", "\r\n", "\r", "->", "|>", "    ", "fn ", "dim ", "return ", "x @ w", "\u00a0", "\u2028"]
)


def example_lines() -> list[str]:
    """The non-blank lines of the example files, each with its line break."""
    lines = []
    for path in sorted(EXAMPLES.rglob("*.ss")):
        lines += [line + "\n" for line in path.read_text("utf-8").splitlines() if line.strip()]
    return lines


class RandomEditor:
    """Random edits of a text, as LSP content changes, with the text the
    server must hold after each (applied by position, with the server's
    clamping, so the model and the server agree by construction).

    Edits: whole lines of the examples inserted or deleted (so the text
    stays code-like and the checker, not only the parser, has work), random
    characters and pieces of lines at random places, small deletions; the
    text is kept near `target` characters. `out_of_range`: the share of
    positions past a line's end or past the last line (clamped)."""

    def __init__(self, rng, text: str, encoding: str = "utf-16", target: int = 4000, out_of_range: float = 0.01):
        self.rng = rng
        self.text = text
        self.encoding = encoding
        self.lines_pool = example_lines()
        self.target = target
        self.out_of_range = out_of_range

    def _index(self) -> int:
        i = self.rng.randint(0, len(self.text))
        # Not between the \r and \n of a line break: no position names that place.
        if 0 < i < len(self.text) and self.text[i - 1] == "\r" and self.text[i] == "\n":
            i -= 1
        return i

    def _position(self, index: int, lines) -> dict:
        position = position_of(self.text, index, self.encoding, lines)
        roll = self.rng.random()
        if roll < self.out_of_range / 2:
            position["character"] += self.rng.randint(1, 50)  # past the line's end: clamped
        elif roll < self.out_of_range:
            position["line"] = len(lines) + self.rng.randint(0, 3)  # past the last line: the end
            position["character"] = self.rng.randint(0, 5)
        return position

    def _characters(self) -> str:
        return "".join(self.rng.choice(RANDOM_CHARACTERS) for _ in range(self.rng.randint(1, 4)))

    def change(self) -> dict:
        """One random content change; self.text becomes the text after it."""
        rng = self.rng
        lines = split_lines(self.text)
        grow = len(self.text) < self.target
        # Shares of: line inserted, lines deleted, characters inserted (the rest: characters deleted).
        p_line, p_delete_lines, p_insert = (0.35, 0.12, 0.33) if grow else (0.10, 0.35, 0.25)
        roll = rng.random()
        if roll < p_line:  # an example line at a line's start
            a = b = lines[rng.randrange(len(lines))][0]
            new = rng.choice(self.lines_pool)
        elif roll < p_line + p_delete_lines:  # one or two whole lines deleted
            first = rng.randrange(len(lines))
            last = first + rng.randint(1, 2)
            a = lines[first][0]
            b = lines[last][0] if last < len(lines) else len(self.text)
            new = ""
        elif roll < p_line + p_delete_lines + p_insert:  # a few characters or a piece of a line inserted
            a = b = self._index()
            if rng.random() < 0.8:
                new = self._characters()
            else:
                line = rng.choice(self.lines_pool).rstrip("\n")
                i = rng.randrange(len(line))
                new = line[i : i + rng.randint(1, 30)]
        else:  # a few characters deleted, sometimes replaced
            a = self._index()
            b = min(len(self.text), a + rng.randint(1, 10))
            if 0 < b < len(self.text) and self.text[b - 1] == "\r" and self.text[b] == "\n":
                b += 1
            new = self._characters() if rng.random() < 0.3 else ""
        if a == b:  # an insertion: now and then at a position past the end of a line or of the text
            start = self._position(a, lines)
            end = dict(start)
        else:
            start = position_of(self.text, a, self.encoding, lines)
            end = position_of(self.text, b, self.encoding, lines)
        change = {"range": {"start": start, "end": end}, "text": new}
        self.text = apply_change(self.text, change, self.encoding)
        return change
