# A data record with variable-length tokens: examples must have one shape,
# padded to a maximum with a mask.
dim V = 1000
dim C = 2

data Review:
    tokens: [n] Index[V]  # error E1302 col=14 "`n` is not a dim"
    label:  Index[C]
