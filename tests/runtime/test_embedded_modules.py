"""The generated modules an export module embeds (runtime/shapescript/modules.py,
docs/modules.md): run from their text without the compiler, once each, under
a name of their own in sys.modules (vLLM's workers import them from there),
and given the exporting module's attention router."""

import base64
import sys

from shapescript import modules


def text(source):
    return base64.b64encode(source.encode()).decode()


def test_two_files_of_one_name_are_two_modules_each_made_once():
    a, b = "/program/nn/attention.ss", "/program/attention.ss"
    modules.embed_modules({a: text("X = 1\n"), b: text("X = 2\n")})
    first, second = modules.ss_module(a, "/program/main.ss"), modules.ss_module(b, "/program/main.ss")
    assert (first.X, second.X) == (1, 2)
    assert first.__name__ != second.__name__
    assert sys.modules[first.__name__] is first and sys.modules[second.__name__] is second
    assert modules.ss_module(a, "/program/main.ss") is first


def test_the_router_reaches_modules_made_before_and_after_it():
    before, after = "/program/before.ss", "/program/after.ss"
    modules.embed_modules({before: text("def f():\n    return _ss_attention\n"), after: text("Y = 0\n")})
    made = modules.ss_module(before, "/program/main.ss")
    router = object()
    modules.route_attention(router)
    assert made.f() is router
    assert modules.ss_module(after, "/program/main.ss")._ss_attention is router
