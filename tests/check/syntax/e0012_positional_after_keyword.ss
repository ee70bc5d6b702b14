# E0012: an argument by position after one by name, which Python refuses
# before it calls anything. Every kind of call: a fn, a built-in, a
# constructor, a pattern function, a model's init and Python's.
import python torch

model Lin:
    w: [4] = zeros

fn f(a: int, b: float = 1.0, c: float = 2.0) -> float:
    return b

fn calls(m: Lin, x: [n]) -> float:
    opt = sgd(m, lr=0.01, 0.9)  # error E0012 col=27 "an argument by position after one by name"
    y = torch.clamp(min=0.0, x)  # error E0012 col=30
    z = randn([n], mode=Eval, 1)  # error E0012 col=31, error E0513
    w = rearrange(x: (a b) -> a b, a=2, 2)  # error E0012 col=41, error E0415
    k = Lin.init(seed=1, 2)  # error E0012 col=26, error E0501
    return f(1, b=2.0, 3.0) + f(b=2.0, 1, 3.0)  # error E0012 col=24, error E0012 col=40, error E0012 col=43
