// What an export module made for `shapescript export --hf` adds (docs/export.md,
// "Hugging Face folders"): the module is the folder's modeling_shapescript.py.
// For a function in the serving form (analysis/serving.hpp) it holds the
// function's body again as the model up to its output layer, taking the
// token embeddings in place of the ids, and its attentions call
// `_ss_attention` (runtime/shapescript/hf.py's AttentionRouter), which the
// model's attention layers answer; then the classes transformers loads.
#include <sstream>

#include "analysis/imported.hpp"
#include "analysis/serving.hpp"
#include "analysis/words.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

void Emitter::find_serving_body() {
    const check::FunctionFacts* facts = nullptr;
    for (const check::FunctionFacts& f : check_.program.functions)
        if (f.name == options_.export_fn) facts = &f;
    if (!facts || !facts->serving) return;  // E3306, refused before this
    std::vector<analysis::Cause> causes = analysis::serving_causes(check_.program, options_.export_fn, imported_);
    if (!causes.empty()) {
        Diagnostic d = analysis::serving_diagnostic(causes.front(), options_.export_fn);
        unservable_ = d.code + ": " + d.message;
        return;
    }
    ServingBody body;
    for (const ast::Item& item : items_)
        if (auto* fn = std::get_if<ast::FnDef>(&item.node); fn && fn->name.text == options_.export_fn) body.fn = fn;
    const check::ParamFacts& ids = facts->params[1];
    for (const check::EmbeddingCall& e : facts->serving->embeddings)
        if (e.parameter == ids.name) {
            body.embedding = e.call;
            body.embedding_field = py_name(e.table.field, NameRole::ModelField);
            break;
        }
    const check::ReturnForm& r = facts->serving->returns.front();
    body.output = *r.output;
    body.output_field = py_name(r.weight->field, NameRole::ModelField);
    body.ids = ids.name;
    if (facts->params.size() > 2 && !facts->params[2].has_default) {
        body.positions = true;
        const auto& bound = facts->params[2].type->tensor.element.index_bound;
        if (auto c = bound ? bound->as_constant() : std::nullopt) body.positions_bound = std::to_string(*c);
    }
    serving_ = std::move(body);
    for (const check::FunctionFacts& f : check_.program.functions)
        routed_attentions_.insert(routed_attentions_.end(), f.causal_attentions.begin(), f.causal_attentions.end());
}

bool Emitter::routed_attention(ByteRange call) const {
    for (ByteRange r : routed_attentions_)
        if (r.begin >= call.begin && r.end == call.end) return true;  // the call, or the pipe whose stage it is
    return false;
}

std::optional<Py> Emitter::serving_substitute(const ast::Expr& e) {
    if (!writing_serving_ || !serving_) return std::nullopt;
    auto same = [](ByteRange a, ByteRange b) { return a.begin == b.begin && a.end == b.end; };
    if (same(e.range, serving_->embedding)) return Py{variable_name(serving_->ids), kAtom};
    if (!same(e.range, serving_->output)) return std::nullopt;
    if (auto* pipe = std::get_if<ast::Pipe>(&e.node)) return expr(*pipe->input);
    return expr(*std::get<ast::Call>(e.node).arguments[0].value);
}

void Emitter::serving_function(std::ostringstream& out) {
    const ast::FnDef& fn = *serving_->fn;
    auto typed = typed_.functions.find(fn.name.text);
    if (typed == typed_.functions.end()) return;
    FunctionState state;
    open_function(fn, typed->second.params, state);
    writing_serving_ = true;
    std::ostringstream body;
    block(fn.body, 1, body);
    writing_serving_ = false;
    out << "\n\ndef _ss_serving_" << py_name(fn.name.text, NameRole::Global) << "(";
    for (size_t i = 0; i < fn.params.size(); ++i) {
        const ast::Param& p = fn.params[i];
        out << (i ? ", " : "") << variable_name(p.name.text);
        if (p.default_value) out << "=" << expr(*p.default_value).text;
    }
    out << "):\n    "
        << py_docstring("`" + fn.name.text + "` up to its output layer, given the token embeddings [b n D] as `" +
                        serving_->ids + "`: the Hugging Face model's body (docs/export.md).")
        << "\n";
    function_prologue(fn, {}, state, "", false, false, out);
    out << body.str();
    fn_ = nullptr;
}

namespace {

// The folder's config, written whole here: vLLM pickles it by value, so its
// base must be one any process can import (transformers', not the embedded
// runtime's). `shapescript` holds what the export found (hf_export.py).
constexpr const char* kConfigClass = R"(class ShapeScriptConfig(_ss_transformers.PretrainedConfig):
    """The model's fields (`shapescript`: name -> [shape, element]) and, for a
    language model in the serving form, the sizes engines read."""

    model_type = "shapescript"

    def __init__(
        self,
        shapescript=None,
        vocab_size=None,
        hidden_size=None,
        num_hidden_layers=0,
        num_attention_heads=None,
        num_key_value_heads=None,
        head_dim=None,
        attention_scales=None,
        max_position_embeddings=4096,
        tie_word_embeddings=False,
        use_cache=False,
        **kwargs,
    ):
        self.shapescript = shapescript or {}
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.num_key_value_heads = num_key_value_heads
        self.head_dim = head_dim
        self.attention_scales = list(attention_scales or [])
        self.max_position_embeddings = max_position_embeddings
        self.use_cache = use_cache
        super().__init__(tie_word_embeddings=tie_word_embeddings, **kwargs)
)";

}  // namespace

std::string Emitter::hf_classes() const {
    const check::TypedFunction& typed = typed_.functions.at(options_.export_fn);
    const check::TypedParam& model = typed.params.front();
    std::string model_class = py_name(model.type.ref, NameRole::Global);
    std::string function = py_name(options_.export_fn, NameRole::Global);
    std::ostringstream out;
    out << "\n\n# The Hugging Face classes (shapescript export --hf, docs/export.md), declared\n"
        << "# from the runtime's (shapescript/hf.py); they need torch, einops and transformers.\n"
        << "import transformers as _ss_transformers  # noqa: E402\n\n"
        << "_ss_hf = _ss_importlib.import_module(\""
        << "_ss_embedded_runtime.hf\")\n"
        << "_ss_attention = _ss_hf.AttentionRouter()\n"
        << "_ss_rt.route_attention(_ss_attention)  # the imported modules' attentions too\n\n\n"
        << kConfigClass << "\n\n"
        << "class ShapeScriptModel(_ss_hf." << (serving_ ? "LanguageModelBase" : "ModelBase") << "):\n"
        << "    "
        << py_docstring("The fields of `" + model.type.ref + "` as parameters; its forward is `" + options_.export_fn +
                        "`" + (serving_ ? " up to its output layer." : ", given the arguments after the model."))
        << "\n\n"
        << "    config_class = ShapeScriptConfig\n"
        << "    _ss_function = staticmethod(" << function << ")\n"
        << "    _ss_stands_for = " << model_class << "\n";
    if (serving_)
        out << "    _ss_serving = staticmethod(_ss_serving_" << function << ")\n"
            << "    _ss_router = _ss_attention\n";
    if (serving_)
        out << "\n\nclass ShapeScriptForCausalLM(_ss_hf.ForCausalLMBase):\n"
            << "    " << py_docstring("`" + options_.export_fn + "`: the model and its output layer, lm_head.")
            << "\n\n"
            << "    config_class = ShapeScriptConfig\n"
            << "    _ss_model_class = ShapeScriptModel\n";
    out << "\n\n# What the compiler found: whether vLLM can serve it, and how it is made.\n"
        << "_ss_hf_form = {\n"
        << "    \"function\": " << py_string(options_.export_fn) << ",\n"
        << "    \"model\": " << py_string(model.type.ref) << ",\n"
        << "    \"vllm\": " << (serving_ ? "True" : "False") << ",\n"
        << "    \"unservable\": " << (unservable_.empty() ? "None" : py_string(unservable_)) << ",\n";
    if (serving_)
        out << "    \"embedding\": " << py_string(serving_->embedding_field) << ",\n"
            << "    \"output\": " << py_string(serving_->output_field) << ",\n"
            << "    \"positions\": " << (serving_->positions ? "True" : "False") << ",\n"
            << "    \"positions_bound\": " << serving_->positions_bound << ",\n";
    out << "}\n";
    return out.str();
}

}  // namespace ss::codegen
