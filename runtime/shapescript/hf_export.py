"""Writing a Hugging Face folder (`shapescript export --hf`, docs/export.md)
from an export module made with `--hf`, which is the folder's
modeling_shapescript.py (runtime/shapescript/hf.py has its classes).

The folder is written into a temporary folder beside the output, loaded
with transformers and compared with the source (unless verify is off),
then renamed to the output: a failed export leaves nothing behind.
"""

import json
import math
import os
import shutil
import tempfile

import torch

from . import hf


class Program:
    """What an export module made with `--hf` gives the export step: its
    own file (the modeling file), the compiled function, its classes and
    the serving form the compiler found (`form`: function, model,
    embedding, output, positions, positions_bound, vllm, unservable)."""

    def __init__(self, module_file, function, config_class, model_class, causal_class, router, form):
        self.module_file = module_file
        self.function = function
        self.config_class = config_class
        self.model_class = model_class
        self.causal_class = causal_class
        self.router = router
        self.form = form


def _fields(model):
    return {name: p for name, p in model.named_parameters()}


def _element(tensor):
    for name, dtype in hf._DTYPES.items():
        if tensor.dtype == dtype and name != "index":
            return name
    raise hf.FolderError("a field of dtype %s can't be written" % tensor.dtype)


def _reserved_names(program):
    """The names a field can't have: the model classes' own attributes."""
    names = set(dir(program.model_class)) | {"embed_tokens", "attention_layers", "config"}
    return names


def _count_attentions(program, model, arguments):
    """The attentions one call of the function runs, in order: (heads,
    head width, scale), the scale torch's default where the source gives
    none."""
    program.router.seen = []
    try:
        with torch.no_grad():
            program.function(model, *arguments)
        seen = program.router.seen
    finally:
        program.router.seen = None
    return [(h, d, s if s is not None else 1.0 / math.sqrt(d)) for h, d, s in seen]


def make_config(program, model, arguments, dtype, max_len):
    """config.json's contents for `model`, the source's model with its weights."""
    form = dict(program.form)
    fields = _fields(model)
    reserved = _reserved_names(program)
    for name in fields:
        if name in reserved:
            raise hf.FolderError(
                "the field `%s` has the name of an attribute of transformers' models; rename it to export "
                "a Hugging Face folder" % name
            )
    form["fields"] = {name: [list(p.shape), _element(p)] for name, p in fields.items()}
    causal = form.get("vllm")
    config = {
        "model_type": "shapescript",
        "architectures": ["ShapeScriptForCausalLM" if causal else "ShapeScriptModel"],
        "auto_map": {
            "AutoConfig": "modeling_shapescript.ShapeScriptConfig",
            "AutoModel": "modeling_shapescript.ShapeScriptModel",
        },
        "dtype": dtype,
        "use_cache": False,
    }
    if causal:
        config["auto_map"]["AutoModelForCausalLM"] = "modeling_shapescript.ShapeScriptForCausalLM"
        table = fields[form["embedding"]]
        attentions = _count_attentions(program, model, arguments)
        heads, width = attentions[0][0], attentions[0][1]
        config.update(
            vocab_size=int(table.shape[0]),
            hidden_size=int(table.shape[1]),
            num_hidden_layers=len(attentions),
            num_attention_heads=int(heads),
            num_key_value_heads=int(heads),
            head_dim=int(width),
            attention_scales=[float(s) for _, _, s in attentions],
            max_position_embeddings=int(max_len or form.get("positions_bound") or 4096),
            tie_word_embeddings=form["output"] == form["embedding"],
        )
    config["shapescript"] = form
    return config


def tensors(program, model, dtype):
    """model.safetensors' tensors: in the serving form the embedding table
    as model.embed_tokens.weight, the output layer as lm_head.weight
    (unless tied) and every other field as model.<field>; otherwise every
    field under its name. Floats in the folder's dtype."""
    form = program.form
    target = hf.FOLDER_DTYPES[dtype]
    out = {}
    for name, p in _fields(model).items():
        value = p.detach().to("cpu")
        if value.is_floating_point():
            value = value.to(target)
        if not form.get("vllm"):
            out[name] = value.contiguous()
            continue
        if name == form["embedding"]:
            out["model.embed_tokens.weight"] = value.contiguous()
        if name == form["output"] and form["output"] != form["embedding"]:
            out["lm_head.weight"] = value.contiguous()
        if name not in (form["embedding"], form["output"]):
            out["model." + name] = value.contiguous()
    return out


def _copy_tokenizer(tokenizer, folder):
    copied = 0
    for name in hf._TOKENIZER_FILES:
        path = os.path.join(tokenizer, name)
        if os.path.isfile(path):
            shutil.copyfile(path, os.path.join(folder, name))
            copied += 1
    if not copied:
        raise hf.FolderError("%s holds no tokenizer (no tokenizer.json, tokenizer_config.json, ...)" % tokenizer)


def verify(program, model, arguments, folder, dtype):
    """Loads `folder` with transformers and compares what it gives with
    what the source does on example arguments made from the types: to
    1e-4 of the result's size in float32, 5e-2 in the other dtypes."""
    import transformers

    transformers.utils.logging.disable_progress_bar()  # the export says what it did itself
    causal = program.form.get("vllm")
    auto = transformers.AutoModelForCausalLM if causal else transformers.AutoModel
    loaded = auto.from_pretrained(folder, trust_remote_code=True, dtype=hf.FOLDER_DTYPES[dtype]).eval()
    with torch.no_grad():
        want = program.function(model, *arguments)
        got = loaded(*arguments).logits if causal else loaded(*arguments)
    tolerance = 1e-4 if dtype == "float32" else 5e-2
    wants = want if isinstance(want, (tuple, list)) else (want,)
    gots = got if isinstance(got, (tuple, list)) else (got,)
    if len(wants) != len(gots):
        raise hf.VerifyError("transformers gives %d results, the source %d" % (len(gots), len(wants)))
    for w, g in zip(wants, gots, strict=True):
        if not isinstance(w, torch.Tensor):
            continue
        if g.shape != w.shape:
            raise hf.VerifyError(
                "transformers gives a result of shape %s, the source %s" % (list(g.shape), list(w.shape))
            )
        size = w.abs().max().item() if w.numel() else 0.0
        difference = (g.float() - w.float()).abs().max().item() if w.numel() else 0.0
        if not difference <= tolerance * max(size, 1e-30):
            raise hf.VerifyError(
                "transformers, loading the folder, differs from the source by %.3g, more than %g of the "
                "result's size %.3g" % (difference, tolerance, size)
            )


def export_folder(program, model, arguments, output, dtype="float32", tokenizer=None, max_len=None, check=True):
    """Writes the folder `output` (which mustn't exist) for `model`, the
    source's model with its weights, counting its attentions and checking
    it on `arguments` (example arguments after the model, made from the
    types: exporting.example_inputs); returns its config.json's contents."""
    output = os.path.abspath(output)
    if dtype not in hf.FOLDER_DTYPES:
        raise hf.FolderError("--dtype expects float32, bfloat16 or float16, found `%s`" % dtype)
    if os.path.lexists(output):
        raise hf.FolderError("%s exists: a Hugging Face folder is written to a new path" % output)
    parent = os.path.dirname(output)
    if not os.path.isdir(parent):
        raise hf.FolderError("no folder %s to write %s in" % (parent, os.path.basename(output)))
    config = make_config(program, model, arguments, dtype, max_len)
    folder = tempfile.mkdtemp(prefix="." + os.path.basename(output) + ".", dir=parent)
    try:
        from safetensors.torch import save_file

        save_file(tensors(program, model, dtype), os.path.join(folder, "model.safetensors"), metadata={"format": "pt"})
        with open(os.path.join(folder, "config.json"), "w", encoding="utf-8") as f:
            json.dump(config, f, indent=2, sort_keys=True)
            f.write("\n")
        with open(os.path.join(folder, "generation_config.json"), "w", encoding="utf-8") as f:
            json.dump({"use_cache": False}, f, indent=2)
            f.write("\n")
        shutil.copyfile(program.module_file, os.path.join(folder, hf.MODELING))
        if tokenizer:
            _copy_tokenizer(tokenizer, folder)
        if check:
            verify(program, model, arguments, folder, dtype)
        os.chmod(folder, 0o755)
        os.rename(folder, output)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return config
