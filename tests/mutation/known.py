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
        "python attribute missing",
        "a name read from an `import python` module that it doesn't have (`shapescript.datasets.m()`)",
        "call",
        "AttributeError",
        r"^module '[\w.]+' has no attribute '\w*[^\W_]'$",
        _call("AttributeError", "module 'shapescript.datasets' has no attribute 'm'"),
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
)

KNOWN = (
    Known(
        "a local assigned only in a loop",
        "`for i in 0..n: y = x` then `return y` with n = 0 (an `if` is E0105; a loop is left alone, docs/types.md)",
        "call",
        "UnboundLocalError",
        r"^cannot access local variable '\w+' where it is not associated with a value$",
        _call("UnboundLocalError", "cannot access local variable 'y' where it is not associated with a value"),
    ),
    Known(
        "scaled_dot_product_attention's arguments",
        "item 3: sdpa's arguments aren't typed (an extra positional, key heads other than the query's)",
        "call",
        "TypeError",
        r"^scaled_dot_product_attention\(\) got multiple values for argument 'attn_mask'$",
        _call("TypeError", "scaled_dot_product_attention() got multiple values for argument 'attn_mask'"),
    ),
    Known(
        "scaled_dot_product_attention's heads",
        "item 3: as above, k and v with Hkv heads against q's H (llama without its repeat)",
        "call",
        "RuntimeError",
        r"^The size of tensor a \(\d+\) must match the size of tensor b \(\d+\) at non-singleton dimension \d+$",
        _call(
            "RuntimeError",
            "The size of tensor a (8) must match the size of tensor b (2) at non-singleton dimension 1",
            "m.py:111: att = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=m)",
        ),
        line=r"scaled_dot_product_attention\(",
    ),
    Known(
        "scaled_dot_product_attention's ranks",
        "item 3: sdpa on a query or mask of too few axes",
        "call",
        "IndexError",
        r"^Dimension out of range \(expected to be in range of \[-?\d+, -?\d+\], but got -?\d+\)$",
        _call(
            "IndexError",
            "Dimension out of range (expected to be in range of [-1, 0], but got -2)",
            "m.py:47: _ss_result = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=keep)",
        ),
        line=r"scaled_dot_product_attention\(",
    ),
    Known(
        "a runtime function's arguments",
        "a built-in the runtime implements called with an argument missing, repeated or unknown "
        "(`batches(data)`, `adamw(m, rows=0.01)`, `Mlp.init(g=0)`, `Train(Mlp=0)`): not checked against its "
        "declaration",
        "call",
        "TypeError",
        r"^(?!scaled_dot_product_attention)(\w+\.)?\w+\(\) (missing \d+ required positional arguments?: |"
        r"got an unexpected keyword argument |"
        r"got multiple values for argument |takes no keyword arguments|takes \d+ positional arguments? but \d+ "
        r"(was|were) given)|^scatter\(\) received an invalid combination of arguments - got \(Tensor, int"
        r"(, Tensor(, Tensor, Tensor)?)?\),|^Train\(seed=\.\.\.\) takes an int, not \S+$",
        _call("TypeError", "batches() missing 1 required positional argument: 'size'"),
    ),
    Known(
        "a keyword argument given twice",
        "`log(loss=a, loss=b)`: Python refuses the module",
        "import",
        "SyntaxError",
        r"^keyword argument repeated: \w+ \(",
        {"kind": "import", "type": "SyntaxError", "message": "keyword argument repeated: loss (m4719.py, line 137)"},
    ),
    Known(
        "a parameter without a default after one with",
        "`fn f(x: [n], s: float = 1.0, y: [n])` checks clean; Python refuses the `def`",
        "import",
        "SyntaxError",
        r"^(non-default argument follows default argument|parameter without a default follows parameter with a "
        r"default) \(",
        {
            "kind": "import",
            "type": "SyntaxError",
            "message": "non-default argument follows default argument (m.py, line 138)",
        },
    ),
    Known(
        "Python keywords as module names",
        "item 8: `import python import` writes `import import`",
        "import",
        "SyntaxError",
        r"^invalid syntax \(m\d+\.py, line \d+\)$",
        {"kind": "import", "type": "SyntaxError", "message": "invalid syntax (m2956.py, line 8)"},
    ),
    Known(
        "arithmetic on masks",
        "`-m`, `m @ m`, `m - k` on a Mask and `x & 1` on floats are accepted; torch refuses them",
        "call",
        "NotImplementedError",
        r"^(Negation, the `-` operator, on a bool tensor is not supported|\"dot\" not implemented for 'Bool'$|"
        r"Subtraction, the `-` operator, with two bool tensors is not supported|"
        r"\"bitwise_(and|or)_cpu\" not implemented for 'Float'$)",
        _call("NotImplementedError", "Negation, the `-` operator, on a bool tensor is not supported. If you"),
    ),
    Known(
        "embedding rows against the index bound",
        "`embedding(ids: Index[V], table: [t D])`: the table's rows aren't proven to be V",
        "call",
        "IndexError",
        r"^index out of range in self$",
        _call("IndexError", "index out of range in self", "m.py:95: x = torch.nn.functional.embedding(ids, table)"),
        line=r"embedding\(",
    ),
    Known(
        "scatter's index against its value",
        "`scatter(x, i, w, over=n)`: the index's other axes aren't proven to fit x's",
        "call",
        "RuntimeError",
        r"^Expected index \[[\d, ]*\] to be no larger than self \[[\d, ]*\] apart from dimension \d+",
        _call("RuntimeError", "Expected index [3, 5] to be no larger than self [1, 100] apart from dimension 1 and"),
    ),
    Known(
        "arange's step and bounds",
        "`arange(0, D, 0)` and `arange(9.21, D, 2)` (a float start past the end) check clean",
        "call",
        "RuntimeError",
        r"^(step must be nonzero|upper bound and lower bound inconsistent with step sign)$",
        _call("RuntimeError", "step must be nonzero", "m.py:41: r = torch.exp(_ss_rt.arange(0, D, 0, None))"),
        line=r"_ss_rt\.arange\(",
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
        "a field set to another shape",
        "`m.w = v` with v's shape other than the field's is accepted; the runtime refuses it",
        "call",
        "ValueError",
        r"^set_field\(\): `\w+\.\w+` has shape \[[\d, ]*\], the new value \[[\d, ]*\]$",
        _call("ValueError", "set_field(): `M.w` has shape [4, 4], the new value [4]"),
    ),
    Known(
        "a parameter default that isn't a literal",
        "`fn apply(x: [n], scale: float = y)`: a name as a default is accepted; Python reads it at import",
        "import",
        "NameError",
        r"^name '\w+' is not defined$",
        {
            "kind": "import",
            "type": "NameError",
            "message": "name 'y' is not defined",
            "module_line": "m.py:70: def apply(m, x, scale=y):",
        },
        line=r"^\S+: def \w+\(.*=",
    ),
    Known(
        "destructuring a tensor",
        "`m, w = w` with w a tensor is accepted: Python unpacks its first axis",
        "call",
        "ValueError",
        r"^(too many|not enough) values to unpack \(expected \d+(, got \d+)?\)$",
        _call("ValueError", "too many values to unpack (expected 2)", "m.py:112: m, w = w"),
    ),
    Known(
        "where with an axis named twice",
        "`where(m, y, x)` with m: [b n n] Mask and y, x: [b n 8], or `masked_fill(p, keep, 0.0)` with p: "
        "[m n m], checks clean (elementwise operators refuse this, E0410; their arguments are matched elsewhere)",
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
