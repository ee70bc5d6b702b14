// Specs: a type as the runtime's `_ss_rt.*Spec(...)`, which argument
// checks, `as` and data records use, hoisted to module constants; and the
// extern fns' signatures, each target wrapped to check them.
#include <cctype>
#include <sstream>

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

}  // namespace ss::codegen
