"""E0423's quick fix (docs/errors.md#e0423): `t as [b n K]` of a `[b K n]`
only relabels the axes, so the editor offers the `rearrange` that moves
them; applied, the warning is gone and the function computes the move."""

import subprocess

from client_declared import client_capabilities
from lsp_client import apply_change

SOURCE = """\
dim K = 8

fn moved(t: [b K n]) -> [b n K]:
    return t as [b n K]
"""
FIXED = SOURCE.replace("t as [b n K]", "(t |> rearrange(b K n -> b n K))")


def test_the_fix_moves_the_axis_and_the_warning_goes(servers, bin_dir):
    c = servers.start()
    c.initialize(client_capabilities()["vscode"])
    uri = servers.uri("moved.ss")
    c.open(uri, SOURCE)
    (warning,) = c.diagnostics(uri)["diagnostics"]
    assert warning["code"] == "E0423" and warning["severity"] == 2, warning
    assert "puts the axis `K` at place 3, where the value has it at place 2" in warning["message"]
    (action,) = c.result(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": warning["range"], "context": {"diagnostics": [warning]}},
    )
    assert action["title"] == "Move the axis: `rearrange(b K n -> b n K)`"
    text = SOURCE
    for edit in action["edit"]["changes"][uri]:
        text = apply_change(text, {"range": edit["range"], "text": edit["newText"]})
    assert text == FIXED
    c.change(uri, 2, [{"text": text}])
    assert c.diagnostics(uri, 2)["diagnostics"] == []
    assert c.shutdown_and_exit() == 0
    # The fixed file builds into the move (a rearrange of names alone is a permute).
    path = servers.write("fixed.ss", FIXED)
    built = subprocess.run(
        [str(bin_dir / "shapescript"), "build", str(path), "-o", "-"], capture_output=True, text=True
    )
    assert built.returncode == 0 and "t.permute(0, 2, 1)" in built.stdout, built.stdout + built.stderr


# A value written over lines, with a comment and past 80 characters: the fix
# keeps it as written (a message's one-line, shortened form would cut it and
# put the rest of the line into the comment).
LONG = """\
dim K = 8

fn moved(t: [b K n], u: [b K n]) -> [b n K]:
    return (t + u * 2.0 + t * u - u / 3.0 + t * 0.5 + u * 0.25  # the first terms
            + u * 0.0625 + t * 0.03125) as [b n K]
"""
LONG_VALUE = """t + u * 2.0 + t * u - u / 3.0 + t * 0.5 + u * 0.25  # the first terms
            + u * 0.0625 + t * 0.03125"""


def test_the_fix_keeps_a_long_value_as_written(servers):
    c = servers.start()
    c.initialize(client_capabilities()["vscode"])
    uri = servers.uri("long.ss")
    c.open(uri, LONG)
    (warning,) = c.diagnostics(uri)["diagnostics"]
    assert warning["code"] == "E0423", warning
    (action,) = c.result(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": warning["range"], "context": {"diagnostics": [warning]}},
    )
    text = LONG
    for edit in action["edit"]["changes"][uri]:
        text = apply_change(text, {"range": edit["range"], "text": edit["newText"]})
    # (`|>` binds last: the whole sum is moved.)
    assert text == LONG.replace("(" + LONG_VALUE + ") as [b n K]", "(" + LONG_VALUE + " |> rearrange(b K n -> b n K))")
    c.change(uri, 2, [{"text": text}])
    assert c.diagnostics(uri, 2)["diagnostics"] == []
    assert c.shutdown_and_exit() == 0
