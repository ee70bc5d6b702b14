# repeat adds an axis whose size is a generic axis in scope: a class token
# broadcast to the batch.
dim D = 8

fn class_token(x: [b n D], cls: [D]) -> [b 1 D]:
    return cls |> repeat(D -> b 1 D)

