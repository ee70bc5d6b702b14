"""Neovim, headless, with editors/neovim: the real client talking to the real
server (diagnostics, hover, definition, rename), and the tree-sitter parser
and highlight queries loaded the way the docs install them."""

import json
import re
import subprocess

import pytest

from editor_harness import HERE, REPO, STEP_TIMEOUT, hover_text, need, read_results, run_editor, server_version

PLUGIN = REPO / "editors" / "neovim"


def run_nvim(script, config, tmp_path, env_extra=None):
    """`nvim --headless --clean -u script`, isolated from the user's files;
    the script reads `config` and writes its results to config["out"]."""
    nvim = need("nvim")
    xdg = tmp_path / "xdg"
    config_path = tmp_path / f"{script.stem}.json"
    config_path.write_text(json.dumps(config))
    env = {
        "SS_NVIM_TEST_CONFIG": config_path,
        "XDG_CONFIG_HOME": xdg / "config",
        "XDG_DATA_HOME": xdg / "data",
        "XDG_STATE_HOME": xdg / "state",
        "XDG_CACHE_HOME": xdg / "cache",  # Neovim 0.7's lsp.log
        **(env_extra or {}),
    }
    run = run_editor([nvim, "--headless", "--clean", "-u", script], env, cwd=tmp_path)
    logs = [xdg / "cache" / "nvim" / "lsp.log", xdg / "state" / "nvim" / "lsp.log"]
    return read_results(tmp_path / config["out"], run, logs)


@pytest.fixture(scope="module")
def lsp_session(broken_attention, server_choice, tmp_path_factory):
    """One Neovim session through every LSP step, once with this build's
    server by its path and once with the plugin's default command; its
    results."""
    ex = broken_attention
    tmp_path = tmp_path_factory.mktemp("nvim")
    hover_line, hover_col = ex.find("q, k, v =", "q")
    use_line, use_col = ex.find("return einsum(att", "att")
    def_line, def_col = ex.find("att = einsum", "att")
    config = {
        "plugin_dir": str(PLUGIN),
        "file": str(ex.path),
        "out": "nvim_lsp.json",
        "timeout_ms": STEP_TIMEOUT * 1000,
        "hover": {"line": hover_line, "character": hover_col},
        "definition": {"line": use_line, "character": use_col},
        "rename": {"line": def_line, "character": def_col, "new_name": "scores"},
    }
    if server_choice.explicit:
        config["cmd"] = [str(server_choice.program), "--stdio"]
    results = run_nvim(HERE / "nvim_lsp_test.lua", config, tmp_path, server_choice.env)
    return ex, config, results, (def_line, def_col)


def test_the_server_is_the_one_chosen(lsp_session, server_choice, lsp_path):
    """The plugin's default finds what a clean set-up installed: the venv's
    shapescript-lsp, the same version as this build's (and the .vsix's)."""
    _, _, results, _ = lsp_session
    assert results["server_program"] == str(server_choice.program)
    assert server_version(server_choice.program) == server_version(lsp_path)


def test_filetype_and_buffer_settings(lsp_session):
    _, _, results, _ = lsp_session
    # Not Neovim's default for *.ss, Scheme.
    assert results["filetype"] == "shapescript"
    assert results["shiftwidth"] == 4  # ftplugin/shapescript.lua
    assert results["client_name"] == "shapescript"
    assert results["notifications"] == []  # nothing for the user to read: no warning


def test_diagnostic_arrives(lsp_session):
    ex, _, results, _ = lsp_session
    diagnostics = results["diagnostics"]
    assert [(d["code"], d["lnum"], d["col"]) for d in diagnostics] == [(ex.error_code, ex.error_line, ex.error_col)]
    assert diagnostics[0]["severity"] == 1  # vim.diagnostic.severity.ERROR
    assert "`att`'s axes are `b H n m`" in diagnostics[0]["message"]


def test_hover_shows_the_shape(lsp_session):
    _, _, results, _ = lsp_session
    text = hover_text(results["hover"])
    # q comes out of split(b n (3 H Dh) -> b H n Dh).
    assert "[b H n Dh]" in text, text


def test_definition_of_a_local(lsp_session):
    ex, _, results, (def_line, def_col) = lsp_session
    result = results["definition"]
    locations = result if isinstance(result, list) else [result]
    assert len(locations) == 1, result
    loc = locations[0]
    uri = loc.get("uri") or loc["targetUri"]
    start = (loc.get("range") or loc["targetSelectionRange"])["start"]
    assert uri == ex.path.as_uri()
    assert (start["line"], start["character"]) == (def_line, def_col)


def test_rename_applied_by_the_client(lsp_session):
    ex, _, results, _ = lsp_session
    renamed = results["renamed_text"]
    assert len(re.findall(r"\bscores\b", renamed)) == 2
    assert not re.search(r"\batt\b", renamed)
    # Nothing else changed (the buffer's lines, joined, lack the last newline).
    assert renamed == re.sub(r"\batt\b", "scores", ex.text).rstrip("\n")


def test_edit_is_rechecked(lsp_session):
    """The rename reached the server as didChange: it checked the new text."""
    ex, _, results, _ = lsp_session
    after = results["diagnostics_after_rename"]
    assert [(d["code"], d["lnum"]) for d in after] == [(ex.error_code, ex.error_line)]
    assert "`scores`'s axes" in after[0]["message"]


def test_server_stops(lsp_session):
    _, _, results, _ = lsp_session
    assert results["stopped"] is True
    # shutdown, then exit: the server leaves with status 0 (LSP: 1 without shutdown).
    assert results["server_exit"] == {"code": 0, "signal": 0}


# ---------------------------------------------------------------- tree-sitter


def install_parser(tmp_path):
    """editors/neovim/install.sh into a temporary runtime folder."""
    need("cc")
    rtp = tmp_path / "rtp"
    run = subprocess.run(["sh", str(PLUGIN / "install.sh"), str(rtp)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return rtp


def test_highlight_captures(tmp_path):
    need("nvim")
    rtp = install_parser(tmp_path)
    source = tmp_path / "attention.ss"
    source.write_text((REPO / "examples" / "attention.ss").read_text())
    config = {"plugin_dir": str(PLUGIN), "rtp_dir": str(rtp), "file": str(source), "out": "nvim_ts.json"}
    results = run_nvim(HERE / "nvim_ts_test.lua", config, tmp_path)
    if not results["loaded"]:
        error = results["load_error"]
        if "ABI version mismatch" in error or "incompatible" in error:
            pytest.skip(f"Neovim's tree-sitter cannot load the generated parser: {error}")
        pytest.fail(f"the parser did not load: {error}")

    assert results["filetype"] == "shapescript"
    assert results["query_files"] == [str(rtp / "queries" / "shapescript" / "highlights.scm")]
    assert results["has_error"] is False

    # Where several patterns capture a node, the last one wins (the order
    # highlights.scm is written for).
    final = {}
    for c in results["captures"]:
        final[(c["row"], c["col"], c["end_row"], c["end_col"])] = (c["text"], c["name"])
    lines = source.read_text().split("\n")

    def capture(line_start, word, nth=0):
        row = next(i for i, line in enumerate(lines) if line.lstrip().startswith(line_start))
        col = [m.start() for m in re.finditer(rf"(?<![\w]){re.escape(word)}(?![\w])", lines[row])][nth]
        key = (row, col, row, col + len(word))
        assert key in final, f"`{word}` on line {row + 1} is not captured"
        text, name = final[key]
        assert text == word
        return name

    assert capture("fn causal_attention", "fn") == "keyword.function"
    assert capture("fn causal_attention", "causal_attention") == "function"
    assert capture("fn causal_attention", "b") == "type.parameter"  # an axis of [b n D]
    assert capture("dim D ", "dim") == "keyword"
    assert capture("dim D ", "D") == "constant"
    assert capture("dim D ", "768") == "number"
    assert capture("return einsum", "return") == "keyword.return"
    assert capture("|> softmax", "softmax") == "function.builtin"
    assert capture("|> masked_fill", "inf") == "constant.builtin"
    assert capture("q, k, v", "q") == "variable"
    comments = [c for c in results["captures"] if c["name"] == "comment"]
    assert comments and comments[0]["row"] == 0

    # setup({ treesitter = true }) / require('shapescript').highlight() on 0.7.
    assert results["highlight_started"] is True
    assert results["highlighter_active"] is True
