"""A variadic group is named by its name however it is written: `.. s` (or
`..` and a form feed before the `s`) is the group `..s`, so the result's
group is the one the arguments bound, and `fmt`, which writes `..s`, builds
the same module (found by the mutation test: the spec named the group by
its text, so the result check bound a group of its own)."""

PROGRAM = """
dim D = 8

fn f(x: [..s D]) -> [.. s D]:
    return x

fn g(x: [..s D]) -> [..\fs D]:
    return x
"""


def test_a_group_written_with_spaces_is_the_same_group(build):
    module = build(PROGRAM, "--checks", "always")
    for sig in (module._ss_sig_f, module._ss_sig_g):
        assert sig.result.axes == sig.params[0][1].axes
        assert sig.result.axes[0] == ("..s", None)
