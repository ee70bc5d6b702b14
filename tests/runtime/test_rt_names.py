"""Every `_ss_rt.NAME` that docs/generated-code.md lists exists in shapescript.rt."""

import re

import shapescript.rt as rt
from runtime_testing import ROOT


def test_every_name_of_the_contract_exists():
    text = (ROOT / "docs" / "generated-code.md").read_text()
    names = sorted(set(re.findall(r"_ss_rt\.([A-Za-z_]\w*)", text)))
    assert len(names) > 40
    missing = [n for n in names if not hasattr(rt, n)]
    assert missing == []


def test_rt_exports_what_it_lists():
    assert all(hasattr(rt, n) for n in rt.__all__)
