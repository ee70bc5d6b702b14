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
    innermost: str = ""  # searched in the innermost line of the traceback, when given

    def matches(self, failure):
        return (
            failure["kind"] == self.kind
            and failure.get("type") == self.type
            and re.search(self.message, failure.get("message", "")) is not None
            and (not self.line or re.search(self.line, failure.get("module_line") or "") is not None)
            and (not self.innermost or re.search(self.innermost, failure.get("innermost") or "") is not None)
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
        r"^No module named '[\w.]+'(; '[\w.]+' is not a package)?$",
        {"kind": "import", "type": "ModuleNotFoundError", "message": "No module named 'torchnn'"},
    ),
    Known(
        "extern target missing",
        "an `extern fn` whose target the module doesn't have (`= torch.nn.functionalconv2d`, "
        "`= torch.float.functional.gelu`, `= torch.cumsum.cumsum`, `= torch.Tensor.Tensor.detach`), read at import",
        "import",
        "AttributeError",
        # scipy's lazy loader says `Module 'scipy'`.
        r"^([Mm]odule '[\w.]+'|'[\w.]+' object|type object '[\w.]+') has no attribute '\w*[^\W_]'$",
        {
            "kind": "import",
            "type": "AttributeError",
            "message": "module 'torch.nn' has no attribute 'functionalconv2d'",
            "module_line": "m.py:24: conv5x5 = torch.nn.functionalconv2d",
        },
        # The target, or the target wrapped for its declared defaults.
        line=r"^\S+: \w+ = ([\w.]+|_ss_rt\.with_defaults\([\w.]+, .*\))$",
    ),
    Known(
        "extern target not a function",
        "an `extern fn` whose target is a module or another value that isn't callable (`= torch.nn.functional`)",
        "import",
        "TypeError",
        r"^extern fn \w+: its target [\w.]+ is a \w+, not a function$",
        {
            "kind": "import",
            "type": "TypeError",
            "message": "extern fn conv3x3: its target torch.nn.functional is a module, not a function",
        },
    ),
    Known(
        "an extern declaration its target refuses",
        "an `extern fn` that declares parameters its target doesn't take (`kernel_size: int = 1` for conv2d): "
        "the declaration is the user's word for the target's signature",
        "call",
        "TypeError",
        r"^(\w+\(\) received an invalid combination of arguments - got \(|"
        r"\w+\(\) got an unexpected keyword argument '\w+'$|"
        r"\w+\(\): argument '\w+' \(position \d+\) must be \w+, not \w+$)",
        _call(
            "TypeError",
            "conv2d() received an invalid combination of arguments - got (Tensor, Parameter, Parameter, "
            "kernel_size=int), but expected one of:",
        ),
    ),
    Known(
        "an extern's target given more arguments than it takes",
        "an `extern fn` whose target is torch's relu while it declares conv2d's three parameters: the "
        "declaration is the user's word for the target's signature (a generated function is never called so: "
        "the call is the runtime's call of an extern's target)",
        "call",
        "TypeError",
        r"^\w+\(\) takes (from \d+ to \d+|\d+) positional arguments? but \d+ (were|was) given$",
        {
            "kind": "call",
            "type": "TypeError",
            "message": "relu() takes from 1 to 2 positional arguments but 3 were given",
            "innermost": "calls.py:329: return check_result(sig, target(*args, **kwargs), bindings)",
        },
        innermost=r"^calls\.py:\d+: .*\btarget\(\*args, \*\*kwargs\)",
    ),
    Known(
        "an extern fn's dim its target refuses",
        "an `extern fn` that takes an axis by number (`cumsum(x, dim: int)`) given one its tensor doesn't have "
        "(`128` for two axes): the declaration types it as an int, as written",
        "call",
        "IndexError",
        r"^Dimension out of range \(expected to be in range of \[-\d+, \d+\], but got -?\d+\)$",
        _call("IndexError", "Dimension out of range (expected to be in range of [-2, 1], but got 128)"),
    ),
    Known(
        "a convolution's groups its channels don't match",
        "an `extern fn` into torch's conv whose declared `groups: int = 144` the channels (15) don't match: torch "
        "refuses the grouping the declaration asks for",
        "call",
        "RuntimeError",
        r"^Given groups=\d+, (expected weight to be (at least|divisible by) \d+ at dimension 0, but got weight of "
        r"size \[?\[[\d, ]+\]\]? instead|weight of size \[[\d, ]+\], expected input\[[\d, ]+\] to have \d+ "
        r"channels, but got \d+ channels instead)$",
        _call(
            "RuntimeError",
            "Given groups=144, expected weight to be at least 144 at dimension 0, but got weight of size "
            "[15, 1, 31] instead",
        ),
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
        "a resampling to no size",
        "an `extern fn` into torch's interpolate whose declared `scale_factor: float = 0.02` leaves no output "
        "pixel of a 3 x 3 input: torch refuses the scale the declaration asks for",
        "call",
        "RuntimeError",
        r"^Input and output sizes should be greater than 0, but got input \([\w:, ]+\) output \([\w:, ]+\)$",
        _call(
            "RuntimeError",
            "Input and output sizes should be greater than 0, but got input (H: 3, W: 3) output (H: 0, W: 0)",
        ),
    ),
    Known(
        "a pooling window past its input",
        "an `extern fn` into torch's max_pool2d whose declared `kernel_size: int = 32` is larger than the input "
        "(28 x 28): torch refuses the window the declaration asks for",
        "call",
        "RuntimeError",
        r"^Given input size: \([\dx]+\)\. Calculated output size: \([\dx]+\)\. Output size is too small$",
        _call(
            "RuntimeError",
            "Given input size: (16x28x28). Calculated output size: (16x0x0). Output size is too small",
        ),
    ),
    Known(
        "a file the source loads missing",
        "`load(\"lin.safetensors\")` of a file that isn't there: the path is the source's own, read at run time",
        "call",
        "FileNotFoundError",
        r"^No such file or directory: ",
        _call(
            "FileNotFoundError",
            "No such file or directory: lin.safetensors",
            'm.py:239: w = _ss_rt.cast(_ss_rt.load("lin.safetensors"), _ss_spec_0, "m.ss:60").w',
        ),
        line=r"_ss_rt\.load\(",
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
        "optimizer options torch refuses",
        "`sgd(m, lr=0.01, momentum=0, nesterov=true)`: torch.optim refuses the options as written, in its own words",
        "call",
        "ValueError",
        r"^Nesterov momentum requires a momentum and zero dampening$",
        _call("ValueError", "Nesterov momentum requires a momentum and zero dampening"),
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
        "`torch.tanh()`, `torch.nn.Identity()()` through `import python torch`: a Python function's parameters "
        "aren't declared, so the call is checked by Python when it runs, as written",
        "call",
        "TypeError",
        r"^[\w.]+\(\) missing \d+ required positional arguments?: ",
        _call(
            "TypeError",
            'tanh() missing 1 required positional arguments: "input"',
            'm.py:73: b = _ss_rt.cast(torch.tanh(), _ss_spec_0, "m.ss:21", {"n": (_ss_n, "x")})',
        ),
        line=r"\btorch(\.\w+)+\(\)",
    ),
    Known(
        "a Python function's argument of another type",
        "`np.random.randn(0.0)` through `import python numpy as np`: a Python function's parameters aren't "
        "declared, so a float where it takes an int is refused by the function when it runs, as written",
        "call",
        "TypeError",
        r"^'float' object cannot be interpreted as an integer$",
        _call(
            "TypeError",
            "'float' object cannot be interpreted as an integer",
            'm.py:274: _ss_result = x + _ss_rt.cast(np.random.randn(0.0), _ss_spec_7, "m.ss:68")',
        ),
        line=r"\bnp(\.\w+)+\(",
    ),
    Known(
        "a number divided by zero at run time",
        "`k // n`, `k ** -1` with n or k 0 at run time: a division by a value, never by a zero written as one (E0308)",
        "call",
        "ZeroDivisionError",
        r"^(integer (division or )?modulo by zero|(float )?division by zero|float (floor division|modulo)( by zero)?|"
        r"0\.0 cannot be raised to a negative power)$",
        _call("ZeroDivisionError", "integer division or modulo by zero", "m.py:129: _ss_result = k // n"),
    ),
    Known(
        "an integer tensor divided by zero at run time",
        "`y // y` of an i64 tensor holding a 0 when it runs: torch raises where Python would (E0308 refuses only a "
        "zero written as one)",
        "call",
        "RuntimeError",
        r"^ZeroDivisionError$",
        _call("RuntimeError", "ZeroDivisionError", "m.py:218: _ss_result = x * y + x - y // y // 2"),
        line=r"//|%",
    ),
    Known(
        "a Python value indexed past its end",
        "`np.random.randn(4)[F]` with the dim F = 4: a Python value has no type until `as` gives it one, so its "
        "length is the run's to check",
        "call",
        "IndexError",
        r"^index -?\d+ is out of bounds for axis \d+ with size \d+$",
        _call(
            "IndexError",
            "index 4 is out of bounds for axis 0 with size 4",
            "m.py:273: _ss_result = x + np.random.randn(4)[F]",
        ),
    ),
    Known(
        "a range that ends before it starts at run time",
        "`arange(4, n, 1)` with n = 2 at run time: its ends are sizes only the run knows",
        "call",
        "RuntimeError",
        r"^upper bound and lower bound inconsistent with step sign$",
        _call(
            "RuntimeError",
            "upper bound and lower bound inconsistent with step sign",
            "m.py:123: _ss_result = _ss_rt.mean(_ss_rt.arange(4, _ss_n, 1, x.device), None)",
        ),
        line=r"_ss_rt\.arange\(",
    ),
    Known(
        "a Python module or dtype called",
        "`torch.torch(a)`, `torch.float(x)` through `import python torch`: an attribute of a Python module may be "
        "a module or a dtype, which only the run tells from a function",
        "call",
        "TypeError",
        r"^'(module|torch\.dtype)' object is not callable$",
        _call(
            "TypeError",
            "'module' object is not callable",
            'm.py:76: b = _ss_rt.cast(torch.torch(a), _ss_spec_0, "m.ss:21", {"n": (_ss_n, "x")})',
        ),
        line=r"\b\w+(\.\w+)+\(",
    ),
    Known(
        "a value of unknown type called",
        "`torch.tanh(a)(a)` through `import python torch`, `f = torch.clamp(x, min=0.0)` then `f(1, 3.0)`, or "
        "`y = twice(x)` of a fn that declares no return type then `x |> y`: a Python call's result, or a local "
        "holding one, may be a function (`torch.nn.Identity()(x)`, `act = torch.nn.GELU()`), and which it is no "
        "type says until it runs (a local named as a `fn` is written with a `_` after its name)",
        "call",
        "TypeError",
        r"^'\w+' object is not callable$",
        _call(
            "TypeError",
            "'Tensor' object is not callable",
            "m.py:66: _ss_result = f_(1, 3.0, c=2.0) + f_(1, b=2.0, c=3.0)",
        ),
        # A call's result called (`torch.tanh(a)(a)`), or a local called (`f_(...)`, `y(x)`).
        line=r"\btorch(\.\w+)+\([^()]*\)\s*\(|(^|[^\w.])(?!_ss_)[A-Za-z_]\w*\(",
    ),
    Known(
        "a Python function refusing its arguments",
        "`torch.clamp(x)` through `import python torch`: a Python function's arguments are its own to check, "
        "when it runs",
        "call",
        "RuntimeError",
        r"^torch\.\w+: ",
        _call(
            "RuntimeError",
            "torch.clamp: At least one of 'min' or 'max' must not be None",
            "m.py:62: y = torch.clamp(x)",
        ),
        line=r"\btorch(\.\w+)+\(",
    ),
    Known(
        "a Python value's attribute missing",
        "`torch.tanh.tanh(a)`, `torch.int.Identity` through `import python torch`: an attribute of a Python value "
        "is read when it runs",
        "call",
        "AttributeError",
        # A compiled function's type is its module's (`_cython_3_2_4.cython_function_or_method`).
        # `torch.int.Identity`: an attribute of a dtype; `torch.nn.Identity.Identity`: of a class.
        r"^('(builtin_function_or_method|function|[\w.]*cython_function_or_method|torch\.dtype)' object|"
        r"type object '\w+') has no attribute '\w+'$",
        _call("AttributeError", "'builtin_function_or_method' object has no attribute 'tanh'"),
    ),
    Known(
        "topk's k past a generic axis",
        "`topk(x, 2, over=n)` with n generic and 1 at run time: only the run knows n's size, and it refuses k",
        "call",
        "ValueError",
        r"^topk\(\): k must be in 0\.\.\d+ \(the size of the axis it is taken over\), not -?\d+$",
        _call("ValueError", "topk(): k must be in 0..1 (the size of the axis it is taken over), not 2"),
    ),
)


KNOWN = ()


def known_class(failure):
    """The class of ALLOWED or KNOWN that `failure` belongs to, or None."""
    for k in ALLOWED + KNOWN:
        if k.matches(failure):
            return k
    return None
