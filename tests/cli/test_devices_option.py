"""`--devices` on the command line (build, export) is read by the rules of a
`devices` line (E0107, check/device_list.hpp): a bad list exits 2 naming
the entry and what is wrong, and writes nothing (docs/devices.md)."""

import pytest

SOURCE = "dim F = 4\n\nfn double(x: [b F]) -> [b F]:\n    return x * 2.0\n"


@pytest.mark.parametrize(
    "devices, said",
    [
        ("cpu*0", "`cpu*0` has no workers"),
        ("cpu*100000", "`cpu*100000` is more CPU workers than the 256"),
        ("gpu:0", "`gpu` is not a device"),
        ("cpu,cuda:0", "`cuda:0` mixes cuda with cpu"),
        ("cuda:0,cuda:0", "`cuda:0` is listed twice"),
        ("cpu*2,cpu*3", "the CPU is listed twice"),
        ("cuda", "a GPU is written with its index"),
        ("cpu,,cpu", "an empty entry"),
        ("cuda:x", "`cuda:x` isn't a device"),
    ],
)
@pytest.mark.parametrize("command", ["build", "export"])
def test_a_bad_devices_list_exits_2_naming_the_entry(ss, devices, said, command):
    source = ss.write("double.ss", SOURCE)
    r = ss.run(command, source, "--devices", devices, "-o", ss.tmp / "out.py")
    assert r.returncode == 2, r.stderr
    assert said in r.stderr.decode()
    assert not (ss.tmp / "out.py").exists()


@pytest.mark.parametrize("devices", ["cpu", "cpu*3", "cuda:0,cuda:1", "mps", "meta"])
def test_a_good_devices_list_builds(ss, devices):
    source = ss.write("double.ss", SOURCE)
    r = ss.run("build", source, "--devices", devices, "-o", ss.tmp / "out.py")
    assert r.returncode == 0, r.stderr
    assert "_ss_devices = (" in (ss.tmp / "out.py").read_text()
