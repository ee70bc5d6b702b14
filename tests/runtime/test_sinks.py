"""log() and its sinks: terminal, JSON lines, CSV, TensorBoard, plot."""

import csv
import io
import json

import pytest
import torch

import shapescript
import shapescript.rt as rt
from shapescript import sinks


@pytest.fixture
def fresh(quiet_log, monkeypatch):
    """Sinks of the test's own, closed after it; a run of its own (no
    optimizer made, no update counted), so log steps go from 0."""
    sinks.reset_steps()
    monkeypatch.setattr(sinks, "_opened", [])
    yield sinks
    sinks.close_sinks()


def some_records():
    rt.log(epoch=0, loss=torch.tensor(2.5))
    rt.log(epoch=0, loss=1.5)
    rt.log(epoch=0, test_accuracy=torch.tensor(0.75), note="x")
    rt.log(epoch=1, loss=0.5)


def test_log_to_returns_the_previous_sinks(fresh):
    a, b = sinks.Terminal(), sinks.Terminal()
    assert shapescript.log_to(a) == ()
    assert shapescript.log_to(b) == (a,)
    assert shapescript.log_to() == (b,)
    with pytest.raises(TypeError):
        shapescript.log_to("terminal")


def test_log_values(fresh):
    class Keep(sinks.Sink):
        def __init__(self):
            self.records = []

        def write(self, step, wall, values):
            self.records.append((step, wall, values))

    keep = Keep()
    sinks.log_to(keep)
    some_records()
    assert [r[0] for r in keep.records] == [0, 1, 2, 3]
    assert keep.records[0][2] == {"epoch": 0, "loss": 2.5}
    assert isinstance(keep.records[2][2]["test_accuracy"], float)
    assert all(abs(r[1] - keep.records[0][1]) < 60 for r in keep.records)
    with pytest.raises(ValueError, match=r"`x` is a tensor of shape \[2\]"):
        rt.log(x=torch.zeros(2))
    with pytest.raises(TypeError, match="`x` is a list"):
        rt.log(x=[1])


def test_json_lines(fresh, tmp_path):
    sinks.log_to(sinks.JsonLines(tmp_path / "logs" / "log.jsonl"))
    some_records()
    lines = (tmp_path / "logs" / "log.jsonl").read_text().splitlines()  # readable before close: flushed
    records = [json.loads(line) for line in lines]
    assert [r["step"] for r in records] == [0, 1, 2, 3]
    assert records[0]["loss"] == 2.5 and records[2]["note"] == "x" and records[2]["test_accuracy"] == 0.75
    assert all("time" in r for r in records)
    sinks.close_sinks()
    rt.log(after=1)  # written after close: appended
    assert json.loads((tmp_path / "logs" / "log.jsonl").read_text().splitlines()[-1])["after"] == 1


def test_csv_grows_its_columns(fresh, tmp_path):
    path = tmp_path / "log.csv"
    sinks.log_to(sinks.Csv(path))
    some_records()
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["step", "time", "epoch", "loss", "test_accuracy", "note"]
    assert [r["step"] for r in rows] == ["0", "1", "2", "3"]
    assert rows[0]["loss"] == "2.5" and rows[0]["test_accuracy"] == ""
    assert rows[2]["test_accuracy"] == "0.75" and rows[2]["loss"] == "" and rows[2]["note"] == "x"
    assert rows[3]["loss"] == "0.5"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.csv"]  # no temporary files left


def test_tensorboard(fresh, tmp_path):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    sinks.log_to(sinks.TensorBoard(tmp_path / "tb"))
    some_records()
    sinks.close_sinks()
    acc = EventAccumulator(str(tmp_path / "tb"))
    acc.Reload()
    assert set(acc.Tags()["scalars"]) == {"epoch", "loss", "test_accuracy"}
    loss = acc.Scalars("loss")
    assert [e.step for e in loss] == [0, 1, 3]
    assert [e.value for e in loss] == pytest.approx([2.5, 1.5, 0.5])


def test_plot(fresh, tmp_path):
    path = tmp_path / "curves.png"
    sinks.log_to(sinks.Plot(path))
    some_records()
    assert not path.exists()  # drawn at close
    sinks.close_sinks()
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["curves.png"]
    from matplotlib.image import imread

    assert imread(str(path)).shape[0] > 3 * 150  # a panel per numeric key: epoch, loss, test_accuracy


def test_plot_without_numbers_writes_nothing(fresh, tmp_path):
    sinks.log_to(sinks.Plot(tmp_path / "c.png"))
    rt.log(note="x")
    sinks.close_sinks()
    assert not (tmp_path / "c.png").exists()


def test_terminal_without_a_tty(fresh, capsys):
    out = io.StringIO()
    sinks.log_to(sinks.Terminal(file=out))
    rt.log(epoch=0)
    for i in rt.batch_loop(range(3), False, "digits.ss:40"):
        rt.log(loss=torch.tensor(1.0 / (i + 1)))
    lines = out.getvalue().splitlines()
    assert lines[0] == "step 0: epoch=0"
    assert lines[1].startswith("digits.ss:40: 3 batches in ") and lines[1].endswith("s: loss=0.3333")
    assert len(lines) == 2


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_terminal_progress_bars(fresh, monkeypatch):
    err, out = _Tty(), io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    term = sinks.Terminal(file=out)
    sinks.log_to(term)
    for i in rt.batch_loop(range(4), False, "digits.ss:40"):
        for j in rt.batch_loop(range(2), False, "digits.ss:42"):
            rt.log(epoch=i, loss=float(j))
            bars = list(term._bars.values())
            assert [b.total for b in bars] == [4, 2]
            assert all(b.postfix == "epoch=%d loss=%s" % (i, j) for b in bars)
    text = err.getvalue()
    assert "digits.ss:40" in text and "digits.ss:42" in text and "0/4" in text
    summaries = out.getvalue().splitlines()
    assert len(summaries) == 5 and summaries[-1].startswith("digits.ss:40: 4 batches")
    assert summaries[-1].endswith("epoch=3 loss=1")


def test_a_loop_left_early_closes_its_bar(fresh, monkeypatch):
    monkeypatch.setattr("sys.stderr", _Tty())
    term = sinks.Terminal(file=io.StringIO())
    sinks.log_to(term)
    loop = rt.batch_loop(range(5), False, "t.ss:1")
    for _ in loop:
        break
    loop.close()
    assert term._bars == {} and sinks._loops == []


def test_the_default_sink_is_the_terminal(monkeypatch):
    monkeypatch.setattr(sinks, "_active", None)
    monkeypatch.setattr(sinks, "_opened", [])
    previous = sinks.log_to()
    assert len(previous) == 1 and isinstance(previous[0], sinks.Terminal)
    sinks.log_to(*previous)
