"""`and` and `or` are typed bool (docs/types.md), so the built code gives a
bool even where Python's operators would give back an operand."""


def test_and_or_of_numbers_give_bools(build):
    module = build(
        "fn both(a: int, b: int) -> bool:\n    return a and b\n\n"
        "fn either(a: bool, b: float) -> bool:\n    return a or b\n",
        "--checks",
        "never",
    )
    assert module.both(1, 2) is True and module.both(0, 2) is False and module.both(3, 0) is False
    assert module.either(False, 0.5) is True and module.either(False, 0.0) is False
    assert module.either(True, 0.0) is True
