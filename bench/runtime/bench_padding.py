"""Padding's figures (docs/padding.md), measured side by side in one run:
an epoch of the README's example with padding on against off.

    python bench/runtime/bench_padding.py [--smoke] [--epochs N] [--compiler build/bin/shapescript]

- The time of one training epoch (digits.ss, batches of 64 of 1437
  examples, so the last batch has 29), fixed shapes on and off in
  alternating rounds: the median of each, and the ratio (target: at most
  1.05).
- The distinct batch shapes per epoch (shapes_seen), on against off
  (target: 1 against 2).
- torch.compile(dynamic=False) of the forward (`logits`) with a backend
  that only counts: the graphs it compiles in the first epoch and in the
  later ones, on against off (target: 1 against 2 in the first epoch, as
  each shape compiles once; none later).
- shapescript.padded(f) over random lengths 1..512 against plain calls
  of f (a pooled encoder layer): time per call, the distinct shapes, and
  the graphs torch.compile(dynamic=False) makes of each (target: 24
  against one per length); and its floors: f called plainly on inputs
  already as long as padding makes them (the longer shapes' own work),
  and f padded by hand in plain torch (the copies padding makes, no
  wrapper, masks or bookkeeping).
--smoke runs one short round, to prove the benchmark works.
"""

import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time

import torch
import torch._dynamo

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "runtime"))
from bench_runtime import build as build_module  # noqa: E402 (the same build, checks as asked)

import shapescript  # noqa: E402
import shapescript.datasets  # noqa: E402
import shapescript.padding  # noqa: E402
import shapescript.rt as _ss_rt  # noqa: E402

# A function of a sequence of any length, for shapescript.padded.
ENCODER = """
dim D = 64

model Layer:
    w: [D D] = normal(0.05)

fn encode(m: Layer, x: [n D]) -> [D]:
    h = x @ m.w |> gelu
    return mean(softmax(h, over=n) * h, over=n)
"""

# The README's example with one epoch of its training loop as a function.
EPOCH = """
fn one_epoch(mut m: Mlp, mut opt: Optimizer[Mlp], train: Dataset[Digit], seed: int, mode: Mode):
    for batch in train |> shuffle(seed=seed) |> batches(64):
        train_step(m, opt, batch, mode)
"""


def build(compiler, out_dir):
    source = pathlib.Path(out_dir) / "digits_epoch.ss"
    source.write_text((ROOT / "examples" / "digits.ss").read_text() + EPOCH)
    module = build_module(compiler, source, "never", out_dir)
    text = pathlib.Path(module.__file__).read_text()
    assert "batches(_ss_rt.shuffle(train, seed=seed), 64), True," in text, "the epoch's loop isn't padded"
    return module


def epoch_time(module, train, padded, seed):
    m = module.Mlp.init(seed=0)
    opt = _ss_rt.adamw(m, lr=1e-3)
    was = shapescript.fixed_shapes(padded)
    try:
        start = time.perf_counter()
        module.one_epoch(m, opt, train, seed, _ss_rt.Eval)
        return time.perf_counter() - start
    finally:
        shapescript.fixed_shapes(was)


def shapes_per_epoch(module, train, padded):
    shapescript.padding._seen.clear()
    epoch_time(module, train, padded, 0)
    (shapes,) = shapescript.shapes_seen().values()
    return len(shapes)


def counting_compile(f):
    """torch.compile(f, dynamic=False) with a backend that only counts the
    graphs it is given (after a reset, so earlier compiles don't count)."""
    torch._dynamo.reset()
    count = [0]

    def counting(gm, example_inputs):
        count[0] += 1
        return gm.forward

    return torch.compile(f, backend=counting, dynamic=False), count


def compiles_after_first_epoch(module, train, padded, epochs):
    """Graphs torch.compile(dynamic=False) makes of `logits` in epochs 2..n."""
    plain = module.logits
    module.logits, count = counting_compile(plain)
    try:
        m = module.Mlp.init(seed=0)
        opt = _ss_rt.adamw(m, lr=1e-3)
        was = shapescript.fixed_shapes(padded)
        try:
            module.one_epoch(m, opt, train, 0, _ss_rt.Eval)
            first = count[0]
            for seed in range(1, epochs):
                module.one_epoch(m, opt, train, seed, _ss_rt.Eval)
        finally:
            shapescript.fixed_shapes(was)
        return first, count[0] - first
    finally:
        module.logits = plain
        torch._dynamo.reset()


def build_encoder(compiler, out_dir):
    source = pathlib.Path(out_dir) / "encoder.ss"
    source.write_text(ENCODER)
    return build_module(compiler, source, "never", out_dir)


def encode_padded_by_hand(m, x):
    """ENCODER's encode padded as padding pads it, written in plain torch:
    x up to its fixed size with copies of its first rows, the softmax over
    the real rows with copies of theirs after, the mean over the real rows.
    What padding costs this function at the least (no wrapper, masks or
    bookkeeping): padded(encode)'s other floor."""
    n = x.shape[0]
    extra = shapescript.padding.fixed_size(n) - n  # at most n: sizes grow by a quarter
    if extra:
        x = torch.cat((x, x[:extra]))
    h = torch.nn.functional.gelu(x @ m.w)
    p = torch.softmax(h[:n], 0)
    if extra:
        p = torch.cat((p, p[:extra]))
    return (p * h)[:n].mean(0)


def padded_calls(module, lengths, rounds):
    """Time per call over `lengths` of encode, padded(encode), encode
    unpadded on inputs already as long as padding makes them (the floor:
    the work of the longer shapes alone, no copies, masks or wrapper), and
    encode padded by hand (the least the copies cost); and the shapes."""
    m = module.Layer.init(seed=0)
    fast = shapescript.padded(module.encode)
    inputs = [torch.randn(n, 64) for n in lengths]
    longer = [shapescript.padding.copies_up_to(x, 0, shapescript.padding.fixed_size(x.shape[0])) for x in inputs]
    for x in inputs:  # the same results
        torch.testing.assert_close(fast(m, x), module.encode(m, x), rtol=1e-4, atol=1e-6)
        torch.testing.assert_close(encode_padded_by_hand(m, x), module.encode(m, x), rtol=1e-4, atol=1e-6)
    times = {"plain": [], "padded": [], "floor": [], "by hand": []}
    runs = (
        ("plain", module.encode, inputs),
        ("padded", fast, inputs),
        ("floor", module.encode, longer),
        ("by hand", encode_padded_by_hand, inputs),
    )
    for r in range(rounds):
        for name, f, xs in runs if r % 2 == 0 else runs[::-1]:
            start = time.perf_counter()
            with torch.no_grad():
                for x in xs:
                    f(m, x)
            times[name].append((time.perf_counter() - start) / len(xs))
    shapescript.padding._seen.clear()
    for x in inputs:
        fast(m, x)
    padded_shapes = len(shapescript.shapes_seen()["encode"])
    plain, padded, floor, by_hand = (statistics.median(times[k]) for k in ("plain", "padded", "floor", "by hand"))
    return plain, padded, floor, by_hand, len(set(lengths)), padded_shapes


def compiled_graphs(module, lengths, padded):
    """Graphs torch.compile(dynamic=False) makes of encode over `lengths`."""
    plain = module.encode
    limit = torch._dynamo.config.recompile_limit
    torch._dynamo.config.recompile_limit = 1024  # count them all, rather than fall back to eager
    try:
        compiled, count = counting_compile(plain)
        compiled._ss_padding = plain._ss_padding
        f = shapescript.padded(compiled) if padded else compiled
        m = module.Layer.init(seed=0)
        with torch.no_grad():
            for n in lengths:
                f(m, torch.randn(n, 64))
        return count[0]
    finally:
        torch._dynamo.config.recompile_limit = limit
        torch._dynamo.reset()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--epochs", type=int, default=3, help="epochs of the torch.compile figure")
    parser.add_argument("--compiler", default=os.environ.get("SHAPESCRIPT_BIN", str(ROOT / "build/bin/shapescript")))
    args = parser.parse_args()
    torch.set_num_threads(1)
    rounds = 1 if args.smoke else args.rounds
    with tempfile.TemporaryDirectory() as out_dir:
        module = build(args.compiler, out_dir)
        data, _ = shapescript.datasets.digits()
        train = _ss_rt.cast(data, _ss_rt.DatasetSpec(module.Digit), "bench")
        print(f"digits: {len(train)} training examples in batches of 64 (the last has {len(train) % 64})")
        epoch_time(module, train, True, 0)  # warm-up
        times = {True: [], False: []}
        for r in range(rounds):
            for padded in (True, False) if r % 2 == 0 else (False, True):
                times[padded].append(epoch_time(module, train, padded, r))
        on, off = statistics.median(times[True]), statistics.median(times[False])
        ratio = on / off
        verdict = "meets" if ratio <= 1.05 else "misses"
        print(
            f"epoch time    padding on {on * 1e3:8.2f} ms   off {off * 1e3:8.2f} ms   ratio {ratio:.3f} "
            f"({verdict} the target of at most 1.05)"
        )
        print(
            f"batch shapes per epoch    on {shapes_per_epoch(module, train, True)}   "
            f"off {shapes_per_epoch(module, train, False)}   (target: 1 against 2)"
        )
        epochs = 2 if args.smoke else args.epochs
        first_on, later_on = compiles_after_first_epoch(module, train, True, epochs)
        first_off, later_off = compiles_after_first_epoch(module, train, False, epochs)
        print(
            f"torch.compile(dynamic=False) graphs of logits, first epoch / epochs 2..{epochs}: "
            f"on {first_on} / {later_on}   off {first_off} / {later_off}"
        )
        encoder = build_encoder(args.compiler, out_dir)
        rng = torch.Generator().manual_seed(0)
        count = 40 if args.smoke else 400
        lengths = [int(n) for n in torch.randint(1, 513, (count,), generator=rng)]
        plain_t, padded_t, floor_t, hand_t, plain_shapes, padded_shapes = padded_calls(encoder, lengths, rounds)
        print(
            f"padded(encode) over {count} random lengths 1..512: {padded_t * 1e6:.1f} us per call against "
            f"{plain_t * 1e6:.1f} us plain (ratio {padded_t / plain_t:.3f}); shapes {padded_shapes} "
            f"against {plain_shapes}"
        )
        print(
            f"  its floor, encode on inputs as long as padding makes them, unpadded: {floor_t * 1e6:.1f} us "
            f"(ratio {floor_t / plain_t:.3f} to plain; padding's own cost {padded_t / floor_t:.3f})"
        )
        print(
            f"  encode padded by hand in torch (the same copies, no wrapper or masks): {hand_t * 1e6:.1f} us "
            f"(ratio {hand_t / plain_t:.3f} to plain; padded(encode) is {padded_t / hand_t:.3f} of it)"
        )
        few = lengths[: 20 if args.smoke else 120]
        print(
            f"torch.compile(dynamic=False) graphs of encode over {len(few)} of those lengths: "
            f"padded {compiled_graphs(encoder, few, True)}   plain {compiled_graphs(encoder, few, False)}"
        )


if __name__ == "__main__":
    main()
