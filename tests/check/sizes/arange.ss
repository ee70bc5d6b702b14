# arange's arguments are ints and its step isn't 0, as torch requires; a
# negative step counts down.
dim D = 4

fn no_step() -> [D] i64:
    return arange(0, D, 0)  # error E0505 "argument `step` must be a nonzero int; found 0"

fn float_start() -> [D] i64:
    return arange(0.5, D)  # error E0505 "argument `start` must be an int; found float"

fn wrong_way() -> [D] i64:
    return arange(0, D, -1)  # error E0420 "is -4"
