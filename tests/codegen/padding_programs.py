"""Random well-typed programs for the differential padding fuzzer
(test_padding_fuzz.py): every masked operation of the prelude across a
padded axis, its result then given to `log`, `sqrt`, a reciprocal, `**` or
`exp`, summed into a loss.

A program is built from terms. Each term takes a base value that has the
padded axis (`p`, positive; `z`, of any sign), applies one operation
across that axis or beside it (`OPERATIONS`), then one that would turn a
wrong value at a padded position into an infinity or a NaN (`AFTER`, by the
sign the operation's result is known to have), scales it by a parameter
`s` (so that a NaN or an infinity left at a padded position reaches `s`'s
gradient, as a weight's would: 0 times it is a NaN), and is averaged into
the loss. The base values are chosen so that the unpadded program is
finite: `p` lies in [1/e, e], `z` is small.

Every (operation, base, after) that a mode can have is in one of its
programs (`cases`), PER_PROGRAM to a program.

Three shapes of program, one per mode of padding (docs/padding.md):
- `loop`: the padded axis is the batch axis `b` of a loop over batches, the
  terms inside the loss that `value_and_grad` differentiates and `update`
  applies;
- `function`: the padded axis is the generic axis `n` of a function that
  `shapescript.padded` wraps;
- `selection`: the padded axis is a selection `x[keep]` the checker keeps
  padded (its operations are those of the whole value: a selection's axis
  has no name to reduce over)."""

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Operation:
    name: str
    template: str  # `{v}` the value, `{a}` the padded axis, `{rest}` the value's other axes
    keeps_axis: bool  # the result still has the padded axis
    sign: str  # "positive", "negative" or "any", given a positive operand
    positive_only: bool = False  # needs a positive operand (prod: a bounded one)
    needs_two_axes: bool = False  # a pattern over a value with a second axis beside the padded one
    named_axis: bool = True  # names the padded axis (not in a selection)


OPERATIONS = [
    Operation("sum over", "sum({v}, over={a})", False, "positive"),
    Operation("mean over", "mean({v}, over={a})", False, "positive"),
    Operation("max over", "max({v}, over={a})", False, "positive"),
    Operation("min over", "min({v}, over={a})", False, "positive"),
    Operation("prod over", "prod({v}, over={a})", False, "positive", positive_only=True),
    Operation("logsumexp over", "logsumexp({v}, over={a})", False, "any"),
    Operation("softmax", "softmax({v}, over={a})", True, "positive"),
    Operation("log_softmax", "log_softmax({v}, over={a})", True, "negative"),
    Operation("rms_norm", "rms_norm({v}, over={a})", True, "any"),
    Operation("layer_norm", "layer_norm({v}, over={a})", True, "any"),
    Operation("sum", "sum({v})", False, "positive", named_axis=False),
    Operation("mean", "mean({v})", False, "positive", named_axis=False),
    Operation("max", "max({v})", False, "positive", named_axis=False),
    Operation("min", "min({v})", False, "positive", named_axis=False),
    Operation("logsumexp", "logsumexp({v})", False, "any", named_axis=False),
    Operation("reduce mean over", "({v} |> reduce({a} {rest} -> {rest}, mean))", False, "positive"),
    Operation("reduce sum over", "({v} |> reduce({a} {rest} -> {rest}, sum))", False, "positive"),
    Operation("reduce max over", "({v} |> reduce({a} {rest} -> {rest}, max))", False, "positive"),
    Operation("reduce min over", "({v} |> reduce({a} {rest} -> {rest}, min))", False, "positive"),
    # Beside the padded axis, which the result keeps: its padded positions
    # must hold what their sources do.
    Operation("reduce mean beside", "({v} |> reduce({a} N C -> {a} C, mean))", True, "positive", needs_two_axes=True),
    Operation("reduce sum beside", "({v} |> reduce({a} N C -> {a} C, sum))", True, "positive", needs_two_axes=True),
    Operation("reduce max beside", "({v} |> reduce({a} N C -> {a} C, max))", True, "positive", needs_two_axes=True),
    Operation("mean beside", "mean({v}, over=N)", True, "positive", needs_two_axes=True),
    Operation("softmax beside", "softmax({v}, over=C)", True, "positive"),
    Operation("position by position", "({v} * 2.0)", True, "positive"),
]

# What makes a wrong padded value an infinity or a NaN, by the sign the
# operand is known to have.
AFTER = {
    "positive": ["log({x})", "sqrt({x})", "(1.0 / {x})", "({x} ** 1.5)", "exp(-{x})"],
    "negative": ["exp({x})", "({x} * {x})", "log(1.0 - {x})"],
    "any": ["exp(tanh({x}))", "({x} * {x})", "sqrt(1.0 + {x} * {x})"],
}


PER_PROGRAM = 5


def eligible(mode):
    """The operations a program of `mode` can have: a selection's axis has
    no name, so only whole-value reductions and operations beside it."""
    if mode != "selection":
        return OPERATIONS
    return [op for op in OPERATIONS if not op.needs_two_axes and (not op.named_axis or op.name.endswith("beside"))]


@dataclass(frozen=True)
class Term:
    op: Operation
    base: str
    after: str

    def describe(self):
        return f"{self.op.name} of {self.base} then {self.after.format(x='_')}"


@dataclass
class Program:
    source: str
    terms: list
    mode: str

    def describe(self):
        return "; ".join(t.describe() for t in self.terms)


def cases(mode):
    """Every (operation, base, after) of `mode`, in a fixed order."""
    out = []
    for op in eligible(mode):
        for base in ("p",) if op.positive_only else ("p", "z"):
            sign = op.sign if base == "p" else "any"
            out.extend(Term(op, base, after) for after in AFTER[sign])
    return out


def _body(terms, axis, rest, scale):
    lines, names = [], []
    for i, t in enumerate(terms):
        value = t.after.format(x=t.op.template.format(v=t.base, a=axis, rest=rest))
        # A whole-value reduction has no axis C for the scale to go along.
        scaled = value if not t.op.named_axis and not t.op.name.endswith("beside") else f"{value} * {scale}"
        lines.append(f"    t{i} = mean({scaled})")
        names.append(f"t{i}")
    return "\n".join(lines) + "\n", "(" + " + ".join(names) + f") / {len(terms)}.0"


LOOP = """dim N = 3
dim E = 4
dim C = 3

data Ex:
    x: [N E]
    y: Index[C]

model Lin:
    w: [E C] = normal(0.3)
    s: [C] = ones

fn loss(m: Lin, batch: Batch[Ex]) -> [] f32:
    z = (batch.x @ m.w) * 0.5
    p = exp(tanh(z))
{body}    q = mean(z, over=N)
    return cross_entropy(q, batch.y) + {total}

fn step(mut m: Lin, mut opt: Optimizer[Lin], batch: Batch[Ex]) -> [] f32:
    l, grads = value_and_grad(loss, m, batch)
    update(m, opt, grads)
    return l

fn train(mut m: Lin, mut opt: Optimizer[Lin], data: Dataset[Ex], epochs: int):
    for epoch in 0..epochs:
        for batch in data |> batches(8):
            log(loss=step(m, opt, batch))
"""

FUNCTION = """dim N = 3
dim E = 4
dim C = 3

fn f(x: [n N E], w: [E C], s: [C]) -> [] f32:
    z = (x @ w) * 0.5
    p = exp(tanh(z))
{body}    return {total}
"""

SELECTION = """dim E = 4
dim C = 3

fn f(x: [n E], w: [E C], s: [C]) -> [] f32:
    keep = sum(x, over=E) > 0.0
    z = (x[keep] @ w) * 0.5
    p = exp(tanh(z))
{body}    return {total}
"""

# Per mode: the program's text, the padded axis, the base values' other
# axes, and the scale.
MODES = {
    "loop": (LOOP, "b", "N C", "m.s"),  # the batch axis of a loop over batches
    "function": (FUNCTION, "n", "N C", "s"),  # a generic axis shapescript.padded pads
    "selection": (SELECTION, "k", "C", "s"),  # a selection kept padded
}


def programs(mode, seed):
    """The programs of `mode` that hold its cases between them, in an order
    `seed` shuffles."""
    template, axis, rest, scale = MODES[mode]
    all_cases = cases(mode)
    random.Random(seed).shuffle(all_cases)
    out = []
    for i in range(0, len(all_cases), PER_PROGRAM):
        terms = all_cases[i : i + PER_PROGRAM]
        body, total = _body(terms, axis, rest, scale)
        out.append(Program(template.format(body=body, total=total), terms, mode))
    return out
