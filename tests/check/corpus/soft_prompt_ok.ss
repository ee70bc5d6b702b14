# Learned soft prompts (prompt tuning): a block of prompt vectors shared
# by every example, prepended to the token embeddings.
dim V = 50257
dim D = 768
dim P = 20       # prompt length

model Prompted:
    prompt: [P D] = normal(0.02)
    embed:  [V D] = normal(0.02)

fn with_prompt(m: Prompted, ids: [b n] Index[V]) -> [b P+n D]:
    tokens = embedding(ids, m.embed)
    prompt = m.prompt |> repeat(P D -> b P D)
    return cat(prompt, tokens as [b n D], over=P) as [b P+n D]

fn prompt_positions(m: Prompted, ids: [b n] Index[V]) -> [b P D]:
    return with_prompt(m, ids)[.., 0..P]
