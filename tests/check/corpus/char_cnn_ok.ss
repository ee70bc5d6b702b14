# A character CNN for text classification: embeddings, a 1-d convolution
# over the characters by extern, max-pooling over time of the real
# positions (padding at -inf), a linear head.
import python torch

dim V = 70       # characters
dim E = 32
dim C = 64       # filters
dim K = 4        # classes

extern fn conv1d(x: [b ci n], weight: [co ci 5], padding: int = 2) -> [b co n] = torch.nn.functional.conv1d

model CharCnn:
    table: [V E] = normal(0.1)
    filters: [C E 5] = normal(0.05)
    head: [C K] = normal(0.05)

fn classify(m: CharCnn, chars: [b n] Index[V], real: [b n] Mask) -> [b K] Logit over K:
    x = rearrange(embedding(chars, m.table): b n E -> b E n)
    h = relu(conv1d(x, m.filters))
    masked = masked_fill(h, !rearrange(real: b n -> b 1 n), -inf)
    pooled = max(masked, over=n)
    return pooled @ m.head
