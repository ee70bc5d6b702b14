# Selecting tokens with float scores instead of a mask.
dim D = 32

fn salient(x: [n D], score: [n]) -> [?k D]:
    return x[score]  # error E0417 col=14 "found [n]"
