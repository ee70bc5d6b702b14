"""Emacs in batch with editors/emacs/shapescript-mode.el: eglot (Debian's
elpa-eglot on Emacs 28) talking to the real server, and the mode's own
indentation and highlighting."""

import pytest

from editor_harness import (
    BAD_LINE,
    GOOD_LINE,
    HERE,
    REPO,
    STEP_TIMEOUT,
    hover_text,
    need,
    read_results,
    run_editor,
    server_version,
)

MODE = REPO / "editors" / "emacs" / "shapescript-mode.el"
EGLOT_MISSING = 77  # emacs_eglot_test.el's exit status when eglot won't load


@pytest.fixture(scope="module")
def eglot_session(broken_attention, server_choice, tmp_path_factory):
    """One Emacs session through every eglot step, once with this build's
    server by its path and once with the mode's default program; its
    results."""
    emacs = need("emacs")
    tmp_path = tmp_path_factory.mktemp("emacs")
    ex = broken_attention
    line, col = ex.find("q, k, v =", "q")
    out = tmp_path / "eglot.json"
    env = {
        "SS_MODE_FILE": MODE,
        "SS_FILE": ex.path,
        "SS_OUT": out,
        "SS_TIMEOUT": STEP_TIMEOUT,
        "SS_HOVER_LINE": line + 1,
        "SS_HOVER_COLUMN": col,
        "SS_BAD_TEXT": BAD_LINE.strip(),
        "SS_GOOD_TEXT": GOOD_LINE.strip(),
        "HOME": tmp_path,  # nothing from the user's ~/.emacs.d
        **server_choice.env,
    }
    if server_choice.explicit:
        env["SS_LSP"] = server_choice.program
    run = run_editor([emacs, "--batch", "-Q", "-l", HERE / "emacs_eglot_test.el"], env, cwd=tmp_path)
    if run.returncode == EGLOT_MISSING:
        pytest.skip(f"eglot is not installed for {emacs}: {run.stderr.strip()[-300:]}")
    results = read_results(out, run, [tmp_path / "eglot.json.events"])
    return ex, results


def test_mode_and_server(eglot_session, server_choice, lsp_path):
    _, results = eglot_session
    assert results["mode"] == "shapescript-mode"
    assert results["managed"] is True
    assert results["server_name"] == "shapescript-lsp"
    # The mode's default finds what a clean set-up installed: the venv's
    # shapescript-lsp, the same version as this build's (and the .vsix's).
    assert results["server_program"] == str(server_choice.program)
    assert results["server_version"] == server_version(lsp_path)


def test_flymake_diagnostic_from_eglot(eglot_session):
    ex, results = eglot_session
    diagnostics = results["diagnostics"]
    assert [(d["code"], d["line"], d["column"]) for d in diagnostics] == [
        (ex.error_code, ex.error_line + 1, ex.error_col)
    ]
    assert diagnostics[0]["type"] == "eglot-error"
    assert f"[{ex.error_code}]" in diagnostics[0]["text"]
    assert "`att`'s axes are `b H n m`" in diagnostics[0]["text"]


def test_hover_shows_the_shape(eglot_session):
    _, results = eglot_session
    assert results["hover_symbol"] == "q"
    text = hover_text(results["hover"])
    assert "[b H n Dh]" in text, text


def test_edit_is_rechecked(eglot_session):
    """Undoing the mutation in the buffer reaches the server (didChange) and
    its next publish clears Flymake."""
    _, results = eglot_session
    assert results["diagnostics_after_fix"] == []


def test_server_shuts_down(eglot_session):
    _, results = eglot_session
    assert results["shutdown_reply"] is True  # `shutdown` answered with null
    assert results["stopped"] is True


def test_indentation_and_highlighting(tmp_path):
    emacs = need("emacs")
    expected = HERE / "data" / "indent_expected.ss"
    out = tmp_path / "indent.json"
    env = {"SS_MODE_FILE": MODE, "SS_EXPECTED": expected, "SS_OUT": out, "HOME": tmp_path}
    run = run_editor([emacs, "--batch", "-Q", "-l", HERE / "emacs_indent_test.el"], env, cwd=tmp_path)
    results = read_results(out, run)
    # auto-mode-alist: not Emacs's default for *.ss, scheme-mode.
    assert results["mode"] == "shapescript-mode"
    got = results["indented"].split("\n")
    want = expected.read_text().split("\n")
    diff = [f"line {i + 1}: want {w!r}, got {g!r}" for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g]
    assert not diff and len(got) == len(want), "\n".join(diff)

    faces = results["faces"]
    for word in ("fn", "dim", "return", "elif"):
        assert faces[word] == "font-lock-keyword-face", word
    assert faces["true"] == "font-lock-constant-face"
    assert faces["768"] == "font-lock-constant-face"
    assert faces["2.0"] == "font-lock-constant-face"
    assert faces["bf16"] == "font-lock-type-face"
    assert faces["f"] == "font-lock-function-name-face"
    assert faces["gelu"] == "nil"
    assert "comment" in results["comment_face"]
