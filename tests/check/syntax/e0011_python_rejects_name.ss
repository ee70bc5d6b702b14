# E0011: a name Python can't read. The names below hold invisible
# characters (U+200D ZERO WIDTH JOINER, U+200C ZERO WIDTH NON-JOINER) or a
# letter newer than Python's Unicode (U+11F04, Kawi, Unicode 15); keep them
# when editing this file.

dim D‍x = 4  # error E0011 col=6 "`D‍x` can't be a name in Python: U+200D isn't allowed in a name"

fn f‌g(x: [n]) -> [n]:  # error E0011 col=5 "U+200C"
    return x

# A parameter and a local: one diagnostic per name, at its first bad
# character.
fn h(a‍‍b: [n]) -> [n]:  # error E0011 col=7
    y‍ = a‍‍b  # error E0011 col=6, error E0011 col=11
    return y‍  # error E0011 col=13

dim 𑼄 = 2  # error E0011 col=5 "U+11F04 isn't allowed at the start of a name"

# In a string or a comment the characters are text: no diagnostic. "‍"
fn strings(x: [n]) -> [n]:
    s = "a‍b"
    return x
