"""GGUF files for llama.cpp (`shapescript export --gguf`, docs/export.md,
"GGUF files and llama.cpp"), from an export module made for serving (the
module of `--hf`: its attentions counted by hf.AttentionRouter).

llama.cpp runs a GGUF file with its own implementation of the file's
architecture, so the model is written as one whose computation is the
source's. Which one, and which field is which of its tensors, is found by
computing both in f64 on random weights: the source's function, and the
architecture as llama.cpp computes it (below). Fields are paired with the
architecture's tensors in the order the function first reads them, then
in the other orders of fields of one shape; for llama with each common
rotary base, and with the query and key rows as written or reordered as
convert_hf_to_gguf.py reorders Hugging Face's (rotary on halves). The first
pairing whose logits agree is written; if none does, nothing is, and the
error says why for each architecture.
"""

import itertools
import math
import os
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

from . import rt

ARCHITECTURES = ("llama", "gpt2")
DTYPES = ("float32", "bfloat16", "float16")
# Agreement of a pairing, of the logits' size. The seed asks 1e-8; a source
# that computes a step in f32 on purpose (rotary angles from positions as
# f32, as examples/llama.ss does) agrees to about 1e-7 with the right
# pairing, while a wrong one differs by about 1.
AGREEMENT = 1e-6
ROPE_BASES = (10000.0, 500000.0, 1000000.0, 100000.0)
# The most orders of fields of one shape tried per architecture.
MOST_ORDERS = 5040


class GgufError(ValueError):
    """The model can't be written as a GGUF file (exit 2): no architecture
    computes what the source does; each one's reason is in the message."""


# ---------------------------------------------------------------- the architectures as llama.cpp computes them

# Each architecture's tensors in the order its computation first reads
# them: (name, shape in symbols, per layer). `output` may be left out (tied
# to token_embd).
_SLOTS = {
    "llama": (
        ("attn_norm", ("D",), True),
        ("attn_q", ("Q", "D"), True),
        ("attn_k", ("KV", "D"), True),
        ("attn_v", ("KV", "D"), True),
        ("attn_output", ("D", "Q"), True),
        ("ffn_norm", ("D",), True),
        ("ffn_gate", ("F", "D"), True),
        ("ffn_up", ("F", "D"), True),
        ("ffn_down", ("D", "F"), True),
        ("output_norm", ("D",), False),
    ),
    "gpt2": (
        ("position_embd", ("P", "D"), False),
        ("attn_norm", ("D",), True),
        ("attn_norm.bias", ("D",), True),
        ("attn_qkv", ("Q3", "D"), True),
        ("attn_qkv.bias", ("Q3",), True),
        ("attn_output", ("D", "D"), True),
        ("attn_output.bias", ("D",), True),
        ("ffn_norm", ("D",), True),
        ("ffn_norm.bias", ("D",), True),
        ("ffn_up", ("F", "D"), True),
        ("ffn_up.bias", ("F",), True),
        ("ffn_down", ("D", "F"), True),
        ("ffn_down.bias", ("D",), True),
        ("output_norm", ("D",), False),
        ("output_norm.bias", ("D",), False),
    ),
}
_NORMS = {"llama": "rms_norm", "gpt2": "layer_norm"}


def _attend(q, k, v):
    """Causal attention of [n, H, Dh] queries over [n, Hkv, Dh] keys and
    values, each key/value head shared by H/Hkv query heads in turn; the
    scale 1/sqrt(Dh). [n, H*Dh]."""
    n, heads, width = q.shape
    repeat = heads // k.shape[1]
    k, v = k.repeat_interleave(repeat, dim=1), v.repeat_interleave(repeat, dim=1)
    scores = torch.einsum("nhd,mhd->hnm", q, k) / math.sqrt(width)
    scores = scores.masked_fill(~torch.ones(n, n, dtype=torch.bool).tril(), float("-inf"))
    return torch.einsum("hnm,mhd->nhd", scores.softmax(-1), v).reshape(n, heads * width)


def _rope(x, pos, base):
    """Rotary embeddings on neighbouring features (llama.cpp's for llama)."""
    width = x.shape[-1]
    theta = base ** (-torch.arange(0, width, 2, dtype=torch.float64) / width)
    angle = (pos.to(torch.float64)[:, None] * theta)[:, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = torch.stack((x0 * angle.cos() - x1 * angle.sin(), x0 * angle.sin() + x1 * angle.cos()), dim=-1)
    return out.flatten(-2)


def _rms(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def llama_logits(t, ids, pos, hp):
    x = t["token_embd"][ids]
    n = ids.shape[0]
    for layer in range(hp["L"]):
        w = {name: t["blk.%d.%s" % (layer, name)] for name, _, per in _SLOTS["llama"] if per}
        h = _rms(x, w["attn_norm"], hp["eps"])
        q = _rope((h @ w["attn_q"].T).view(n, hp["H"], hp["Dh"]), pos, hp["base"])
        k = _rope((h @ w["attn_k"].T).view(n, hp["Hkv"], hp["Dh"]), pos, hp["base"])
        v = (h @ w["attn_v"].T).view(n, hp["Hkv"], hp["Dh"])
        x = x + _attend(q, k, v) @ w["attn_output"].T
        h = _rms(x, w["ffn_norm"], hp["eps"])
        x = x + (F.silu(h @ w["ffn_gate"].T) * (h @ w["ffn_up"].T)) @ w["ffn_down"].T
    return _rms(x, t["output_norm"], hp["eps"]) @ t.get("output", t["token_embd"]).T


def gpt2_logits(t, ids, pos, hp):
    x = t["token_embd"][ids] + t["position_embd"][pos]
    n = ids.shape[0]
    d = x.shape[-1]

    def norm(x, name):
        return F.layer_norm(x, (d,), t[name], t[name + ".bias"], hp["eps"])

    for layer in range(hp["L"]):
        b = "blk.%d." % layer
        h = norm(x, b + "attn_norm")
        qkv = h @ t[b + "attn_qkv"].T + t[b + "attn_qkv.bias"]
        q, k, v = (part.reshape(n, hp["H"], hp["Dh"]) for part in qkv.split(d, dim=-1))
        x = x + _attend(q, k, v) @ t[b + "attn_output"].T + t[b + "attn_output.bias"]
        h = norm(x, b + "ffn_norm")
        h = F.gelu(h @ t[b + "ffn_up"].T + t[b + "ffn_up.bias"], approximate="tanh")
        x = x + h @ t[b + "ffn_down"].T + t[b + "ffn_down.bias"]
    return norm(x, "output_norm") @ t.get("output", t["token_embd"]).T


_LOGITS = {"llama": llama_logits, "gpt2": gpt2_logits}


def _permute_rows(w, heads):
    """convert_hf_to_gguf.py's reordering of a query or key projection's
    rows: each head's two halves interleaved."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


# ---------------------------------------------------------------- the source, probed


class _Probe:
    """One run of the source's function on `model`: the order it first
    reads the fields in, its attentions (heads, width, scale), and the eps
    of each norm it calls."""

    def __init__(self, program, model, arguments):
        order, norms = [], []
        cls = type(model)
        names = {name for name, _ in model.named_parameters()}

        class Reading(cls):
            def __getattr__(self, name):
                if name in names and name not in order:
                    order.append(name)
                return super().__getattr__(name)

        saved = {name: getattr(rt, name) for name in ("rms_norm", "layer_norm")}

        def recording(kind):
            def norm(x, dim, weight=None, *rest, **kwargs):
                eps = kwargs.get("eps", rest[-1] if rest and kind == "rms_norm" else None)
                if kind == "layer_norm":
                    eps = kwargs.get("eps", rest[1] if len(rest) > 1 else 1e-5)
                elif eps is None:
                    eps = 1e-6
                norms.append((kind, float(eps)))
                return saved[kind](x, dim, weight, *rest, **kwargs)

            return norm

        program.router.seen = []
        model.__class__ = Reading
        try:
            for name in saved:
                setattr(rt, name, recording(name))
            with torch.no_grad():
                self.logits = program.function(model, *arguments)
            self.attentions = program.router.seen
        finally:
            model.__class__ = cls
            program.router.seen = None
            for name, function in saved.items():
                setattr(rt, name, function)
        self.order, self.norms = order, norms


def _random_fields(model, generator):
    """Random f64 values for every field: what the pairing is found on (a
    field initialised to ones would hide which norm is which)."""
    out = {}
    for name, p in model.named_parameters():
        shape = p.shape
        if p.dim() >= 2:
            values = torch.randn(shape, generator=generator, dtype=torch.float64) / math.sqrt(shape[-1])
        else:
            values = 1.0 + 0.2 * torch.randn(shape, generator=generator, dtype=torch.float64)
        out[name] = values
    return out


# ---------------------------------------------------------------- pairing


def _unify(symbols, slot_shape, shape):
    """`symbols` extended so that `slot_shape` (names) is `shape`, or None."""
    if len(slot_shape) != len(shape):
        return None
    out = dict(symbols)
    for name, size in zip(slot_shape, shape, strict=True):
        if out.setdefault(name, size) != size:
            return None
    return out


def _orders(fields, shapes):
    """`fields` in their order, then in the other orders of fields of one
    shape (each shape's fields permuted among their own places)."""
    groups = {}
    for i, name in enumerate(fields):
        groups.setdefault(tuple(shapes[name]), []).append(i)
    places = [g for g in groups.values() if len(g) > 1]
    choices = [list(itertools.permutations(g)) for g in places]
    for count, pick in enumerate(itertools.product(*choices)):
        if count >= MOST_ORDERS:
            return
        order = list(fields)
        for group, permuted in zip(places, pick, strict=True):
            for at, source in zip(group, permuted, strict=True):
                order[at] = fields[source]
        yield order


def _pairing(arch, order, shapes, layers, symbols):
    """Each slot's field, in order, where the shapes fit; else None."""
    slots = _SLOTS[arch]
    if len(order) != len(slots):
        return None
    paired = {}
    for (slot, slot_shape, per_layer), field in zip(slots, order, strict=True):
        shape = tuple(shapes[field])
        if per_layer:
            if not shape or shape[0] != layers:
                return None
            shape = shape[1:]
        symbols = _unify(symbols, slot_shape, shape)
        if symbols is None:
            return None
        paired[slot] = field
    return paired, symbols


def _tensors(arch, paired, fields, embedding, output, layers, hp, permute):
    t = {"token_embd": fields[embedding]}
    if output != embedding:
        t["output"] = fields[output]
    for slot, _, per_layer in _SLOTS[arch]:
        value = fields[paired[slot]]
        if not per_layer:
            t[slot] = value
            continue
        for layer in range(layers):
            v = value[layer]
            if permute and slot == "attn_q":
                v = _permute_rows(v, hp["H"])
            elif permute and slot == "attn_k":
                v = _permute_rows(v, hp["Hkv"])
            t["blk.%d.%s" % (layer, slot)] = v
    return t


def find(program, model_class, arch=None):
    """The architecture, its hyperparameters and the pairing of fields with
    its tensors that computes what the source does: (arch, hp, paired), or
    GgufError with each architecture's reason."""
    form = program.form
    if not form.get("vllm"):
        raise GgufError("`%s` isn't in the serving form: %s" % (form["function"], form.get("unservable")))
    model = model_class(seed=0)
    generator = torch.Generator().manual_seed(0)
    fields = _random_fields(model, generator)
    for name, p in model.named_parameters():
        p.data = fields[name]
    n = 7
    vocabulary = fields[form["embedding"]].shape[0]
    ids = torch.randint(0, vocabulary, (n,), generator=generator)
    pos = torch.arange(n)
    arguments = (ids[None], pos[None]) if form.get("positions") else (ids[None],)
    probe = _Probe(program, model, arguments)
    want = probe.logits[0]
    size = want.abs().max().item()
    shapes = {name: list(v.shape) for name, v in fields.items()}
    embedding, output = form["embedding"], form["output"]
    rest = [f for f in probe.order if f not in (embedding, output)]
    rest += [f for f in fields if f not in rest and f not in (embedding, output)]
    heads, width = probe.attentions[0][0], probe.attentions[0][1]
    layers = len(probe.attentions)
    why = {}
    for candidate in [arch] if arch else ARCHITECTURES:
        kinds = {kind for kind, _ in probe.norms}
        if kinds != {_NORMS[candidate]}:
            why[candidate] = "its norms are %s, not %s" % (", ".join(sorted(kinds)) or "none", _NORMS[candidate])
            continue
        epsilons = sorted({eps for _, eps in probe.norms})
        if len(epsilons) != 1:
            why[candidate] = "its norms' eps differ (%s): the file holds one" % ", ".join(map(repr, epsilons))
            continue
        scales = {round(s / (1.0 / math.sqrt(width)), 9) for _, _, s in probe.attentions if s is not None}
        if scales - {1.0}:
            why[candidate] = "an attention's scale isn't 1/sqrt(Dh), the only one llama.cpp computes"
            continue
        if len(rest) != len(_SLOTS[candidate]):
            why[candidate] = "it has %d tensors besides the embedding and output layer, %s has %d" % (
                len(rest),
                candidate,
                len(_SLOTS[candidate]),
            )
            continue
        start = {"V": vocabulary, "D": shapes[embedding][1]}
        closest = None
        for order in _orders(rest, shapes):
            made = _pairing(candidate, order, shapes, layers, start)
            if made is None:
                continue
            paired, symbols = made
            hp = {"L": layers, "H": heads, "Dh": width, "eps": epsilons[0], "D": symbols["D"]}
            if candidate == "llama":
                hp["Hkv"] = symbols["KV"] // width
                hp["F"] = symbols["F"]
            else:
                hp["F"], hp["P"] = symbols["F"], symbols["P"]
            bases = ROPE_BASES if candidate == "llama" else (None,)
            for base, permute in itertools.product(bases, (False, True) if candidate == "llama" else (False,)):
                hp["base"] = base
                t = _tensors(candidate, paired, fields, embedding, output, layers, hp, permute)
                got = _LOGITS[candidate](t, ids, pos, hp)
                difference = (got - want).abs().max().item() / size
                if closest is None or difference < closest:
                    closest = difference
                if difference <= AGREEMENT:
                    return candidate, dict(hp, permute=permute), paired
        why[candidate] = (
            "no pairing of its tensors with the fields computes the source (the closest differs by %.3g of the "
            "logits' size)" % closest
            if closest is not None
            else "its tensors' shapes don't fit the fields'"
        )
    raise GgufError(
        "`%s` can't be written as a GGUF file: %s"
        % (form["function"], "; ".join("%s: %s" % (a, r) for a, r in why.items()))
    )


# ---------------------------------------------------------------- writing


def _byte_level(pre_tokenizer):
    """Whether a tokenizer.json pre-tokenizer splits into bytes as GPT-2's does."""
    if not isinstance(pre_tokenizer, dict):
        return False
    if pre_tokenizer.get("type") == "ByteLevel":
        return True
    return any(_byte_level(p) for p in pre_tokenizer.get("pretokenizers") or ())


def read_tokenizer(folder, vocabulary):
    """The vocabulary GGUF holds from a Hugging Face byte-level BPE
    tokenizer's tokenizer.json: (tokens by id, their types, merges, the
    special tokens' ids by role). Ids up to `vocabulary` the tokenizer
    doesn't use are named <|N|> and unused."""
    import json

    import gguf

    path = os.path.join(folder, "tokenizer.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise GgufError("can't read a tokenizer from %s: %s" % (path, e)) from None
    model = data.get("model") or {}
    if model.get("type") != "BPE" or not _byte_level(data.get("pre_tokenizer")):
        raise GgufError("%s isn't a byte-level BPE tokenizer (as GPT-2's), the one kind written yet" % path)
    tokens = ["<|%d|>" % i for i in range(vocabulary)]
    types = [int(gguf.TokenType.UNUSED)] * vocabulary
    entries = [(int(i), t, False) for t, i in model.get("vocab", {}).items()]
    entries += [(int(a["id"]), a["content"], bool(a.get("special"))) for a in data.get("added_tokens") or ()]
    special = {}
    for i, text, is_special in entries:
        if not 0 <= i < vocabulary:
            raise GgufError("the tokenizer has the token id %d, past the model's vocabulary of %d" % (i, vocabulary))
        tokens[i] = text
        types[i] = int(gguf.TokenType.CONTROL if is_special else gguf.TokenType.NORMAL)
        if is_special:
            special.setdefault("eos", i)
    merges = [m if isinstance(m, str) else " ".join(m) for m in model.get("merges") or ()]
    return tokens, types, merges, special


def _array(value, dtype):
    value = value.detach().to("cpu")
    if value.dim() < 2 or dtype == "float32":
        return value.to(torch.float32).numpy()
    if dtype == "float16":
        return value.to(torch.float16).numpy()
    return value.to(torch.float32).numpy()  # bfloat16: quantised by the writer (below)


def write(path, arch, hp, paired, program, model, dtype="float32", max_len=None, tokenizer=None):
    """The GGUF file of `model` (the source's, with its weights) at `path`,
    written beside it and renamed there."""
    import gguf

    form = program.form
    fields = {name: p for name, p in model.named_parameters()}
    tensors = _tensors(arch, paired, fields, form["embedding"], form["output"], hp["L"], hp, hp["permute"])
    vocabulary = fields[form["embedding"]].shape[0]
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=folder)
    os.close(handle)
    try:
        writer = gguf.GGUFWriter(temporary, arch)
        writer.add_name(form["model"])
        context = hp.get("P") or int(max_len or form.get("positions_bound") or 4096)
        writer.add_context_length(int(context))
        writer.add_embedding_length(int(hp["D"]))
        writer.add_block_count(int(hp["L"]))
        writer.add_feed_forward_length(int(hp["F"]))
        writer.add_head_count(int(hp["H"]))
        if arch == "llama":
            writer.add_head_count_kv(int(hp["Hkv"]))
            writer.add_rope_dimension_count(int(hp["Dh"]))
            writer.add_rope_freq_base(float(hp["base"]))
            writer.add_layer_norm_rms_eps(float(hp["eps"]))
        else:
            writer.add_layer_norm_eps(float(hp["eps"]))
        writer.add_vocab_size(int(vocabulary))
        types = {"float32": gguf.LlamaFileType.ALL_F32, "float16": gguf.LlamaFileType.MOSTLY_F16}
        writer.add_file_type(types.get(dtype, gguf.LlamaFileType.MOSTLY_BF16))
        if tokenizer:
            tokens, types, merges, special = read_tokenizer(tokenizer, vocabulary)
            writer.add_tokenizer_model("gpt2")
            writer.add_tokenizer_pre("gpt-2")
            writer.add_token_list(tokens)
            writer.add_token_types(types)
            writer.add_token_merges(merges)
            if "eos" in special:
                writer.add_eos_token_id(special["eos"])
                writer.add_bos_token_id(special["eos"])
            writer.add_add_bos_token(False)
        else:
            # No tokenizer: each token is named <|N|>, which llama.cpp
            # needs; prompts are token ids.
            writer.add_tokenizer_model("llama")
            writer.add_token_list(["<|%d|>" % i for i in range(vocabulary)])
            writer.add_token_scores([0.0] * vocabulary)
            writer.add_token_types([int(gguf.TokenType.NORMAL)] * vocabulary)
        for name, value in tensors.items():
            base, bias, _ = name.partition(".bias")
            array = _array(value, dtype)
            key = base + (bias or ".weight")
            if dtype == "bfloat16" and array.ndim >= 2:
                raw = gguf.quants.quantize(array, gguf.GGMLQuantizationType.BF16)
                writer.add_tensor(key, raw, raw_shape=raw.shape, raw_dtype=gguf.GGMLQuantizationType.BF16)
            else:
                writer.add_tensor(key, np.ascontiguousarray(array))
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file(progress=False)
        writer.close()
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return arch


def export_gguf(program, model, output, arch=None, dtype="float32", max_len=None, tokenizer=None):
    """Finds the architecture and pairing (`find`) and writes `output`, with
    the byte-level BPE tokenizer of the folder `tokenizer` if given;
    returns the architecture."""
    if dtype not in DTYPES:
        raise GgufError("--dtype expects float32, bfloat16 or float16, found `%s`" % dtype)
    if arch is not None and arch not in ARCHITECTURES:
        raise GgufError("--arch expects llama or gpt2, found `%s`" % arch)
    found, hp, paired = find(program, type(model), arch)
    return write(output, found, hp, paired, program, model, dtype, max_len, tokenizer)
