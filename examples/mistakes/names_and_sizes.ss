# Mistakes on purpose in names, dims and signatures: each is reported with
# what was expected and what was found.
dim D = 768
dim H = 7
dim Dh = D / H          # 768 is not a multiple of 7

dim Width = 64
dim W2 = Widht * 2      # a typo: did you mean `Width`?

data Digit:
    image: [8 8]
    label: Index[10]

data Sentence:
    tokens: [len] Index[1000]   # examples can't vary in length

fn logits(x: [b 64], y: [b 10] Logit over C) -> [b 10]:
    return x

fn load(batch: Btach[Digit]) -> [n 64]:
    return batch
