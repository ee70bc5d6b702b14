# A module with an error of its own, reported here; its importers say so
# once (E0111) and still use its good names.
dim W = 8

fn wide(x: [b W]) -> [b W]:
    return x + undefined_name  # error E0102
