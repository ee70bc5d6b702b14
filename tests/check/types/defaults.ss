# A parameter's default is a literal of its type, and none is missing after
# one: Python reads defaults once, at import, and refuses the order.
dim D = 8

fn from_a_name(x: [n], by: float = D) -> [n]:  # error E0305 "must be a number literal"
    return x * by

fn from_a_local(x: [n], by: float = y) -> [n]:  # error E0305 "found `y`"
    return x * by

fn wrong_kind(x: [n], times: int = 2.5, on: bool = 1, name: str = true) -> [n]:  # error E0305 "`times` must be an int literal", error E0305 "`on` must be `true` or `false`", error E0305 "`name` must be a string literal"
    return x

fn tensor_default(x: [n], y: [n] = 0.0) -> [n]:  # error E0305 "nothing: only an int, float, bool or str parameter has a default"
    return x + y

fn order(x: [n], s: float = 1.0, y: [n]) -> [n]:  # error E0306 "`y` needs a default, as `s` before it has one"
    return x * s + y

extern fn gelu_tanh(x: [..s], approximate: str = 3) -> [..s] = torch.nn.functional.gelu  # error E0305 "found `3`"
