# A BERT-style encoder over padded batches: token, segment and position
# embeddings, bidirectional attention with a key padding mask, and a
# pooled [CLS] output.
dim V  = 30522
dim T  = 128
dim S  = 2
dim D  = 256
dim H  = 4
dim Dh = D / H

model Bert:
    tok:  [V D] = normal(0.02)
    seg:  [S D] = normal(0.02)
    pos:  [T D] = normal(0.02)
    emb_ln_w: [D] = ones
    emb_ln_b: [D] = zeros
    wqkv: [D 3*D] = normal(0.02)
    bqkv: [3*D]   = zeros
    wo:   [D D]   = normal(0.02)
    pool: [D D]   = normal(0.02)

data Sentence:
    ids:      [T] Index[V]
    segments: [T] Index[S]
    keep:     [T] Mask

fn embed(m: Bert, ids: [b T] Index[V], segments: [b T] Index[S]) -> [b T D]:
    x = embedding(ids, m.tok) + embedding(segments, m.seg) + m.pos
    return layer_norm(x, over=D, weight=m.emb_ln_w, bias=m.emb_ln_b, eps=1e-12)

fn self_attention(m: Bert, x: [b T D], keep: [b T] Mask) -> [b T D]:
    q, k, v = x @ m.wqkv + m.bqkv |> split(b T (3 H Dh) -> b H T Dh)
    o = scaled_dot_product_attention(q, k, v, attn_mask=keep)
    return x + (o |> rearrange(b H T Dh -> b T (H Dh))) @ m.wo

fn pooled(m: Bert, ids: [b T] Index[V], segments: [b T] Index[S], keep: [b T] Mask) -> [b D]:
    h = self_attention(m, embed(m, ids, segments), keep)
    return h[T: 0] @ m.pool |> tanh
