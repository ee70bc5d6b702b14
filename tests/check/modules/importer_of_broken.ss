import broken  # error E0111 "module `broken` has 1 error"

fn use(x: [b broken.W]) -> [b broken.W]:
    return broken.wide(x)
