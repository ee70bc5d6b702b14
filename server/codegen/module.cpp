// The module's parts around its functions: the header and imports, dims,
// extern functions, model classes, data records and the specs that argument
// checks and `as` use (docs/generated-code.md).
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>

#include "check/extern_target.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

// `any_float`: an extern fn's tensor without an element type written,
// which takes any float (docs/types.md), and its result the argument's.
std::string element_code(const check::Element& e, bool any_float) {
    using check::ElementKind;
    if (any_float && !e.written) return "float";
    switch (e.kind) {
        case ElementKind::F16: return "f16";
        case ElementKind::BF16: return "bf16";
        case ElementKind::F64: return "f64";
        case ElementKind::I32: return "i32";
        case ElementKind::I64: return "i64";
        case ElementKind::Mask: return "bool";
        case ElementKind::Index: return "index";
        default: return "f32";  // f32 and the float kinds Logit, Prob, LogProb
    }
}

namespace {

bool is_identifier(std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

}  // namespace

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
        if (auto* i = std::get_if<ast::ImportPython>(&item.node)) {
            // Without `as`, `import a.b` binds `a` itself: Python fixes that name.
            if (i->alias) python_modules_.emplace(i->alias->text, py_name(i->alias->text, NameRole::Global));
            else if (!i->module.parts.empty())
                python_modules_.emplace(i->module.parts[0].text, i->module.parts[0].text);
            for (const auto& [name, python] : python_modules_) globals_.insert(name);
        }
    }
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

// ------------------------------------------------------------------ specs

std::string Emitter::tensor_spec(const check::TensorType& tensor, bool any_float) {
    // A size as the runtime's polynomial: ((coefficient, (symbol, ...)), ...).
    auto terms_of = [&](const check::Size& size) {
        std::vector<std::string> terms;
        for (const auto& [monomial, coefficient] : size.term_list()) {
            std::vector<std::string> symbols;
            for (auto [symbol, power] : monomial)
                for (uint32_t i = 0; i < power; ++i)
                    symbols.push_back(py_string(symbol < symbol_names_.size() ? symbol_names_[symbol] : "?"));
            terms.push_back("(" + std::to_string(coefficient) + ", " + py_tuple(symbols) + ")");
        }
        if (terms.empty()) terms.push_back("(0, ())");
        return py_tuple(terms);
    };
    std::vector<std::string> axes;
    for (const check::AxisType& a : tensor.axes) {
        if (a.variadic) {
            // The group by its name, which binds it: `..s` however written (`.. s`).
            axes.push_back("(" + py_string(a.name ? ".." + *a.name : a.written) + ", None)");
            continue;
        }
        // The label messages show, spaced one way however it was written,
        // so a formatted file builds the same module: a space only between
        // two words (`(gh 16)`), none around operators (`3 * D`, `3*\tD`: `3*D`).
        auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c < 0; };
        std::string label;
        bool gap = false;
        for (char c : a.written) {
            if (std::isspace(static_cast<unsigned char>(c))) {
                gap = true;
                continue;
            }
            if (gap && !label.empty() && word(label.back()) && word(c)) label += ' ';
            gap = false;
            label += c;
        }
        axes.push_back("(" + py_string(label) + ", " + terms_of(a.size) + ")");
    }
    std::string out = "_ss_rt.TensorSpec(" + py_tuple(axes) + ", " + py_string(element_code(tensor.element, any_float));
    // An Index's bound: a number, or a size of the function's symbols
    // (`Index[n]`), read once the axes have bound them.
    if (tensor.element.kind == check::ElementKind::Index && tensor.element.index_bound) {
        if (auto bound = tensor.element.index_bound->as_constant()) out += ", " + std::to_string(*bound);
        else
            out += ", (" + py_string(tensor.element.bound_written) + ", " + terms_of(*tensor.element.index_bound) + ")";
    }
    return out + ")";
}

// The spec's text; constants for specs that aren't cheap to build are
// hoisted to the module by the callers that run per call (spec_of).
static std::string spec_text(Emitter& e, const check::Type& type, bool any_float) {
    using check::TypeKind;
    switch (type.kind) {
        case TypeKind::Tensor: return e.tensor_spec(type.tensor, any_float);
        case TypeKind::Int: return "_ss_rt.ScalarSpec(\"int\")";
        case TypeKind::Float: return "_ss_rt.ScalarSpec(\"float\")";
        case TypeKind::Bool: return "_ss_rt.ScalarSpec(\"bool\")";
        case TypeKind::Str: return "_ss_rt.ScalarSpec(\"str\")";
        case TypeKind::Mode: return "_ss_rt.ModeSpec()";
        case TypeKind::Model: return "_ss_rt.ModelSpec(" + py_name(type.ref, NameRole::Global) + ")";
        case TypeKind::Data: return py_name(type.ref, NameRole::Global);
        case TypeKind::Dataset: return "_ss_rt.DatasetSpec(" + py_name(type.ref, NameRole::Global) + ")";
        case TypeKind::Batch: return "_ss_rt.BatchSpec(" + py_name(type.ref, NameRole::Global) + ")";
        case TypeKind::Optimizer: return "_ss_rt.OptimizerSpec(" + py_name(type.ref, NameRole::Global) + ")";
        case TypeKind::Tuple: {
            std::vector<std::string> parts;
            for (const check::Type& t : type.elements) parts.push_back(spec_text(e, t, any_float));
            return "_ss_rt.TupleSpec(" + py_tuple(parts) + ")";
        }
        default: return "_ss_rt.AnySpec()";
    }
}

std::string Emitter::spec_of(const check::Type& type, bool any_float) {
    std::string text = spec_text(*this, type, any_float);
    auto [it, fresh] = spec_by_text_.emplace(text, "_ss_spec_" + std::to_string(spec_by_text_.size()));
    if (fresh) spec_constants_.push_back(it->second + " = " + text);
    return it->second;
}

bool Emitter::checks_anything(const check::Type& type) { return spec_text(*this, type, false) != "_ss_rt.AnySpec()"; }

// An extern fn's target checked when checks are on: the arguments its
// declaration names bind the sizes its declared result must have.
std::string Emitter::extern_checks() {
    std::ostringstream out;
    for (const auto& [name, ext] : externs_) {
        auto typed = typed_.functions.find(name);
        if (typed == typed_.functions.end() || !typed->second.returns || !checks_anything(*typed->second.returns))
            continue;
        std::vector<std::pair<std::string, const check::Type*>> params;
        // As written: the target's own names, which the calls pass keywords by.
        for (const check::TypedParam& p : typed->second.params) params.emplace_back(p.name, &p.type);
        std::string alias = py_name(name, NameRole::Global), sig = "_ss_sig_" + alias;
        out << "\n"
            << signature(sig, name, ext->name.range, params, &*typed->second.returns, ext->target.text, true) << "if "
            << kAnyChecks << ":\n    " << alias << " = _ss_rt.checked_extern(" << sig << ", " << alias
            << ", _ss_checks, _ss_value_checks)\n";
    }
    return out.str();
}

// ------------------------------------------------------------------ module

namespace {

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

std::string Emitter::module() {
    std::ostringstream head, body;
    head << "# Generated by shapescript " << options_.version << " from " << py_comment(source_name_)
         << ". Edit the .ss file, not this one.\n"
         << "import math\n\nimport einops\nimport torch\n\n"
         << (exporting() ? embedded_runtime_loader() : "import shapescript.rt as _ss_rt\n");

    // Imports the file asks for, and the modules its extern fns name; an
    // export module only runs torch code, so it imports neither (E1701, E1702).
    std::set<std::string> imported;
    for (const ast::Item& item : items_)
        if (auto* i = std::get_if<ast::ImportPython>(&item.node); i && !exporting()) {
            head << "import " << i->module.text;
            if (i->alias) head << " as " << py_name(i->alias->text, NameRole::Global);
            head << "\n";
        }
    for (const auto& [name, ext] : externs_)
        if (std::string root = imported_root(ext->target.text);
            !root.empty() && !exporting() && imported.insert(root).second)
            head << "import " << root << " as " << kImportPrefix << root << "\n";

    head << "\n_ss_source = " << py_string(options_.source_path) << "\n"
         << "_ss_checks = _ss_rt.checks_enabled(" << py_string(options_.checks) << ")\n"
         << "_ss_value_checks = _ss_rt.checks_enabled(" << py_string(options_.value_checks) << ")\n";

    // Devices: --devices, else the file's `devices` line, else none said.
    std::vector<std::string> devices;
    if (!options_.devices.empty()) {
        std::stringstream list(options_.devices);
        for (std::string d; std::getline(list, d, ',');)
            if (!d.empty()) devices.push_back(d);
    } else {
        for (const ast::Item& item : items_)
            if (auto* d = std::get_if<ast::DevicesDecl>(&item.node))
                for (const ast::Device& device : d->devices)  // from its parts: `cuda:0` however spaced
                    devices.push_back(device.kind.text + (device.index ? ":" + std::to_string(*device.index) : "") +
                                      (device.count ? "*" + std::to_string(*device.count) : ""));
    }
    std::vector<std::string> quoted;
    for (const std::string& d : devices) quoted.push_back(py_string(d));
    head << "_ss_devices = " << py_tuple(quoted) << "\n";
    // Said: the program runs on the first; models, conversions and the
    // tensors code makes go there, and arguments must be there.
    program_device_ = !devices.empty();
    if (program_device_) head << "_ss_device = _ss_rt.program_device(_ss_devices)\n";

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

    for (const ast::Item& item : items_) {
        if (auto* m = std::get_if<ast::ModelDef>(&item.node)) {
            body << "\n\nclass " << py_name(m->name.text, NameRole::Global) << "(_ss_rt.Model):\n"
                 << "    " << py_docstring("model " + m->name.text + " (" + where(m->name.range) + ")") << "\n\n";
            if (program_device_) body << "    _ss_device = _ss_device\n\n";  // where `init` makes it
            body << "    def __init__(self, seed=0):\n"
                 << "        super().__init__()\n";
            if (!m->fields.empty()) body << "        _ss_init = _ss_rt.Initializer(seed)\n";
            const auto& fields = typed_.record_fields.at(m->name.text);
            for (const ast::Field& f : m->fields) {
                auto type = fields.find(f.name.text);
                if (type == fields.end()) continue;
                std::string self = "        self." + py_name(f.name.text, NameRole::ModelField) + " = ";
                if (type->second.kind == check::TypeKind::Model) {
                    body << self << py_name(type->second.ref, NameRole::Global) << "(seed=_ss_init.child_seed("
                         << py_string(f.name.text) << "))\n";
                    continue;
                }
                const check::TensorType& t = type->second.tensor;
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
                    body << self << "_ss_init." << (callee ? callee->name.text : "normal") << "(" << tail << args
                         << ", " << element << ")\n";
                } else {
                    body << self << "_ss_init.constant(" << tail << ", " << expr(*init).text << ", " << element
                         << ")\n";
                }
            }
        }
        if (auto* d = std::get_if<ast::DataDef>(&item.node)) {
            body << "\n\n# " << py_comment("data " + d->name.text + " (" + where(d->name.range) + ")") << "\n"
                 << py_name(d->name.text, NameRole::Global) << " = _ss_rt.DataSpec(" << py_string(d->name.text)
                 << ", (\n";
            const auto& fields = typed_.record_fields.at(d->name.text);
            for (const ast::Field& f : d->fields) {
                auto type = fields.find(f.name.text);
                if (type == fields.end() || type->second.kind != check::TypeKind::Tensor) continue;
                // The attribute a batch reads it by, where Python can't use the name itself.
                std::string attribute = py_name(f.name.text, NameRole::DataField);
                body << "    _ss_rt.FieldSpec(" << py_string(f.name.text) << ", " << tensor_spec(type->second.tensor)
                     << (attribute == f.name.text ? "" : ", " + py_string(attribute)) << "),\n";
            }
            body << "))\n";
        }
    }

    std::ostringstream functions;
    for (const ast::Item& item : items_)
        if (auto* fn = std::get_if<ast::FnDef>(&item.node)) function(*fn, functions);
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
