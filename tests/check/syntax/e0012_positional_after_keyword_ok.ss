# E0012's calls in an order Python takes: every argument by position
# first, then those by name.
import python torch

model Lin:
    w: [4] = zeros

fn f(a: int, b: float = 1.0, c: float = 2.0) -> float:
    return b

fn calls(m: Lin, x: [n]) -> float:
    opt = sgd(m, 0.01, momentum=0.9)
    y = torch.clamp(x, min=0.0)
    k = Lin.init(seed=1)
    return f(1, 3.0, c=2.0) + f(1, b=2.0, c=3.0)
