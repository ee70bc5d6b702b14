// The module's parts around its functions, each written by a function of
// its own: the header and imports, devices, dims, extern functions, model
// classes and data records (docs/generated-code.md); and the Emitter's
// construction from the checked file.
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>

#include "check/extern_target.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

Emitter::Emitter(const check::DocumentResult& checked, const analysis::Result& analysed, std::string_view text,
                 const Options& options)
    : text_(text),
      typed_(checked.typed),
      check_(checked.check),
      symbol_names_(checked.check.symbol_names),
      options_(options),
      lines_(text) {
    steps_ = analysed.steps.steps;
    recorded_ = analysed.recording.recorded;
    index_padding(analysed);
    for (const check::CallSite& c : check_.program.calls)
        if (!c.passed_as_value) call_sites_.emplace(c.callee_range.begin, &c);
    for (const ast::Item* item : checked.items) items_.emplace_back(*item);
    source_name_ =
        options.source_path.empty() ? "<source>" : std::filesystem::path(options.source_path).filename().string();
    for (const ast::Item& item : items_) {
        std::visit(
            [&](const auto& node) {
                if constexpr (requires { node.name.text; }) globals_.insert(node.name.text);
            },
            item.node);
        if (auto* ext = std::get_if<ast::ExternFn>(&item.node)) externs_.emplace(ext->name.text, ext);
        if (auto* m = std::get_if<ast::ModelDef>(&item.node)) models_.insert(m->name.text);
        if (auto* d = std::get_if<ast::DataDef>(&item.node)) {
            data_.insert(d->name.text);
            if (!d->fields.empty()) first_fields_.emplace(d->name.text, d->fields[0].name.text);
        }
        if (auto* i = std::get_if<ast::ImportModule>(&item.node); i && i->from)
            for (const ast::ImportedName& n : i->names) globals_.insert((n.alias ? *n.alias : n.name).text);
        if (auto* i = std::get_if<ast::ImportPython>(&item.node)) {
            // Without `as`, `import a.b` binds `a` itself: Python fixes that name.
            if (i->alias) python_modules_.emplace(i->alias->text, py_name(i->alias->text, NameRole::Global));
            else if (!i->module.parts.empty())
                python_modules_.emplace(i->module.parts[0].text, i->module.parts[0].text);
            for (const auto& [name, python] : python_modules_) globals_.insert(name);
        }
    }
    if (options.hf && !options.export_fn.empty()) find_serving_body();
    // Imported by a Hugging Face folder's code: an engine runs its causal
    // attentions too, through that code's router.
    if (options.embedded_module)
        for (const check::FunctionFacts& f : check_.program.functions)
            routed_attentions_.insert(routed_attentions_.end(), f.causal_attentions.begin(), f.causal_attentions.end());
}

std::string Emitter::where(ByteRange range) const {
    return source_name_ + ":" + std::to_string(lines_.position(range.begin).line);
}

void Emitter::fail(ByteRange range, const std::string& message) const { throw CodegenError{range, message}; }

bool Emitter::is_local(const std::string& name) const { return locals_.count(name) > 0; }

std::string Emitter::variable_name(const std::string& name) const {
    return py_name(name, globals_.count(name) ? NameRole::Shadowing : NameRole::Variable);
}

std::string Emitter::value_name(const std::string& name) const {
    return is_local(name) ? variable_name(name) : py_name(name, NameRole::Global);
}

namespace {

bool is_identifier(std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

// A fixed shape as a Python tuple: a dim by its name, anything else by value.
std::string shape_tuple(const check::TensorType& t) {
    std::string out = "(";
    for (const check::AxisType& a : t.axes) {
        auto value = a.size.as_constant();
        out += (is_identifier(a.written) ? py_name(a.written, NameRole::Global)
                : value                  ? std::to_string(*value)
                                         : "0") +
               ", ";
    }
    if (t.axes.size() == 1) out.erase(out.size() - 1);
    else if (!t.axes.empty()) out.erase(out.size() - 2);
    return out + ")";
}

// The module an extern fn's target is in, when the module imports it for
// that: under a name of its own (`_ss_import_numpy`), which no name of the
// file hides. torch, math and the runtime are imported already.
const std::string kImportPrefix = "_ss_import_";

std::string imported_root(const std::string& target) {
    if (check::target_module(target) != check::TargetModule::Other) return "";
    return target.substr(0, target.find('.'));
}

}  // namespace

// The header line, the imports, the source's name and the check levels.
void Emitter::write_header(std::ostream& head) {
    head << "# Generated by shapescript " << options_.version << " from " << py_comment(source_name_)
         << ". Edit the .ss file, not this one.\n"
         << "import math\n\nimport einops\nimport torch\n\n"
         << (exporting()                ? embedded_runtime_loader()
             : options_.embedded_module ? "import importlib as _ss_importlib\n\n"
                                          "_ss_rt = _ss_importlib.import_module(\"_ss_embedded_runtime.rt\")\n"
                                        : "import shapescript.rt as _ss_rt\n");

    // Imports the file asks for, and the modules its extern fns name; an
    // export module only runs torch code, so it imports neither (E1701, E1702).
    std::set<std::string> imported;
    for (const ast::Item& item : items_)
        if (auto* i = std::get_if<ast::ImportPython>(&item.node); i && !exporting() && !options_.embedded_module) {
            head << "import " << i->module.text;
            if (i->alias) head << " as " << py_name(i->alias->text, NameRole::Global);
            head << "\n";
        }
    for (const auto& [name, ext] : externs_)
        if (std::string root = imported_root(ext->target.text);
            !root.empty() && !exporting() && !options_.embedded_module && imported.insert(root).second)
            head << "import " << root << " as " << kImportPrefix << root << "\n";

    head << "\n_ss_source = " << py_string(options_.source_path) << "\n"
         << "_ss_checks = _ss_rt.checks_enabled(" << py_string(options_.checks) << ")\n"
         << "_ss_value_checks = _ss_rt.checks_enabled(" << py_string(options_.value_checks) << ")\n";
}

// The .ss modules the file imports (docs/modules.md): each built with the
// same options and loaded once by the runtime, and each name the file uses
// of one bound here, under the Python name of that name in this file.
void Emitter::write_ss_imports(std::ostream& head) {
    if (typed_.module_files.empty()) return;
    std::vector<std::string> files;
    for (const std::string& f : options_.imported_files) files.push_back(py_string(f));
    head << "_ss_modules = " << py_tuple(files) << "\n";
    std::map<std::string, std::string> module_vars;
    std::vector<std::string> search;
    for (const std::string& dir : options_.search_path) search.push_back(py_string(dir));
    head << "\n";
    if (!options_.embedded_modules.empty()) {
        head << "# The generated modules of the .ss files it imports, so it loads them without the compiler.\n"
             << "_ss_rt.embed_modules({\n";
        for (const auto& [file, text] : options_.embedded_modules) {
            std::string encoded = base64(text);
            head << "    " << py_string(file) << ": (\n";
            for (size_t i = 0; i < encoded.size(); i += 100) head << "        \"" << encoded.substr(i, 100) << "\"\n";
            head << "    ),\n";
        }
        head << "})\n";
    }
    for (const auto& [module, file] : typed_.module_files) {
        std::string var = "_ss_module_" + std::to_string(module_vars.size());
        module_vars.emplace(module, var);
        head << var << " = _ss_rt.ss_module(" << py_string(file)
             << ", _ss_source, checks=" << py_string(options_.checks)
             << ", value_checks=" << py_string(options_.value_checks)
             << ", devices=" << (options_.devices.empty() ? "None" : py_string(options_.devices))
             << ", padding=" << (options_.padding ? "True" : "False") << ", search=" << py_tuple(search) << ")  # "
             << py_comment("import " + module) << "\n";
    }
    for (const auto& [local, imported] : typed_.imported) {
        auto var = module_vars.find(imported.module);
        if (var == module_vars.end()) continue;
        head << py_name(local, NameRole::Global) << " = " << var->second << "."
             << py_name(imported.name, NameRole::Global) << "\n";
    }
}

// The devices: --devices, else the file's `devices` line, else none said.
std::vector<std::string> Emitter::devices() const {
    std::vector<std::string> devices;
    if (!options_.devices.empty()) {
        std::stringstream list(options_.devices);
        for (std::string d; std::getline(list, d, ',');)
            if (!d.empty()) devices.push_back(d);
        return devices;
    }
    for (const ast::Item& item : items_)
        if (auto* d = std::get_if<ast::DevicesDecl>(&item.node))
            for (const ast::Device& device : d->devices)  // from its parts: `cuda:0` however spaced
                devices.push_back(device.kind.text + (device.index ? ":" + std::to_string(*device.index) : "") +
                                  (device.count ? "*" + std::to_string(*device.count) : ""));
    return devices;
}

void Emitter::write_devices(std::ostream& head) {
    std::vector<std::string> quoted;
    for (const std::string& d : devices()) quoted.push_back(py_string(d));
    head << "_ss_devices = " << py_tuple(quoted) << "\n";
    // Said: the program runs on the first; models, conversions and the
    // tensors code makes go there, and arguments must be there.
    program_device_ = !quoted.empty();
    if (program_device_) head << "_ss_device = _ss_rt.program_device(_ss_devices)\n";
}

// Each dim's value, with what the file wrote when it is not that number.
void Emitter::write_dims(std::ostream& head) {
    bool any_dim = false;
    for (const ast::Item& item : items_)
        if (auto* d = std::get_if<ast::DimDecl>(&item.node)) {
            auto value = typed_.dims.find(d->name.text);
            if (value == typed_.dims.end()) continue;
            if (!any_dim) head << "\n";
            any_dim = true;
            std::string written(text_.substr(d->value->range.begin, d->value->range.end - d->value->range.begin));
            head << py_name(d->name.text, NameRole::Global) << " = " << value->second;
            if (written != std::to_string(value->second)) head << "  # " << py_comment(written);
            head << "\n";
        }
}

// Each extern fn under its own name, bound to its target.
void Emitter::write_externs(std::ostream& body) {
    for (const auto& [name, ext] : externs_) {
        if (exporting() && !imported_root(ext->target.text).empty())
            continue;  // not imported: no exported code calls it
        std::string target =
            imported_root(ext->target.text).empty() ? python_path(ext->target.text) : kImportPrefix + ext->target.text;
        // Declared defaults apply to Python's calls too, by name, as they do
        // to the module's own (add_extern_defaults).
        std::vector<std::string> names, defaults;
        for (const ast::Param& p : ext->params) {
            names.push_back(py_string(p.name.text));
            if (p.default_value) defaults.push_back(py_string(p.name.text) + ": " + expr(*p.default_value).text);
        }
        if (!defaults.empty())
            target = "_ss_rt.with_defaults(" + target + ", " + py_tuple(names) + ", {" + py_join(defaults) + "})";
        body << "\n# " << py_comment(where(ext->name.range)) << "\n"
             << py_name(name, NameRole::Global) << " = " << target << "\n";
    }
}

// The models' classes and the data records' specs, in the file's order.
void Emitter::write_models_and_records(std::ostream& body) {
    for (const ast::Item& item : items_) {
        if (auto* m = std::get_if<ast::ModelDef>(&item.node)) write_model(*m, body);
        if (auto* d = std::get_if<ast::DataDef>(&item.node)) write_record(*d, body);
    }
}

void Emitter::write_model(const ast::ModelDef& m, std::ostream& body) {
    body << "\n\nclass " << py_name(m.name.text, NameRole::Global) << "(_ss_rt.Model):\n"
         << "    " << py_docstring("model " + m.name.text + " (" + where(m.name.range) + ")") << "\n\n";
    if (program_device_) body << "    _ss_device = _ss_device\n\n";  // where `init` makes it
    body << "    def __init__(self, seed=0):\n"
         << "        super().__init__()\n";
    if (!m.fields.empty()) body << "        _ss_init = _ss_rt.Initializer(seed)\n";
    const auto& fields = typed_.record_fields.at(m.name.text);
    for (const ast::Field& f : m.fields)
        if (auto type = fields.find(f.name.text); type != fields.end()) write_model_field(f, type->second, body);
}

// `self.w = _ss_init.normal("w", (D, H), ..., "f32")` in the constructor; a
// field of a model type is that model, seeded from the parent's seed.
void Emitter::write_model_field(const ast::Field& f, const check::Type& type, std::ostream& body) {
    std::string self = "        self." + py_name(f.name.text, NameRole::ModelField) + " = ";
    if (type.kind == check::TypeKind::Model) {
        body << self << py_name(type.ref, NameRole::Global) << "(seed=_ss_init.child_seed(" << py_string(f.name.text)
             << "))\n";
        return;
    }
    const check::TensorType& t = type.tensor;
    std::string tail = py_string(f.name.text) + ", " + shape_tuple(t);
    std::string element = py_string(element_code(t.element));
    const ast::Expr* init = f.initializer.get();
    if (!init) fail(f.range, "a model field needs an initialiser to be built");
    if (auto* n = std::get_if<ast::NameExpr>(&init->node)) {
        body << self << "_ss_init." << n->name.text << "(" << tail << ", " << element << ")\n";
    } else if (auto* c = std::get_if<ast::Call>(&init->node)) {
        auto* callee = std::get_if<ast::NameExpr>(&c->callee->node);
        std::string args;
        for (const ast::Argument& a : c->arguments) args += ", " + expr(*a.value).text;
        body << self << "_ss_init." << (callee ? callee->name.text : "normal") << "(" << tail << args << ", " << element
             << ")\n";
    } else {
        body << self << "_ss_init.constant(" << tail << ", " << expr(*init).text << ", " << element << ")\n";
    }
}

// A data record's spec: each tensor field's, under the attribute a batch reads it by.
void Emitter::write_record(const ast::DataDef& d, std::ostream& body) {
    body << "\n\n# " << py_comment("data " + d.name.text + " (" + where(d.name.range) + ")") << "\n"
         << py_name(d.name.text, NameRole::Global) << " = _ss_rt.DataSpec(" << py_string(d.name.text) << ", (\n";
    const auto& fields = typed_.record_fields.at(d.name.text);
    for (const ast::Field& f : d.fields) {
        auto type = fields.find(f.name.text);
        if (type == fields.end() || type->second.kind != check::TypeKind::Tensor) continue;
        // The attribute a batch reads it by, where Python can't use the name itself.
        std::string attribute = py_name(f.name.text, NameRole::DataField);
        body << "    _ss_rt.FieldSpec(" << py_string(f.name.text) << ", " << tensor_spec(type->second.tensor)
             << (attribute == f.name.text ? "" : ", " + py_string(attribute)) << "),\n";
    }
    body << "))\n";
}

// The parts in the module's order; the functions are written before the
// specs they hoist and the extern fns' checks, which come first.
std::string Emitter::module() {
    std::ostringstream head, body;
    write_header(head);
    write_devices(head);
    write_ss_imports(head);
    write_dims(head);
    write_externs(body);
    write_models_and_records(body);
    std::ostringstream functions;
    for (const ast::Item& item : items_)
        if (auto* fn = std::get_if<ast::FnDef>(&item.node)) function(*fn, functions);
    if (serving_) serving_function(functions);
    std::string externs = extern_checks();  // after the functions, whose specs come first

    std::ostringstream out;
    out << head.str() << body.str();
    if (!spec_constants_.empty()) {
        out << "\n\n";
        for (const std::string& line : spec_constants_) out << line << "\n";
    }
    out << externs << functions.str();
    if (exporting()) out << export_step();
    return out.str();
}

std::string generate_python(const check::DocumentResult& checked, const analysis::Result& analysed,
                            std::string_view text, const Options& options) {
    return Emitter(checked, analysed, text, options).module();
}

}  // namespace ss::codegen
