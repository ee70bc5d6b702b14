"""files.replacing, which every file Python writes goes through: a rename
or a temporary file the system refuses is an OutputError naming the path,
and `shapescript export`'s Python exits 2 on one (docs/export.md)."""

import os

import pytest

from shapescript import exporting, files


def test_a_refused_rename_is_an_output_error_and_leaves_the_file(tmp_path, monkeypatch):
    target = tmp_path / "out.pt2"
    target.write_text("old")

    def refuse(src, dst):  # an immutable file: the rename is what fails
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(files.OutputError, match=r"out\.pt2: cannot replace the file: Operation not permitted"):
        with files.replacing(target) as tmp:
            with open(tmp, "w") as f:
                f.write("new")
    assert target.read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["out.pt2"]


def test_a_link_is_followed_and_kept(tmp_path):
    (tmp_path / "target").write_text("old")
    os.symlink("target", tmp_path / "link")
    with files.replacing(tmp_path / "link") as tmp:
        with open(tmp, "w") as f:
            f.write("new")
    assert os.path.islink(tmp_path / "link")
    assert (tmp_path / "target").read_text() == "new"


def test_export_main_exits_2_when_the_output_cant_be_written(monkeypatch, capsys):
    monkeypatch.setattr(exporting, "export_program", lambda program, inputs, device=None: object())

    def save(exported, output, aoti=False):
        raise files.OutputError("%s: cannot replace the file: Operation not permitted" % output)

    monkeypatch.setattr(exporting, "save", save)
    assert exporting.main(lambda: None, None, (), "f", argv=["-o", "x.pt2"]) == 2
    assert "shapescript export: error: x.pt2: cannot replace the file" in capsys.readouterr().err


@pytest.mark.parametrize("path", ["", "/dev/stdout", "/proc/self/fd/1"])
def test_no_name_or_a_descriptor_is_refused(path):
    assert files.output_problem(path)
