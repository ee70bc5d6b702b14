# Defaults as docs/syntax.md writes them.
fn norm(x: [n], eps: float = 1e-5, scale: float = 1, shift: float = -0.5) -> [n]:
    return x * scale / (sum(x * x) + eps) + shift

fn pick(x: [n], k: int = -1, on: bool = false, reduction: str = "mean") -> [n]:
    return x

fn unbounded(x: [n], top: float = inf, bottom: float = -inf) -> [n]:
    return x

extern fn gelu_tanh(x: [..s], approximate: str = "tanh") -> [..s] = torch.nn.functional.gelu

fn smooth(x: [n]) -> [n]:
    return gelu_tanh(x) + gelu_tanh(x, "none") + gelu_tanh(x, approximate="tanh")
