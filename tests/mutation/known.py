"""The failures the mutation test doesn't fail on, in two lists:

- ALLOWED: what the source asks for, at run time, in a way no type says:
  an index past the end chosen at run time, `import python` of a module
  that isn't installed, a runtime function refusing a value.
- KNOWN: defects found by this test and not fixed yet, each a class with a
  reproducer in the issue's note and, where another item of issue 12 owns
  the fix, that item. Remove a class when its fix lands: the test then
  fails on any mutant the fix misses.

A class matches by the failure's kind, its exception type, a regular
expression searched in its message and, where the message alone could come
from elsewhere, one searched in the generated line that raised it. Never by
the type alone. Each class carries an example failure, which
test_mutation_parts.py checks it matches, and that no other class does."""

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Known:
    name: str
    why: str  # the class, and who fixes it
    kind: str  # "call", "import", "build", ...
    type: str  # the exception's type, as the worker names it
    message: str  # searched in the message
    example: dict = field(compare=False, repr=False)
    line: str = ""  # searched in the generated line that raised it, when given

    def matches(self, failure):
        return (
            failure["kind"] == self.kind
            and failure.get("type") == self.type
            and re.search(self.message, failure.get("message", "")) is not None
            and (not self.line or re.search(self.line, failure.get("module_line") or "") is not None)
        )


def _call(type_, message, line=""):
    return {"kind": "call", "type": type_, "message": message, "module_line": line}


ALLOWED = (
    Known(
        "index past the end",
        "an int index chosen at run time past the end of its axis or list (`x[i]`, i: int = 2, x: [n] of size 2)",
        "call",
        "IndexError",
        r"^(index -?\d+ is out of bounds for dimension \d+ with size \d+|list index out of range)$",
        _call("IndexError", "index 2 is out of bounds for dimension 0 with size 2", "m.py:87: row = x[i]"),
    ),
    Known(
        "python module not installed",
        "`import python NAME` of a module that isn't installed",
        "import",
        "ModuleNotFoundError",
        r"^No module named '[\w.]+'$",
        {"kind": "import", "type": "ModuleNotFoundError", "message": "No module named 'torchnn'"},
    ),
    Known(
        "extern target missing",
        "an `extern fn` whose target the module doesn't have (`= torch.nn.functionalconv2d`, "
        "`= torch.float.functional.gelu`, `= torch.cumsum.cumsum`), read at import",
        "import",
        "AttributeError",
        r"^(module '[\w.]+'|'[\w.]+' object) has no attribute '\w*[^\W_]'$",
        {
            "kind": "import",
            "type": "AttributeError",
            "message": "module 'torch.nn' has no attribute 'functionalconv2d'",
            "module_line": "m.py:24: conv5x5 = torch.nn.functionalconv2d",
        },
        line=r"^\S+: \w+ = [\w.]+$",
    ),
    Known(
        "python attribute missing",
        "a name read from an `import python` module that it doesn't have (`shapescript.datasets.m()`)",
        "call",
        "AttributeError",
        r"^module '[\w.]+' has no attribute '\w*[^\W_]'$",
        _call("AttributeError", "module 'shapescript.datasets' has no attribute 'm'"),
    ),
    Known(
        "an optimizer setting torch refuses",
        "`adamw(m, betas=(0.9, 256))`, a negative learning rate: torch.optim checks its settings when it is made",
        "call",
        "ValueError",
        r"^Invalid (beta parameter at index \d|learning rate|epsilon value|weight_decay value|momentum value): ",
        _call("ValueError", "Invalid beta parameter at index 1: 256"),
    ),
    Known(
        "a convolution's kernel past its padded input",
        "an `extern fn` into torch's conv whose declared padding (`padding: int = 1` for a kernel of 31) leaves "
        "the kernel longer than the padded input: torch refuses the sizes the declaration asks for",
        "call",
        "RuntimeError",
        r"^Calculated padded input size per channel: \([\d x]+\)\. Kernel size: \([\d x]+\)\. Kernel size can't "
        r"be greater than actual input size$",
        _call(
            "RuntimeError",
            "Calculated padded input size per channel: (5). Kernel size: (31). Kernel size can't be greater than "
            "actual input size",
        ),
    ),
    Known(
        "math on a value outside its domain",
        "`log(0)` on a number, as written",
        "call",
        "ValueError",
        r"^math domain error$",
        _call("ValueError", "math domain error"),
    ),
    Known(
        "recursion without end",
        "a function that calls itself on every path (`fn gelu(x)` piping into `gelu`, which is itself)",
        "call",
        "RecursionError",
        r"^maximum recursion depth exceeded",
        _call("RecursionError", "maximum recursion depth exceeded"),
    ),
    Known(
        "dropout probability out of range",
        "`dropout(x, 100, mode)`: the runtime refuses p outside 0..1, as written",
        "call",
        "ValueError",
        r"^dropout\(\): p must be in 0\.\.1, not -?[\d.e+-]+$",
        _call("ValueError", "dropout(): p must be in 0..1, not 100"),
    ),
    Known(
        "an optimizer of another model",
        "`update(pair, opt, grads)` with `opt` made for another model of that class: which instance isn't a type",
        "call",
        "ValueError",
        r"^update\(\): the optimizer was made for another \w+ than the one given$",
        _call("ValueError", "update(): the optimizer was made for another Net than the one given"),
    ),
    Known(
        "a count not positive at run time",
        "cosine(peak, steps), warmup(steps, ...) or batches(data, size) with 0 at run time (`epochs * 23`, epochs = 0)",
        "call",
        "ValueError",
        r"^((cosine|warmup)\(\): steps must be positive|batches\(\): the size must be a positive int), "
        r"not (0|0\.0|-[\d.]+)$",
        _call("ValueError", "cosine(): steps must be positive, not 0"),
    ),
    Known(
        "a local assigned only in a loop",
        "`for i in 0..n: y = x` then `return y`, called with n = 0: a loop may run no times, and flagging what one "
        "assigns would refuse the usual training loop (`loss` read after it; docs/types.md)",
        "call",
        "UnboundLocalError",
        r"^cannot access local variable '\w+' where it is not associated with a value$",
        _call("UnboundLocalError", "cannot access local variable 'y' where it is not associated with a value"),
    ),
    Known(
        "an extern fn's string its target refuses",
        "a string argument the target's own domain doesn't hold (`approximate=\"mean\"` for torch's gelu): "
        "the declaration types it as a str, as written",
        "call",
        "RuntimeError",
        r"^approximate argument must be either none or tanh\.$",
        _call("RuntimeError", "approximate argument must be either none or tanh."),
    ),
    Known(
        "a Python function's own arguments",
        "`torch.tanh()` through `import python torch`: a Python function's parameters aren't declared, so the "
        "call is checked by Python when it runs, as written",
        "call",
        "TypeError",
        r"^\w+\(\) missing \d+ required positional arguments?: ",
        _call(
            "TypeError",
            'tanh() missing 1 required positional arguments: "input"',
            'm.py:73: b = _ss_rt.cast(torch.tanh(), _ss_spec_0, "m.ss:21", {"n": (_ss_n, "x")})',
        ),
        line=r"\btorch\.\w+\(\)",
    ),
)

KNOWN = (
    Known(
        "scatter's index against its value",
        "`scatter(x, i, w, over=n)`: the index's other axes aren't proven to fit x's",
        "call",
        "RuntimeError",
        r"^Expected index \[[\d, ]*\] to be no larger than self \[[\d, ]*\] apart from dimension \d+",
        _call("RuntimeError", "Expected index [3, 5] to be no larger than self [1, 100] apart from dimension 1 and"),
    ),
    Known(
        "topk's k against the axis",
        "`topk(x, K, over=n)` with n generic: k <= n isn't required",
        "call",
        "RuntimeError",
        r"^selected index k out of range$",
        _call("RuntimeError", "selected index k out of range"),
    ),
    Known(
        "masked_fill of a number",
        "`b |> masked_fill(!keep, -inf)` with b a generic axis (a number in the body) checks clean: the prelude's "
        "`[..s]` takes a number, but the runtime's masked_fill needs a tensor",
        "call",
        "AttributeError",
        r"^'(int|float)' object has no attribute 'masked_fill'$",
        _call(
            "AttributeError",
            "'int' object has no attribute 'masked_fill'",
            "m.py:50: weights = torch.softmax(_ss_rt.masked_fill(_ss_b, ~keep, -math.inf), dim=1)",
        ),
    ),
    Known(
        "cross_entropy's targets with more axes than the logits",
        "`cross_entropy(z, y)` with z: [b V] and y: [b n] checks clean (the prelude's `[..s]` aligns either way "
        "round), but torch wants one target per row of logits",
        "call",
        "RuntimeError",
        r"^(0D or 1D target tensor expected, multi-target not supported|"
        r"Expected floating point type for target with class probabilities, got Long)$",
        _call(
            "RuntimeError",
            "0D or 1D target tensor expected, multi-target not supported",
            "m.py:82: total = total + _ss_rt.cross_entropy(h @ m.wy, next_[:, t], -1)",
        ),
    ),
    Known(
        "einsum after masked_fill by a mask with an axis named twice",
        "`masked_fill(s, !keep, -inf)` with s: [b n] and keep: [b b n] checks clean as a `[b n]`, so the einsum "
        "after it gets a value of three axes",
        "call",
        "RuntimeError",
        r"^einsum\(\): the number of subscripts in the equation \(\d+\) does not match the number of dimensions "
        r"\(\d+\) for operand \d+ and no ellipsis was given$",
        _call(
            "RuntimeError",
            "einsum(): the number of subscripts in the equation (2) does not match the number of dimensions (3) for "
            "operand 0 and no ellipsis was given",
            'm.py:52: _ss_result = einops.einsum(weights, x, "b n, b n d -> b d")',
        ),
        line=r"einsum\(",
    ),
    Known(
        "gather's other axes",
        "`gather(x, index, over=N)` with x: [b N e] and index: [b K D] checks clean: only the number of axes and "
        "the positions' bound are compared, not the other axes' sizes, which torch wants no larger than x's",
        "call",
        "RuntimeError",
        r"^Size does not match at dimension \d+ expected index \[[\d, ]+\] to be no larger than self \[[\d, ]+\] "
        r"apart from dimension \d+$",
        _call(
            "RuntimeError",
            "Size does not match at dimension 2 expected index [2, 49, 768] to be no larger than self [2, 196, 2] "
            "apart from dimension 1",
            "m.py:58: _ss_result = torch.gather(x, 1, idx)",
        ),
        line=r"torch\.gather\(",
    ),
    Known(
        "where with an axis named twice",
        "`where(m, y, x)` with m: [b n n] Mask and y, x: [b n 8] checks clean (elementwise operators refuse "
        "this, E0410; where's arguments are matched elsewhere); `masked_fill(p, keep)` with keep: [b n n m] "
        "the same way, and `masked_fill(x, !valid, v)` with x: [b] and valid: [b C] (the prelude's `[..s]` "
        "takes the larger of the two)",
        "call",
        "RuntimeError",
        r"^The size of tensor a \(\d+\) must match the size of tensor b \(\d+\) at non-singleton dimension \d+$",
        _call(
            "RuntimeError",
            "The size of tensor a (2) must match the size of tensor b (8) at non-singleton dimension 3",
            "m.py:94: w = torch.where(m, y, x)",
        ),
        line=r"(torch\.where|_ss_rt\.masked_fill)\(",
    ),
    Known(
        "labels broadcast against the logits",
        "`cross_entropy(z, y)` with z: [b K] and y: [] Index[K] (one target for a batch) checks clean: a later "
        "`[..s]` parameter of the prelude takes any tensor that aligns with the group, fewer axes too",
        "call",
        "ValueError",
        r"^Expected input batch_size \(\d+\) to match target batch_size \(\d+\)\.$",
        _call(
            "ValueError",
            "Expected input batch_size (3) to match target batch_size (0).",
            "m.py:110: _ss_result = _ss_rt.cross_entropy(z, y, 1)",
        ),
    ),
    Known(
        "the code generator refuses a checked program",
        "build stops with `can't generate Python for this yet` on a program check accepted (a causal mask "
        "or axis whose size isn't known, `over=` not an axis, a field without an initialiser)",
        "build",
        "exit 1",
        r"^\S+\.ss:\d+:\d+: error: can't generate Python for this yet: ",
        {"kind": "build", "type": "exit 1", "message": "m.ss:46:59: error: can't generate Python for this yet: a x"},
    ),
)


def known_class(failure):
    """The class of ALLOWED or KNOWN that `failure` belongs to, or None."""
    for k in ALLOWED + KNOWN:
        if k.matches(failure):
            return k
    return None
