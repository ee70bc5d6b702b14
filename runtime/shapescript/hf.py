"""Hugging Face folders (`shapescript export --hf`, docs/export.md): the
classes a folder's modeling_shapescript.py declares its own from, and the
step that writes the folder and checks it with transformers.

An export module made with `--hf` embeds this module with the rest of the
runtime and is the folder's modeling_shapescript.py, so a folder needs
torch, einops and transformers, not ShapeScript. Its classes:

- ShapeScriptConfig (written whole in the modeling file, from
  transformers' PretrainedConfig: vLLM pickles it by value, which a base
  class here would keep it from): the model's fields (name -> [shape,
  element]) and, for a language model in the serving form
  (analysis/serving.hpp), the sizes engines read (vocab_size, hidden_size,
  num_hidden_layers, heads, head_dim, attention_scales).
- ShapeScriptModel: the fields as its parameters, under their own names.
  In the serving form it is the model up to its output layer: the
  embedding table is embed_tokens (an engine puts its own in its place),
  each attention goes through `attention_layers[i]`, which calls the
  attention function transformers' table gives for the configured
  implementation (eager: the source's), and forward gives the hidden
  states. Otherwise forward is the function itself.
- ShapeScriptForCausalLM (serving form only): the model and lm_head.

The compiled function calls `AttentionRouter` in place of torch's
scaled_dot_product_attention: outside a ShapeScriptModel's forward it is
torch's; inside, each call goes to the next attention layer.
"""

import math

import torch
from transformers import GenerationMixin, PreTrainedModel
from transformers.modeling_outputs import BaseModelOutputWithPast, CausalLMOutputWithPast
from transformers.modeling_utils import ALL_ATTENTION_FUNCTIONS

from . import specs

# A served model takes its values in the engine's dtype (seed 001).
specs.FLOAT_DTYPES_CHECKED = False

_DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64}
_DTYPES.update({"i32": torch.int32, "i64": torch.int64, "index": torch.int64, "bool": torch.bool})
FOLDER_DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
MODELING = "modeling_shapescript.py"
# The tokenizer's files a folder takes from --tokenizer DIR.
_TOKENIZER_FILES = (
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "added_tokens.json",
    "vocab.json",
    "merges.txt",
    "tokenizer.model",
    "chat_template.jinja",
)


class FolderError(ValueError):
    """The folder can't be made: its output exists, a field's name is one
    transformers uses, a tokenizer folder has no tokenizer (exit 2)."""


class VerifyError(RuntimeError):
    """transformers, loading the folder, doesn't give what the source does (exit 1)."""


class AttentionRouter:
    """Stands for torch's scaled_dot_product_attention in a compiled
    function: while a model runs (begin/end), each call goes to its next
    attention layer; otherwise it is torch's. While `seen` is a list, each
    call's (heads, head width, scale) is added to it: how the export counts
    the attentions one call of the function runs."""

    def __init__(self):
        self.layers = None
        self.kwargs = {}
        self.next = 0
        self.seen = None
        self.dtype = None

    def begin(self, layers, kwargs, dtype):
        """The model's attention layers, the engine's arguments for them, and
        the model's dtype, which attention is given (what the source
        computes in f32 on purpose, as rotary angles, comes back to it)."""
        self.layers, self.kwargs, self.next, self.dtype = layers, kwargs, 0, dtype

    def end(self):
        self.layers, self.kwargs, self.dtype = None, {}, None

    def __call__(self, query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, **options):
        if self.seen is not None:
            self.seen.append((query.shape[-3], query.shape[-1], scale))
        if self.layers is None:
            return torch.nn.functional.scaled_dot_product_attention(
                query, key, value, attn_mask=attn_mask, dropout_p=dropout_p, is_causal=is_causal, scale=scale, **options
            )
        if self.next >= len(self.layers):
            raise RuntimeError(
                "the model ran more attentions than the %d it was exported with: a served forward "
                "function must run the same attentions on every call" % len(self.layers)
            )
        layer = self.layers[self.next]
        self.next += 1
        query, key, value = (t.to(self.dtype) for t in (query, key, value))
        return layer(query, key, value, attn_mask, scale, **self.kwargs)


def eager_attention(module, query, key, value, attention_mask, scaling=None, dropout=0.0, **kwargs):
    """The source's attention, as transformers' table gives attention
    functions: [b, H, n, Dh] in, [b, n, H, Dh] out, and no weights."""
    out = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, scale=scaling)
    return out.transpose(1, 2), None


class Attention(torch.nn.Module):
    """One attention of the model, in the order the function runs them:
    what an engine finds by layer_idx and keeps a cache for. Its keys and
    values have as many heads as its queries (num_key_value_groups 1)."""

    def __init__(self, config, layer_idx):
        super().__init__()
        self.config = config
        self.layer_idx = layer_idx
        self.head_dim = config.head_dim
        self.num_key_value_groups = 1
        self.scaling = config.attention_scales[layer_idx]
        self.attention_dropout = 0.0
        self.is_causal = True

    def forward(self, query, key, value, attention_mask, scale, **kwargs):
        if isinstance(scale, (int, float)) and not math.isclose(scale, self.scaling, rel_tol=1e-6):
            raise ValueError(
                "attention %d has the scale %r, but the model was exported with %r: an engine reads each "
                "attention's scale once" % (self.layer_idx, scale, self.scaling)
            )
        attention_interface = eager_attention
        if self.config._attn_implementation != "eager":
            attention_interface = ALL_ATTENTION_FUNCTIONS[self.config._attn_implementation]
        out, _ = attention_interface(
            self, query, key, value, attention_mask, dropout=0.0, scaling=self.scaling, **kwargs
        )
        b, heads, n, width = query.shape
        return out.reshape(b, n, heads, width).transpose(1, 2)


class PreTrainedBase(PreTrainedModel):
    base_model_prefix = "model"
    supports_gradient_checkpointing = False
    _supports_attention_backend = True
    # transformers' default attention is then eager: the source's.
    _supports_sdpa = False
    _supports_flash_attn = False
    _supports_flex_attn = False
    _no_split_modules = []

    def _init_weights(self, module):
        """The weights are the folder's: nothing to draw."""


class ModelBase(PreTrainedBase):
    """The model's fields as parameters, under their own names; forward is
    the compiled function, given the arguments after the model."""

    # Set by the folder's ShapeScriptModel: the compiled function, and the
    # source's model class, which this one stands for in the compiled
    # code's checks (specs.ModelSpec).
    _ss_function = None
    _ss_stands_for = None

    def __init__(self, config):
        super().__init__(config)
        self._ss_add_fields(config, ())
        self.post_init()

    def _ss_add_fields(self, config, left_out):
        for name, (shape, element) in config.shapescript.get("fields", {}).items():
            if name in left_out:
                continue
            dtype = _DTYPES[element]
            if dtype == torch.float32:  # the model's dtype: transformers makes it the default while it builds one
                dtype = torch.get_default_dtype()
            values = torch.empty(shape, dtype=dtype)
            self.register_parameter(name, torch.nn.Parameter(values, requires_grad=values.is_floating_point()))

    def forward(self, *args, **kwargs):
        return type(self)._ss_function(self, *args, **kwargs)


class LanguageModelBase(ModelBase):
    """A language model in the serving form, up to its output layer: the
    embedding table is embed_tokens and each attention one of
    attention_layers (the module docstring); forward gives the hidden
    states. Its forward's parameters are named: engines read them."""

    # Set by the folder's ShapeScriptModel: the function's body from the
    # token embeddings (hf_module.cpp) and the router its attentions call.
    _ss_serving = None
    _ss_router = None

    def __init__(self, config):
        PreTrainedBase.__init__(self, config)
        form = config.shapescript
        self._ss_add_fields(config, (form["embedding"], form["output"]))
        self.embed_tokens = torch.nn.Embedding(config.vocab_size, config.hidden_size)
        self.attention_layers = torch.nn.ModuleList(Attention(config, i) for i in range(config.num_hidden_layers))
        self.post_init()

    def get_input_embeddings(self):
        return self.embed_tokens

    def set_input_embeddings(self, value):
        self.embed_tokens = value

    def forward(
        self,
        input_ids=None,
        position_ids=None,
        attention_mask=None,
        inputs_embeds=None,
        use_cache=None,
        return_dict=None,
        **kwargs,
    ):
        if inputs_embeds is None:
            inputs_embeds = self.embed_tokens(input_ids)
        arguments = [inputs_embeds]
        if self.config.shapescript.get("positions"):
            if position_ids is None:
                b, n = inputs_embeds.shape[:2]
                position_ids = torch.arange(n, device=inputs_embeds.device).expand(b, n)
            arguments.append(position_ids)
        router = type(self)._ss_router
        router.begin(self.attention_layers, kwargs, self.embed_tokens.weight.dtype)
        try:
            hidden = type(self)._ss_serving(self, *arguments)
        finally:
            router.end()
        if return_dict is False:
            return (hidden,)
        return BaseModelOutputWithPast(last_hidden_state=hidden)


class ForCausalLMBase(PreTrainedBase, GenerationMixin):
    """The model and its output layer, lm_head (tied to the embedding when
    the source's output layer is its embedding table)."""

    _tied_weights_keys = {"lm_head.weight": "model.embed_tokens.weight"}
    _ss_model_class = None  # the folder's ShapeScriptModel

    def __init__(self, config):
        super().__init__(config)
        self.model = type(self)._ss_model_class(config)
        self.lm_head = torch.nn.Linear(config.hidden_size, config.vocab_size, bias=False)
        self.post_init()

    def get_input_embeddings(self):
        return self.model.embed_tokens

    def set_input_embeddings(self, value):
        self.model.embed_tokens = value

    def get_output_embeddings(self):
        return self.lm_head

    def forward(
        self,
        input_ids=None,
        position_ids=None,
        attention_mask=None,
        inputs_embeds=None,
        labels=None,
        use_cache=None,
        return_dict=None,
        **kwargs,
    ):
        hidden = self.model(
            input_ids=input_ids, position_ids=position_ids, inputs_embeds=inputs_embeds, return_dict=False, **kwargs
        )[0]
        logits = self.lm_head(hidden.to(self.lm_head.weight.dtype))  # the output layer in the model's dtype
        if return_dict is False:
            return (logits,)
        return CausalLMOutputWithPast(logits=logits)
