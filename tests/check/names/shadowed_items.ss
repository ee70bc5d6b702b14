# A generic axis or a local named like a model stands for itself in the
# body, as a name does everywhere else: `Lin.init` of an axis `Lin` is an
# int's attribute, not the model's (the code generator read the axis).
model Lin:
    w: [4] = zeros

fn axis_named_like_a_model(x: [Lin]) -> float:
    k = Lin.init(seed=1)  # error E0106 "`Lin` here is the signature's axis, which hides a model of that name"
    return 1.0

fn local_named_like_a_model(x: [n]) -> float:
    Lin = 3
    k = Lin.init(seed=1)  # error E0106 "`Lin` here is the local, which hides a model of that name"
    return 1.0

fn the_model(x: [n]) -> float:
    k = Lin.init(seed=1)
    return 1.0
