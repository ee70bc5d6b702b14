# The names of e0011_python_rejects_name.ss without their invisible
# characters, and names Python reads after its NFKC normalisation (the
# generated module spells them in ASCII): no diagnostics.

dim Dx = 4
dim 𝐃 = 3
dim ﬃ = 2

fn fg(x: [n]) -> [n]:
    return x

fn h(ab: [n]) -> [n]:
    y = ab
    return y

fn strings(x: [n]) -> [n]:
    s = "a‍b"
    return x

fn greek(α: [n]) -> [n]:
    βé = α
    return βé
