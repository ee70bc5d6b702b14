// What an export module adds to the module `build` writes (docs/export.md):
// the runtime, embedded, in place of `import shapescript.rt`, so it needs
// torch and einops alone; and at its end the export step: the exported
// function as a torch.nn.Module over its tensor parameters (holding the
// model the function takes first, if any), the description
// of their types that the step makes example inputs and dynamic shapes of
// (runtime/shapescript/exporting.py), and `__main__`.
#include <sstream>

#include "codegen/embedded_runtime.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

// The package the embedded modules are imported as: not `shapescript`, so
// an installed ShapeScript in the same process is another package.
constexpr const char* kPackage = "_ss_embedded_runtime";

}  // namespace

std::string Emitter::embedded_runtime_loader() const {
    std::ostringstream out;
    out << "\n# The ShapeScript runtime, embedded (shapescript/rt.py, what it imports, and the\n"
        << "# export step), so that this module needs torch and einops alone.\n"
        << "import base64 as _ss_base64\n"
        << "import importlib as _ss_importlib\n"
        << "import importlib.abc as _ss_importlib_abc\n"
        << "import importlib.util as _ss_importlib_util\n"
        << "import linecache as _ss_linecache\n"
        << "import sys as _ss_sys\n\n"
        << "_ss_runtime_sources = {\n";
    for (const auto& [name, source] : embedded_runtime()) {
        std::string encoded = base64(source);
        out << "    " << py_string(name) << ": (\n";
        for (size_t i = 0; i < encoded.size(); i += 100) out << "        \"" << encoded.substr(i, 100) << "\"\n";
        out << "    ),\n";
    }
    out << "}\n\n\n"
        << "class _ss_RuntimeFinder(_ss_importlib_abc.MetaPathFinder, _ss_importlib_abc.Loader):\n"
        << "    \"\"\"Imports the package " << kPackage << " from _ss_runtime_sources.\"\"\"\n\n"
        << "    def find_spec(self, name, path=None, target=None):\n"
        << "        if name == \"" << kPackage << "\":\n"
        << "            return _ss_importlib_util.spec_from_loader(name, self, is_package=True)\n"
        << "        if name.startswith(\"" << kPackage << ".\") and name.split(\".\", 1)[1] in _ss_runtime_sources:\n"
        << "            return _ss_importlib_util.spec_from_loader(name, self)\n"
        << "        return None\n\n"
        << "    def create_module(self, spec):\n"
        << "        return None\n\n"
        << "    def exec_module(self, module):\n"
        << "        if \".\" in module.__name__:\n"
        << "            short = module.__name__.split(\".\", 1)[1]\n"
        << "            source = _ss_base64.b64decode(_ss_runtime_sources[short]).decode(\"utf-8\")\n"
        << "            # Its text where tracebacks and inspect.getsource look (vLLM reads\n"
        << "            # the attention layer's source).\n"
        << "            filename = \"<shapescript runtime>/\" + short + \".py\"\n"
        << "            module.__file__ = filename\n"
        << "            _ss_linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)\n"
        << "            exec(compile(source, filename, \"exec\"), module.__dict__)\n\n\n"
        << "# One finder per process, however many export modules it imports (each has its own class).\n"
        << "if not any(type(f).__name__ == \"_ss_RuntimeFinder\" for f in _ss_sys.meta_path):\n"
        << "    _ss_sys.meta_path.insert(0, _ss_RuntimeFinder())\n"
        << "# Imported by name: transformers, loading the module as a model's code,\n"
        << "# wants each package an import statement names installed.\n"
        << "_ss_exporting = _ss_importlib.import_module(\"" << kPackage << ".exporting\")\n"
        << "_ss_rt = _ss_importlib.import_module(\"" << kPackage << ".rt\")\n";
    return out.str();
}

std::string Emitter::export_step() const {
    auto typed = typed_.functions.find(options_.export_fn);
    if (typed == typed_.functions.end()) return "";
    const std::string& name = options_.export_fn;
    auto symbol_name = [&](check::SymbolId id) { return id < symbol_names_.size() ? symbol_names_[id] : "?"; };
    auto axis_text = [&](const check::Size& size) -> std::string {
        if (auto c = size.as_constant()) return "(\"static\", " + std::to_string(*c) + ")";
        if (auto s = size.as_symbol()) return "(\"dim\", " + py_string(symbol_name(*s)) + ")";
        if (auto l = size.as_linear())
            return "(\"derived\", " + py_string(symbol_name(l->symbol)) + ", " + std::to_string(l->coefficient) + ", " +
                   std::to_string(l->offset) + ")";
        return "(\"auto\", None)";
    };
    std::string inputs, params, call;
    // A model taken first is the program's, its fields the program's weights
    // (made from a seed or read from a checkpoint when the step runs).
    std::string model_class = "None";
    for (const check::TypedParam& p : typed->second.params) {
        std::string python = variable_name(p.name);
        if (p.type.kind == check::TypeKind::Model && &p == &typed->second.params.front()) {
            model_class = py_name(p.type.ref, NameRole::Global);
            call += (call.empty() ? "" : ", ") + python + "=_ss_self.model";
            continue;
        }
        if (p.type.kind != check::TypeKind::Tensor) {
            inputs += "    (" + py_string(p.name) + ", \"fixed\", (), None, None),\n";  // its default, in the def
            continue;
        }
        std::vector<std::string> axes;
        for (const check::AxisType& a : p.type.tensor.axes) axes.push_back(axis_text(a.size));
        std::string bound = "None";
        if (const auto& b = p.type.tensor.element.index_bound) {
            if (auto c = b->as_constant()) bound = std::to_string(*c);
            else if (auto s = b->as_symbol()) bound = "(\"dim\", " + py_string(symbol_name(*s)) + ")";
        }
        inputs += "    (" + py_string(p.name) + ", \"tensor\", " + py_tuple(axes) + ", " +
                  py_string(element_code(p.type.tensor.element)) + ", " + bound + "),\n";
        // torch.export's unlifted module drops an input called `self`; py_name
        // never makes `self_` (it would be `self__`), so it is free.
        std::string input = python == "self" ? "self_" : python;
        params += ", " + input;
        call += (call.empty() ? "" : ", ") + python + "=" + input;
    }
    std::string program = py_name(name, NameRole::Global);
    std::string device = program_device_ ? "_ss_device" : "None";
    std::ostringstream out;
    out << "\n\n# The export step (shapescript export, docs/export.md): the program's inputs\n"
        << "# are `" << py_comment(name) << "`'s tensor parameters, in order; the others keep their defaults";
    if (model_class != "None") out << ",\n# and the model it takes first is the program's, with its weights";
    out << ".\n"
        << "class _ss_Program(torch.nn.Module):\n"
        << "    def __init__(_ss_self, model=None):\n"
        << "        super().__init__()\n"
        << "        _ss_self.model = model\n\n"
        << "    def forward(_ss_self" << params << "):\n"
        << "        return " << program << "(" << call << ")\n\n\n"
        << "_ss_export_inputs = (\n"
        << inputs << ")\n"
        << "_ss_export_model = " << model_class << "\n\n\n"
        << "def _ss_export(weights=None, seed=0):\n"
        << "    \"\"\"The torch.export.ExportedProgram of `" << py_comment(name)
        << "`; a model it takes has the weights of the\n"
        << "    checkpoint `weights`, or new ones made from `seed`.\"\"\"\n"
        << "    program = _ss_exporting.make_program(_ss_Program, _ss_export_model, weights, seed, " << device << ")\n"
        << "    return _ss_exporting.export_program(program, _ss_export_inputs, " << device << ")\n"
        << (options_.hf ? hf_classes() : "") << "\n\n"
        << "if __name__ == \"__main__\":\n";
    if (options_.hf)
        out << "    _ss_hf_program = _ss_importlib.import_module(\"" << kPackage << ".hf_export\").Program(\n"
            << "        __file__, " << program << ", ShapeScriptConfig, ShapeScriptModel, "
            << (serving_ ? "ShapeScriptForCausalLM" : "None") << ", _ss_attention, _ss_hf_form\n"
            << "    )\n";
    out << "    _ss_sys.exit(_ss_exporting.main(_ss_Program, _ss_export_model, _ss_export_inputs, " << py_string(name)
        << ", " << device << (options_.hf ? ", hf_program=_ss_hf_program" : "") << "))\n";
    return out.str();
}

}  // namespace ss::codegen
