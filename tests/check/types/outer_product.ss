# Operands that each have an axis the other hasn't are most likely an
# outer product, which aligning by name never makes: E0410 says how to
# write one (repeat, einsum for a product, or `1`s as torch writes it).
dim D = 4

fn summed(x: [b n D], y: [b m D]) -> [b n m D]:
    return x + y  # error E0410 "to pair every `n` with every `m` (an outer product), repeat one over the other's axes first, `y |> repeat(b m D -> b n m D)`"

fn product(x: [b n D], y: [b m D]) -> [b n m D]:
    return x * y  # error E0410 "or multiply with `einsum(x, y: b n D, b m D -> b n m D)`"

fn differences(x: [b n D], y: [b m D]) -> [b n m D]:
    return x - y  # error E0410 "or give each a `1` where the other has an axis, `rearrange(x: b n D -> b n 1 D) - rearrange(y: b m D -> b 1 m D)`"

fn other(x: [b n D], y: [b D]) -> [b n D]:
    return x + y

fn repeated(x: [b n D], y: [b m D]) -> [b n m D]:
    return x + (y |> repeat(b m D -> b n m D))

fn multiplied(x: [b n D], y: [b m D]) -> [b n m D]:
    return einsum(x, y: b n D, b m D -> b n m D)

fn with_units(x: [b n D], y: [b m D]) -> [b n m D]:
    return rearrange(x: b n D -> b n 1 D) - rearrange(y: b m D -> b 1 m D)
