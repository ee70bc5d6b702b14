# Operands that each have an axis the other hasn't are most likely an
# outer product, which aligning by name never makes: E0410 says how to
# write one (repeat, or einsum for a product).
dim D = 4

fn summed(x: [b n D], y: [b m D]) -> [b n m D]:
    return x + y  # error E0410 "to pair every `n` with every `m` (an outer product), repeat one over the other's axes first, `y |> repeat(b m D -> b n m D)`"

fn product(x: [b n D], y: [b m D]) -> [b n m D]:
    return x * y  # error E0410 "or multiply with `einsum(x, y: b n D, b m D -> b n m D)`"

fn other(x: [b n D], y: [b D]) -> [b n D]:
    return x + y

fn repeated(x: [b n D], y: [b m D]) -> [b n m D]:
    return x + (y |> repeat(b m D -> b n m D))

fn multiplied(x: [b n D], y: [b m D]) -> [b n m D]:
    return einsum(x, y: b n D, b m D -> b n m D)
