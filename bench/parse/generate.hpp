// Generated ShapeScript programs of a given number of lines, made of
// realistic items (models, attention, MLPs, a training step) with distinct
// names, for the parse and (later) check benchmarks.
#pragma once

#include <string>

namespace ss::bench {

inline std::string generate_program(int lines) {
    std::string out =
        "# generated for bench/parse\n"
        "dim D = 256\ndim H = 8\ndim Dh = D / H\ndim V = 1000\n\n";
    int count = 5;
    for (int i = 0; count < lines; ++i) {
        std::string n = std::to_string(i);
        std::string unit = "model Block" + n +
                           ":\n"
                           "    w_qkv: [D 3*D] = normal(0.02)\n"
                           "    w_o: [D D] = normal(0.02)\n"
                           "    norm: [D] = ones\n"
                           "\n"
                           "fn attention" +
                           n + "(m: Block" + n +
                           ", x: [b n D]) -> [b n D]:\n"
                           "    q, k, v = x |> rms_norm(over=D, weight=m.norm, eps=1e-5) @ m.w_qkv\n"
                           "        |> split(b n (3 H Dh) -> b H n Dh)\n"
                           "    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)\n"
                           "        |> scale(1 / sqrt(Dh))\n"
                           "        |> masked_fill(!causal[n m], -inf)\n"
                           "        |> softmax(over=m)\n"
                           "    y = einsum(att, v: b H n m, b H m Dh -> b H n Dh)\n"
                           "        |> rearrange(b H n Dh -> b n (H Dh))\n"
                           "    return x + y @ m.w_o\n"
                           "\n"
                           "fn step" +
                           n + "(mut m: Block" + n +
                           ", x: [b n D], t: [b n] Index[V]) -> [] f32:\n"
                           "    for l in 0..4:\n"
                           "        if l > 2:\n"
                           "            x = attention" +
                           n +
                           "(m, x)[n: 0..64] as [b 64 D]\n"
                           "    return mean(x, over=D) |> sum  # a comment\n"
                           "\n";
        out += unit;
        count += 21;
    }
    return out;
}

}  // namespace ss::bench
