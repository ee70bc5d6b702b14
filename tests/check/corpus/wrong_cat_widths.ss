# Concatenating two feature sets along the sequence whose widths differ.
dim D = 256
dim E = 128

fn join(text: [b n D], image: [b m E]) -> [b ?t D]:
    return cat(text, image, over=n)  # error E0504 col=22 "it is [b m E]"
