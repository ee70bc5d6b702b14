# A CLIP-style contrastive loss: image and text embeddings projected to a
# shared space, L2-normalised, every image scored against every text.
dim Di = 768
dim Dt = 512
dim E  = 256

model Clip:
    img_proj: [Di E] = normal(0.02)
    txt_proj: [Dt E] = normal(0.02)

fn normalize(x: [b E]) -> [b E]:
    return x / sqrt(sum(x * x, over=E) + 1e-6)

fn clip_loss(m: Clip, img: [b Di], txt: [b Dt], temperature: float = 0.07) -> [] f32:
    zi = img @ m.img_proj |> normalize
    zt = txt @ m.txt_proj |> normalize
    # row i scores image i against every text; the matching text is i too
    per_image = einsum(zi, zt: b e, c e -> b c) / temperature
    per_text = einsum(zt, zi: b e, c e -> b c) / temperature
    labels = arange(0, b) as [b] Index[b]
    return (cross_entropy(per_image, labels) + cross_entropy(per_text, labels)) / 2.0
